import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CAPTURE_PROFILE } from '../../shared/domain/capture';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EsclDouble } from '../../electron/core/scanning/test-support/escl-double';
import { scannerPages } from '../../electron/core/scanning/test-support/scan-pages';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #38 item 6: the clerk scans from the inbox. The eSCL double is a real scanner over HTTP; the clerk
// adds it by its address, scans a 4-page feeder batch with a separator sheet, and sees two documents.
for (const [locale, words] of [
  [
    'en-US',
    {
      scan: 'Scan',
      address: /address/i,
      start: 'Start scanning',
      cancel: 'Cancel scan',
      key: 'Ctrl+Shift+S',
      keyHelp: /open the scan panel/,
      folder: 'Scan into (watched folder)',
      source: 'Paper source',
      dpi: 'Resolution (dpi)',
      color: 'Colour',
      sources: ['Feeder, one side', 'Glass'],
      grey: 'Grey',
      duplex: 'Feeder, both sides',
      colour: 'Colour',
      more: 'Scan more into this batch',
      finish: 'Finish this batch',
      jam: /^ ?Paper jam/,
      reviewFolder: 'Review desk (with batch review)',
      summary: /^4 pages → 2 documents/,
      release: 'Release: make 2 documents',
    },
  ],
  [
    'de-DE',
    {
      scan: 'Scannen',
      address: /Adresse/i,
      start: 'Scan starten',
      cancel: 'Scan abbrechen',
      key: 'Strg+Umschalt+S',
      keyHelp: /Scan-Bereich öffnen/,
      folder: 'Scannen in (Eingangsordner)',
      source: 'Papierquelle',
      dpi: 'Auflösung (dpi)',
      color: 'Farbe',
      sources: ['Einzug, einseitig', 'Glas'],
      grey: 'Graustufen',
      duplex: 'Einzug, beidseitig',
      colour: 'Farbe',
      more: 'Weitere Seiten in diesen Stapel scannen',
      finish: 'Stapel abschließen',
      jam: /^ ?Papierstau/,
      reviewFolder: 'Review desk (mit Stapelprüfung)',
      summary: /^4 Seiten → 2 Dokumente/,
      release: 'Freigeben: 2 Dokumente erstellen',
    },
  ],
] as const) {
  describe(`scanning from the desk (${locale})`, () => {
    const app = appForSuite({
      locale,
      ready: async ({ demo, page, dataDir }) => {
        const settings = demo.core.settings.get();
        // Two more watched folders the clerk can scan into (documents say where they came from); one with review.
        await mkdir(join(dataDir, 'post'), { recursive: true });
        await mkdir(join(dataDir, 'review'), { recursive: true });
        await demo.core.settings.save({
          ...settings,
          locale: locale === 'de-DE' ? 'de' : 'en',
          folders: [
            ...settings.folders.map((f, i) => (i === 0 ? { ...f, capture: f.capture ?? DEFAULT_CAPTURE_PROFILE } : f)),
            {
              ...settings.folders[0]!,
              id: 'post',
              label: 'Post room',
              path: join(dataDir, 'post'),
              capture: DEFAULT_CAPTURE_PROFILE,
            },
            {
              ...settings.folders[0]!,
              id: 'review',
              label: 'Review desk',
              path: join(dataDir, 'review'),
              capture: { ...DEFAULT_CAPTURE_PROFILE, review: true },
            },
          ],
        });
        await page.reload();
        await page.getByTestId('app-version').waitFor();
      },
    });
    let double: EsclDouble | undefined;
    afterEach(async () => {
      await double?.stop();
      double = undefined;
    });

    it(
      'a feeder batch with a separator sheet becomes two documents in the inbox',
      async () => {
        const { page, demo } = app;
        const count = async () => (await demo.core.queue.list({ limit: 1000, offset: 0 })).total;
        const before = await count();
        double = await new EsclDouble({ feeder: await scannerPages(['L', 'L', 'S', 'L']) }).start();
        await page.getByRole('button', { name: words.scan, exact: true }).click();
        await page.getByLabel(words.address).fill(double.url);
        await expectAccessible(page);
        await page.getByRole('button', { name: words.start }).click();
        await expect.poll(async () => (await count()) - before, { timeout: idleMs(60_000) }).toBe(2);
        expect(double.jobs.at(-1)?.served).toBe(4);
      },
      idleMs(120_000),
    );

    it(
      'Cancel stops a running scan',
      async () => {
        const { page } = app;
        double = await new EsclDouble({
          feeder: await scannerPages(['L', 'L', 'L', 'L', 'L']),
          pageIntervalMs: 1500,
        }).start();
        await page.getByLabel(words.address).fill(double.url);
        await page.getByRole('button', { name: words.start }).click();
        await page.getByRole('button', { name: words.cancel }).click();
        await expect
          .poll(() => double!.jobs.at(-1)?.state, { timeout: idleMs(30_000) })
          .toMatch(/Canceled|Completed|Aborted/);
        expect(double.jobs.at(-1)!.served).toBeLessThan(5);
      },
      idleMs(120_000),
    );

    // A fresh window for each of these: the panel's state is the window's, the remembered settings the station's.
    const freshWindow = async () => {
      await app.page.reload();
      await app.page.getByTestId('app-version').waitFor();
    };
    const documentsFrom = async (folder: string) =>
      (await app.demo.core.queue.list({ limit: 1000, offset: 0 })).documents.filter((d) => d.sourceFolder === folder);
    const optionsOf = (label: string) =>
      app.page.getByLabel(label, { exact: true }).locator('option').allTextContents();

    it(
      'the Scan key opens the panel and, pressed again, scans; its hint is on the button and in the help',
      async () => {
        const { page } = app;
        await freshWindow();
        double = await new EsclDouble({ feeder: await scannerPages(['L', 'L']) }).start();
        const button = page.getByRole('button', { name: words.scan, exact: true });
        await expect.poll(() => button.locator('kbd').textContent()).toBe(words.key);
        await page.keyboard.press('?');
        await expect
          .poll(() => page.getByTestId('help-overlay').getByRole('row', { name: words.keyHelp }).textContent())
          .toContain(words.key);
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+Shift+S');
        await page.getByTestId('scan-panel').waitFor();
        await page.getByLabel(words.address).fill(double.url);
        // The address is asked what it offers; then the key (pressed in the address field) starts the scan.
        await page.getByRole('button', { name: words.start }).and(page.locator(':enabled')).waitFor();
        await page.keyboard.press('Control+Shift+S');
        await expect.poll(() => double!.jobs.length, { timeout: idleMs(30_000) }).toBe(1);
        await expect.poll(() => double!.jobs[0]!.served, { timeout: idleMs(30_000) }).toBe(2);
      },
      idleMs(120_000),
    );

    it(
      'offers only what the scanner offers, and remembers the last settings per scanner and watched folder',
      async () => {
        const { page, dataDir } = app;
        await freshWindow();
        // A scanner without duplex, only 300 dpi and only grey.
        double = await new EsclDouble({
          feeder: await scannerPages(['L']),
          duplex: false,
          resolutions: [300],
          colorModes: ['Grayscale8'],
        }).start();
        await page.getByRole('button', { name: words.scan, exact: true }).click();
        await page.getByLabel(words.address).fill(double.url);
        await page.getByLabel(words.dpi, { exact: true }).waitFor();
        expect((await optionsOf(words.source)).sort()).toEqual([...words.sources].sort());
        expect(await optionsOf(words.dpi)).toEqual(['300']);
        expect(await optionsOf(words.color)).toEqual([words.grey]);
        await expectAccessible(page);
        await double.stop();

        // A full scanner: the clerk picks duplex, 600 dpi, colour, into the second watched folder.
        const pages = await scannerPages(['L', 'L']);
        double = await new EsclDouble({ feeder: pages }).start();
        const post = join(dataDir, 'post');
        const before = (await documentsFrom(post)).length;
        await page.getByLabel(words.address).fill(double.url);
        await page.getByLabel(words.folder).selectOption('post');
        await page.getByLabel(words.source, { exact: true }).selectOption({ label: words.duplex });
        await page.getByLabel(words.dpi, { exact: true }).selectOption('600');
        await page.getByLabel(words.color, { exact: true }).selectOption({ label: words.colour });
        await page.getByRole('button', { name: words.start }).click();
        await expect.poll(async () => (await documentsFrom(post)).length - before, { timeout: idleMs(60_000) }).toBe(1);
        expect(double.jobs.at(-1)).toMatchObject({ source: 'duplex', dpi: 600 });

        // Next time, the same scanner into the same folder starts from those; into the other folder, from the usual.
        await freshWindow();
        await page.getByRole('button', { name: words.scan, exact: true }).click();
        await page.getByLabel(words.address).fill(double.url);
        await expect.poll(() => page.getByLabel(words.folder).inputValue()).toBe('post');
        await expect.poll(() => page.getByLabel(words.dpi, { exact: true }).inputValue()).toBe('600');
        expect(await page.getByLabel(words.source, { exact: true }).inputValue()).toBe('duplex');
        expect(await page.getByLabel(words.color, { exact: true }).inputValue()).toBe('color');
        await page.getByLabel(words.folder).selectOption('scanner');
        await expect.poll(() => page.getByLabel(words.dpi, { exact: true }).inputValue()).toBe('300');
        expect(await page.getByLabel(words.source, { exact: true }).inputValue()).toBe('feeder');
        expect(await page.getByLabel(words.color, { exact: true }).inputValue()).toBe('gray');
      },
      idleMs(120_000),
    );

    it(
      'a scan into a watched folder with batch review ends in the review, not in the inbox; release makes it',
      async () => {
        const { page, dataDir } = app;
        await freshWindow();
        const folder = join(dataDir, 'review');
        double = await new EsclDouble({ feeder: await scannerPages(['L', 'S', 'L', 'L']) }).start();
        await page.getByRole('button', { name: words.scan, exact: true }).click();
        await page.getByLabel(words.address).fill(double.url);
        await page.getByLabel(words.folder).selectOption({ label: words.reviewFolder });
        await page.getByRole('button', { name: words.start }).click();
        const review = page.getByTestId('batch-review');
        await review.waitFor({ timeout: idleMs(60_000) });
        await expect.poll(() => review.getByTestId('review-summary').textContent()).toMatch(words.summary);
        expect(await review.getByTestId('review-page').count()).toBe(4);
        // Each tile shows its scanned page (a scan is read page by page: it has no one scanner file).
        await expect
          .poll(() =>
            review.locator('canvas.review-thumb').evaluateAll((cs) => cs.map((c) => (c as HTMLElement).style.width)),
          )
          .toEqual(['56px', '56px', '56px', '56px']);
        expect(double.jobs.at(-1)!.served).toBe(4);
        expect(await documentsFrom(folder), 'nothing in the inbox while the batch waits for review').toEqual([]);
        await expectAccessible(page);
        await review.getByRole('button', { name: words.release }).click();
        await expect.poll(async () => (await documentsFrom(folder)).length, { timeout: idleMs(60_000) }).toBe(2);
        await expect.poll(() => page.getByTestId('batch-review').count()).toBe(0);
      },
      idleMs(120_000),
    );

    it(
      'a stopped scan offers "scan more" and "finish" (and only then): more continues the batch, finish makes its documents',
      async () => {
        const { page, demo } = app;
        await freshWindow();
        const folder = demo.core.settings.get().folders[0]!.path;
        const before = (await documentsFrom(folder)).length;
        const earlier = new Set((await documentsFrom(folder)).map((d) => d.id));
        const pages = await scannerPages(['L', 'S', 'L', 'L', 'L', 'L']);
        double = await new EsclDouble({ feeder: pages.slice(0, 4), pageIntervalMs: 700 }).start();
        double.jamAfter(3);
        // The scanner holds after its first page until the screen was looked at mid-scan (a loaded box may
        // take longer to draw the row than the scanner to jam).
        double.holdAfter(1);
        await page.getByRole('button', { name: words.scan, exact: true }).click();
        await page.getByLabel(words.address).fill(double.url);
        await page.getByLabel(words.folder).selectOption('scanner');
        await page.getByRole('button', { name: words.start }).click();
        // The newest scan row is this scan's; from then on, its own row by its batch id.
        const newest = page
          .getByTestId('batch-progress-row')
          .filter({ has: page.getByTestId('scan-progress') })
          .first();
        await expect.poll(() => double!.jobs.length, { timeout: idleMs(30_000) }).toBe(1);
        await newest.getByTestId('scan-progress').filter({ hasText: /1/ }).waitFor();
        const row = page.locator(
          `[data-testid=batch-progress-row][data-batch="${await newest.getAttribute('data-batch')}"]`,
        );
        // While the scanner sends pages: no "scan more" or "finish" on its row or in the panel.
        for (const where of [row, page.getByTestId('scan-panel')])
          for (const name of [words.more, words.finish, 'Scan more', 'Finish', 'Weiter scannen', 'Abschließen'])
            expect(await where.getByRole('button', { name }).count()).toBe(0);
        double.release();
        // Jammed after 3 pages: the batch is open, the jam said in words, the two buttons on its row.
        await expect
          .poll(() => row.getByTestId('scan-stopped').textContent(), { timeout: idleMs(30_000) })
          .toMatch(words.jam);
        await expectAccessible(page);
        await expect
          .poll(async () => (await documentsFrom(folder)).length - before, { timeout: idleMs(60_000) })
          .toBe(1);
        // The clerk takes the sheet out, puts the rest in, and scans more into the batch; it jams again.
        double.clearJam();
        double.feeder = pages.slice(3);
        double.jamAfter(2);
        await row.getByRole('button', { name: words.more }).click();
        await expect.poll(() => double!.jobs.length, { timeout: idleMs(30_000) }).toBe(2);
        await expect.poll(() => double!.jobs[1]!.served, { timeout: idleMs(30_000) }).toBe(2);
        await row.getByRole('button', { name: words.finish }).waitFor();
        expect((await documentsFrom(folder)).length - before).toBe(1);
        await row.getByRole('button', { name: words.finish }).click();
        // Finished: the rest of the batch (pages 3–5 of the two jobs) is one document; the buttons are gone.
        await expect
          .poll(async () => (await documentsFrom(folder)).length - before, { timeout: idleMs(60_000) })
          .toBe(2);
        const made = (await documentsFrom(folder)).filter((d) => !earlier.has(d.id));
        expect(made.map((d) => d.fileName.replace(/^.*_(p[\d-]+)\.pdf$/, '$1')).sort()).toEqual(['p1', 'p3-5']);
        await expect.poll(() => row.getByRole('button', { name: words.finish }).count()).toBe(0);
        expect(await row.getByRole('button', { name: words.more }).count()).toBe(0);
      },
      idleMs(150_000),
    );
  });
}

