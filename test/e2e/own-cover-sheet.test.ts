import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanOfPrintedPdf } from '../../electron/core/capture/test-support/printed-scan';
import { pdfOfScans, renderScan } from '../../electron/core/capture/test-support/synthetic-scan';
import { idleMs } from '../../electron/core/util/test-support/box-pace';
import { appForSuite } from './harness';
import { inLocale } from './workspace-helpers';

// Issue #48 item 5: the cover sheet the app prints carries its case number in a Code 128; with splitting
// switched on and nothing else set (no "Felder vom Deckblatt" pattern), the document it starts has that
// case number. The sheet is printed in the app, scanned (rasterised, skewed, noised) between two letters.
const DPI = 200;
const CASE_NUMBER = 'CLM-2026-000102';
const SCAN = 'stapel.pdf';

describe('the app reads its own cover sheet with default settings, in Chromium', () => {
  const app = appForSuite({ ready: inLocale('de') });

  it(
    'splitting switched on, no pattern typed: the printed cover sheet fills the case number',
    async () => {
      const { page, demo } = app;
      await page.keyboard.press('Alt+5');
      await page
        .getByTestId('folder-capture')
        .first()
        .getByLabel('Gescannte Stapel an Trennblättern aufteilen')
        .check();
      await expect.poll(() => page.locator('#set-folders-0-capture-metadataPattern').inputValue()).toBe('');
      await page.getByTestId('settings-save').click();
      await expect.poll(() => demo.core.settings.get().folders[0]?.capture?.separate).toBe(true);
      expect(demo.core.settings.get().folders[0]?.capture?.metadataPattern).toBeUndefined();

      await page.keyboard.press('Alt+1');
      await page.getByRole('button', { name: 'Blätter drucken…' }).click();
      const panel = page.getByTestId('sheets-panel');
      await panel.getByLabel('Deckblatt mit Schadennummer').check();
      await panel.getByLabel('Schadennummer', { exact: true }).fill(CASE_NUMBER);
      await panel.getByLabel('Anzahl Blätter').fill('1');
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: idleMs(20_000) }),
        panel.getByRole('button', { name: 'PDF erstellen' }).click(),
      ]);
      const [cover] = await scanOfPrintedPdf(new Uint8Array(await readFile(await download.path())), {
        dpi: DPI,
        skew: -1.1,
        noise: 10,
        seed: 5,
      });
      const letter = (lines: number, seed: number) => renderScan({ textLines: lines }, { noise: 8, seed, dpi: DPI });
      // Letter A (2 pages) | cover sheet 102 | letter B (2 pages)
      const pages = [await letter(10, 1), await letter(6, 2), cover!, await letter(12, 3), await letter(7, 4)];
      await writeFile(join(demo.scannerFolder, SCAN), await pdfOfScans(pages, { dpi: DPI }));

      const parts = async () => (await demo.core.queue.list({ limit: 10, offset: 0, query: 'stapel_p' })).documents;
      await expect.poll(async () => (await parts()).length, { timeout: idleMs(60_000) }).toBe(2);
      const byName = [...(await parts())].sort((a, b) => a.fileName.localeCompare(b.fileName, 'en', { numeric: true }));
      expect(byName.map((d) => [d.fileName, d.metadata.caseNumber])).toEqual([
        ['stapel_p1-2.pdf', undefined],
        ['stapel_p4-5.pdf', CASE_NUMBER],
      ]);
      const row = page.getByTestId('doc-row').filter({ hasText: 'stapel_p4-5.pdf' });
      await row.click();
      await expect.poll(() => page.locator('#tag-caseNumber').inputValue()).toBe(CASE_NUMBER);
      await app.screenshot('own-cover-sheet-de');
    },
    idleMs(120_000),
  );
});
