import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../electron/core/samples/sample-scans';
import { appForSuite } from './harness';
import { inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #48 item 6: scans opened at 13–15 % (a 300 DPI page fitted whole), too small to read. A document
// opens at fit width until the clerk chooses another zoom; their choice is kept for the next document and
// the window's next start.
const TEXT = {
  en: { fitWidth: 'Fit width', fitPage: 'Fit page' },
  de: { fitWidth: 'Seitenbreite', fitPage: 'Ganze Seite' },
} as const;

describe.each(['en', 'de'] as const)('the preview opens at fit width and keeps the clerk’s zoom (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });
  const text = TEXT[lang];

  /** Drops `name` into the scanner folder and opens it; its preview is drawn (an image's size is known). */
  async function open(name: string, bytes: Uint8Array): Promise<void> {
    const { page, demo } = app;
    await writeFile(join(demo.scannerFolder, name), bytes);
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(30_000) });
    await row.click();
    await expect.poll(() => page.getByTestId('tagging-target').textContent()).toBe(name);
  }

  /** The drawn page's width and the pane's room for it (CSS px), and the percentage shown. */
  const view = () =>
    app.page.locator('.preview-canvas').evaluate((area) => {
      const drawn = area.querySelector('img, canvas')!.getBoundingClientRect().width;
      const style = getComputedStyle(area);
      const room = area.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const shown = Number(area.closest('.preview')!.querySelector('.zoom-value')!.textContent!.replace(/\D/g, ''));
      return { drawn, room, shown, sideways: area.scrollWidth > area.clientWidth };
    });

  it('a 300 DPI scan opens as wide as the pane, the percentage the real one, nothing scrolled sideways', async () => {
    const { page } = app;
    await open(`scan-300-${lang}.png`, makePng(2480, 3508, 3));
    const fitWidth = page.getByRole('button', { name: text.fitWidth });
    await expect.poll(() => fitWidth.getAttribute('aria-pressed')).toBe('true');
    await expect
      .poll(async () => {
        const v = await view();
        return (
          v.drawn > v.room - 2 && v.drawn <= v.room && !v.sideways && Math.abs(v.shown - (v.drawn / 2480) * 100) < 1.5
        );
      })
      .toBe(true);
    // Far above the 13–15 % a whole-page fit gave, in any pane this window has.
    expect((await view()).shown).toBeGreaterThan(20);
    expect(await page.getByRole('button', { name: text.fitPage }).getAttribute('aria-pressed')).toBe('false');
  });

  it('the clerk’s choice holds for the next document and after the window starts again', async () => {
    const { page } = app;
    await page.getByRole('button', { name: text.fitPage }).click();
    await open(`scan-next-${lang}.png`, makePng(2480, 3508, 4));
    await expect.poll(() => page.getByRole('button', { name: text.fitPage }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: text.fitWidth }).getAttribute('aria-pressed')).toBe('false');

    // A scale chosen with the keys holds too, for a PDF as for a scan.
    await page.locator('.preview-canvas').focus();
    await page.keyboard.press('0');
    await expect.poll(() => page.getByTestId('zoom-value').textContent()).toMatch(/^100\s?%$/);
    await open(`letter-${lang}.pdf`, makePdf(['Schadenmeldung']));
    await page.getByTestId('pdf-canvas').waitFor({ timeout: idleMs(20_000) });
    await expect.poll(() => page.getByTestId('zoom-value').textContent()).toMatch(/^100\s?%$/);

    await page.locator('.preview-canvas').focus();
    await page.keyboard.press('w');
    await expect
      .poll(() => page.getByRole('button', { name: text.fitWidth }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('f');
    await expect.poll(() => page.getByRole('button', { name: text.fitPage }).getAttribute('aria-pressed')).toBe('true');
    // The window starts again (a reload: the same PC's storage): the last choice, fit page, is what opens.
    await page.reload();
    await page.getByTestId('app-version').waitFor({ timeout: idleMs(20_000) });
    await page
      .getByTestId('doc-row')
      .filter({ hasText: `scan-300-${lang}.png` })
      .click();
    await expect.poll(() => page.getByRole('button', { name: text.fitPage }).getAttribute('aria-pressed')).toBe('true');
    await app.screenshot(`preview-zoom-kept-${lang}`);
  });
});
