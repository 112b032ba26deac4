import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EsclDouble } from '../../electron/core/scanning/test-support/escl-double';
import { scannerPages } from '../../electron/core/scanning/test-support/scan-pages';
import { idleMs } from '../../electron/core/util/test-support/box-pace';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';

// Issue #48 item 4, in a 1366×768 window (a common office laptop): the scan panel keeps a long scanner
// name inside the list pane and "Auflösung (dpi)" on one line; an address that is no URL is answered in
// the clerk's language with the true reason; "1 dpi" is not offered; a stopped scan's reason is read in full.
const NAME = 'Multifunktionsgerät Poststelle 2. Obergeschoss (Kyocera TASKalfa 5053ci, Fach 3)';
const WORDS = {
  en: {
    scan: 'Scan',
    scanner: 'Scanner',
    address: /address/i,
    dpi: 'Resolution (dpi)',
    start: 'Start scanning',
    badAddress:
      'This is not a scanner address: a network scanner’s address starts with https:// or http://, e.g. https://192.168.1.20/eSCL.',
    jam: 'Paper jam: take the jammed sheet out of the scanner, then scan more into this batch.',
  },
  de: {
    scan: 'Scannen',
    scanner: 'Scanner',
    address: /Adresse/i,
    dpi: 'Auflösung (dpi)',
    start: 'Scan starten',
    badAddress:
      'Das ist keine Scanner-Adresse: Die Adresse eines Netzwerkscanners beginnt mit https:// oder http://, z. B. https://192.168.1.20/eSCL.',
    jam: 'Papierstau: das gestaute Blatt aus dem Scanner nehmen, dann weitere Seiten in diesen Stapel scannen.',
  },
} as const;

/** How many lines an element's text is drawn on. */
const lines = (l: Locator) =>
  l.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
/** Whether the element or one of its boxes up to `stop` cuts its content (an ellipsis, a hidden overflow). */
const cut = (l: Locator, stop: string) =>
  l.evaluate((el, stopAt) => {
    for (let e: Element | null = el; e && !e.matches(stopAt); e = e.parentElement)
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) return e.className || e.tagName;
    return undefined;
  }, stop);

for (const lang of ['en', 'de'] as const) {
  const words = WORDS[lang];
  describe(`the scan panel and a stopped scan at 1366 px (${lang})`, () => {
    let double: EsclDouble | undefined;
    const options: { locale: string; machineSettings?: unknown } = { locale: lang === 'de' ? 'de-DE' : 'en-US' };
    beforeAll(async () => {
      double = await new EsclDouble({
        feeder: await scannerPages(['L', 'L', 'L']),
        resolutions: [1, 150, 300],
      }).start();
      options.machineSettings = { version: 1, locked: { scanners: [{ url: double.url, name: NAME }] } };
    });
    afterAll(async () => {
      await double?.stop();
    });
    const app = appForSuite({
      ...options,
      get machineSettings() {
        return options.machineSettings;
      },
      ready: async ({ demo, page }) => {
        await demo.core.settings.save({ ...demo.core.settings.get(), locale: lang });
        await page.setViewportSize({ width: 1366, height: 768 });
        await page.reload();
        await page.getByTestId('app-version').waitFor();
      },
    });

    it(
      'a long scanner name stays inside the list pane, the resolution label on one line, no "1 dpi"',
      async () => {
        const { page } = app;
        await page.getByRole('button', { name: words.scan, exact: true }).click();
        const panel = page.getByTestId('scan-panel');
        const picker = panel.getByLabel(words.scanner, { exact: true });
        await picker.locator('option', { hasText: NAME }).waitFor({ state: 'attached' });
        await picker.selectOption({ label: `${NAME} (${double!.url})` });
        const dpi = panel.getByLabel(words.dpi, { exact: true });
        await dpi.waitFor();
        expect(await dpi.locator('option').allTextContents()).toEqual(['150', '300']);
        const pane = await page.locator('.inbox-list-pane').boundingBox();
        for (const field of await panel.locator('select, input').all()) {
          const box = (await field.boundingBox())!;
          expect(box.x + box.width, `${await field.getAttribute('id')} ends inside the list pane`).toBeLessThanOrEqual(
            pane!.x + pane!.width,
          );
        }
        for (const label of await panel.locator('label').all())
          if ((await label.textContent())!.length < 30)
            expect(await lines(label), `"${await label.textContent()}" on one line`).toBe(1);
        await app.screenshot(`scan-panel-1366-${lang}`);
        await expectAccessible(page);
      },
      idleMs(120_000),
    );

    it(
      'an address that is not a URL is answered in the clerk’s language, saying so',
      async () => {
        const { page } = app;
        const panel = page.getByTestId('scan-panel');
        await panel.getByLabel(words.address).fill('a1');
        const error = panel.getByTestId('scan-error');
        await expect
          .poll(() => error.getByTestId('error-text').textContent(), { timeout: idleMs(15_000) })
          .toBe(words.badAddress);
        expect(await error.getAttribute('data-code')).toBe('scanner.bad_address');
        await panel.getByLabel(words.address).fill('');
      },
      idleMs(60_000),
    );

    it(
      'a stopped scan’s reason is read in full in its row',
      async () => {
        const { page } = app;
        double!.jamAfter(1);
        const panel = page.getByTestId('scan-panel');
        await panel.getByRole('button', { name: words.start }).and(page.locator(':enabled')).click();
        const stopped = page.getByTestId('batch-progress-row').getByTestId('scan-stopped');
        await expect.poll(() => stopped.textContent(), { timeout: idleMs(60_000) }).toBe(words.jam);
        expect(await cut(stopped, '.batch-progress-row'), 'the reason is not cut').toBeUndefined();
        const progress = page.getByTestId('batch-progress-row').getByTestId('scan-progress');
        expect(await cut(progress, '.batch-progress-row'), 'the progress is not cut').toBeUndefined();
        const pane = (await page.locator('.inbox-list-pane').boundingBox())!;
        const box = (await stopped.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width);
        // The clerk who pressed Start reads it in the panel too, in the window without scrolling (the row may
        // sit below a 768 px window's edge while the panel is open).
        const inPanel = panel.getByTestId('scan-panel-stopped');
        expect(await inPanel.textContent()).toBe(words.jam);
        const seen = (await inPanel.boundingBox())!;
        expect(seen.y + seen.height).toBeLessThanOrEqual(768);
        expect(await cut(inPanel, '.inbox-list-pane')).toBeUndefined();
        await app.screenshot(`scan-stopped-1366-${lang}`);
        await expectAccessible(page);
      },
      idleMs(120_000),
    );
  });
}