// Issue #38: an administrator deploys a station's scanners in the machine-wide settings file
// (docs/deployment.md); the clerk finds them in the picker by their name, without typing an address.
describe('scanners from the machine settings file', () => {
  let double: EsclDouble | undefined;
  const options: { locale: string; machineSettings?: unknown } = { locale: 'en-US' };
  beforeAll(async () => {
    // The demo's folder has no capture profile here: the scan is one document of its pages.
    double = await new EsclDouble({ feeder: await scannerPages(['L', 'L']), duplex: false }).start();
    options.machineSettings = {
      version: 1,
      locked: { scanners: [{ url: double.url, name: 'Post room MFP' }] },
    };
  });
  const app = appForSuite(options);
  afterAll(async () => {
    await double?.stop();
  });

  it(
    'are in the picker by name, and a scan from one goes',
    async () => {
      const { page, demo } = app;
      expect(demo.core.settings.get().scanners).toEqual([{ url: double!.url, name: 'Post room MFP' }]);
      const count = async () => (await demo.core.queue.list({ limit: 1000, offset: 0 })).total;
      const before = await count();
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      const picker = page.getByLabel('Scanner', { exact: true });
      await picker.locator('option', { hasText: 'Post room MFP' }).waitFor({ state: 'attached' });
      await picker.selectOption({ label: `Post room MFP (${double!.url})` });
      // What it offers is asked at once: this one has no duplex.
      await page.getByLabel('Paper source', { exact: true }).waitFor();
      expect(await page.getByLabel('Paper source', { exact: true }).locator('option').allTextContents()).not.toContain(
        'Feeder, both sides',
      );
      await page.getByRole('button', { name: 'Start scanning' }).click();
      await expect.poll(async () => (await count()) - before, { timeout: idleMs(60_000) }).toBe(1);
      expect(double!.jobs).toHaveLength(1);
      expect(double!.jobs[0]!.served).toBe(2);
    },
    idleMs(120_000),
  );
});
