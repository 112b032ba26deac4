import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderScan, tiffOfScans } from '../../electron/core/capture/test-support/synthetic-scan';
import { makePng } from '../../electron/core/samples/sample-scans';
import { scanIn } from '../../electron/core/test-support/scans-left';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 16 item 4: the page strip in the workspace. Turn, delete and move pages by keyboard and button,
// undo each step; every edit is a new file and the scanner's file is never touched.
const SCAN = 'pages_scan.pdf';
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Three pages told apart by their width (300, 400, 500 pt). */
async function threePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const w of [300, 400, 500]) doc.addPage([w, 700]).drawText(`page ${w}`, { x: 30, y: 600, size: 24 });
  return doc.save();
}

describe('page tools in Chromium', () => {
  const app = appForSuite({
    ready: async (app) => expect(await isWired(app, 'documents.pageEdits', { id: 'x' })).toBe(true),
  });
  /** The scanner's file wherever it lies now: every folder claims by rename (issue #37), into `.intake/`. */
  const scannerFile = (name: string): string => {
    const at = scanIn(app.demo.scannerFolder, name);
    if (!at) throw new Error(`the scanner's file ${name} is gone from ${app.demo.scannerFolder}`);
    return at;
  };

  it(
    'turn, delete and move pages, then undo every step; the scanner file stays as it was',
    async () => {
      const { page, demo } = app;
      const bytes = await threePages();
      await writeFile(join(demo.scannerFolder, SCAN), bytes);
      const row = page.getByTestId('doc-row').filter({ hasText: SCAN });
      await row.waitFor({ timeout: idleMs(20_000) });
      await row.click();
      const thumbs = page.getByTestId('page-thumb');
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(3);
      const doc = async () => (await demo.core.queue.list({ limit: 5, offset: 0, query: SCAN })).documents[0]!;
      const pages = async () => {
        const pdf = await PDFDocument.load(await readFile((await demo.core.queue.contentFile((await doc()).id)).path));
        return pdf.getPages().map((p) => `${Math.round(p.getWidth())}@${p.getRotation().angle}`);
      };
      const original = (await doc()).sha256;
      expect(await pages()).toEqual(['300@0', '400@0', '500@0']);

      // A thumbnail shows its page in the preview; R on the second page turns it right.
      await thumbs.nth(1).click();
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 2 of 3');
      await page.keyboard.press('r');
      await expect.poll(pages, { timeout: idleMs(15_000) }).toEqual(['300@0', '400@90', '500@0']);
      await expect.poll(() => thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');

      // Delete on the third page.
      await expect.poll(() => thumbs.count()).toBe(3);
      await thumbs.nth(2).click();
      await page.keyboard.press('Delete');
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(2);
      expect(await pages()).toEqual(['300@0', '400@90']);

      // The button moves the first page after the second.
      await thumbs.nth(0).click();
      await page.getByRole('button', { name: 'Move the page later (Alt+→)' }).click();
      await expect.poll(pages, { timeout: idleMs(15_000) }).toEqual(['400@90', '300@0']);
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(2);
      // The preview shows the new file too, on the page that was moved (now the second; issue #31 item 5).
      await expect
        .poll(() => page.getByTestId('page-indicator').textContent(), { timeout: idleMs(15_000) })
        .toBe('Page 2 of 2');
      await app.screenshot('page-tools');
      await expectAccessible(page);

      // Undo three times (button, then Ctrl+Z twice): the file the scanner wrote, byte for byte.
      await page.getByTestId('page-undo').click();
      await expect.poll(pages, { timeout: idleMs(15_000) }).toEqual(['300@0', '400@90']);
      await thumbs.first().click();
      await page.keyboard.press('Control+z');
      await expect.poll(pages, { timeout: idleMs(15_000) }).toEqual(['300@0', '400@90', '500@0']);
      await expect.poll(() => thumbs.count()).toBe(3);
      await thumbs.first().click();
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await doc()).sha256, { timeout: idleMs(15_000) }).toBe(original);
      await expect.poll(() => page.getByTestId('page-undo').isDisabled()).toBe(true);
      expect(sha(new Uint8Array(await readFile(scannerFile(SCAN))))).toBe(sha(bytes));
    },
    idleMs(90_000),
  );

  it(
    'a multi-page fax TIFF shows every page, and a page tool turns it into an edited PDF',
    async () => {
      const { page, demo } = app;
      const tiff = await tiffOfScans(
        [await renderScan({ textLines: 8 }, { dpi: 100 }), await renderScan({ textLines: 2 }, { dpi: 100 })],
        {
          dpi: 100,
          compression: 'g4',
        },
      );
      await writeFile(join(demo.scannerFolder, 'fax_scan.tif'), tiff);
      const row = page.getByTestId('doc-row').filter({ hasText: 'fax_scan' });
      await row.waitFor({ timeout: idleMs(20_000) });
      await row.click();
      await page.getByTestId('tiff-canvas').waitFor();
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 2');
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 2 of 2');
      // The canvas holds the page's own pixels (a 100-DPI A4 page: 827 px wide).
      expect(await page.getByTestId('tiff-canvas').evaluate((c) => (c as HTMLCanvasElement).width)).toBe(827);
      await app.screenshot('tiff-preview');

      const thumbs = page.getByTestId('page-thumb');
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(2);
      await thumbs.nth(1).click();
      await page.keyboard.press('r');
      const doc = async () => (await demo.core.queue.list({ limit: 5, offset: 0, query: 'fax_scan' })).documents[0]!;
      await expect.poll(async () => (await doc()).fileName, { timeout: idleMs(15_000) }).toBe('fax_scan.pdf');
      expect((await doc()).contentType).toBe('application/pdf');
      const pdf = await PDFDocument.load(await readFile((await demo.core.queue.contentFile((await doc()).id)).path));
      expect(pdf.getPages().map((p) => p.getRotation().angle)).toEqual([0, 90]);
      await page.getByTestId('pdf-canvas').waitFor();
      expect(sha(new Uint8Array(await readFile(scannerFile('fax_scan.tif'))))).toBe(sha(tiff));
    },
    idleMs(90_000),
  );

  it(
    'a photo (PNG) has its thumbnail too; turning it makes a PDF of the photo, the scanner file unchanged',
    async () => {
      const { page, demo } = app;
      const png = makePng(300, 200, 7);
      await writeFile(join(demo.scannerFolder, 'damage_photo.png'), png);
      const row = page.getByTestId('doc-row').filter({ hasText: 'damage_photo' });
      await row.waitFor({ timeout: idleMs(20_000) });
      await row.click();
      const thumbs = page.getByTestId('page-thumb');
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(1);
      // The thumbnail is the photo, in its proportions (300 × 200).
      const box = await thumbs.first().locator('canvas').boundingBox();
      expect(box!.width / box!.height).toBeCloseTo(1.5, 1);
      await thumbs.first().click();
      await page.keyboard.press('Shift+R');
      const doc = async () =>
        (await demo.core.queue.list({ limit: 5, offset: 0, query: 'damage_photo' })).documents[0]!;
      await expect.poll(async () => (await doc()).fileName, { timeout: idleMs(15_000) }).toBe('damage_photo.pdf');
      const pdf = await PDFDocument.load(await readFile((await demo.core.queue.contentFile((await doc()).id)).path));
      expect(pdf.getPages().map((p) => p.getRotation().angle)).toEqual([270]);
      await page.getByTestId('pdf-canvas').waitFor();
      expect(sha(new Uint8Array(await readFile(scannerFile('damage_photo.png'))))).toBe(sha(png));
      await expectAccessible(page);
    },
    idleMs(90_000),
  );

  it(
    'split here makes a second document of the later pages, with the same case number; undo takes it back',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, 'CLM-2026-000102_INV_two.pdf'), await threePages());
      const row = page.getByTestId('doc-row').filter({ hasText: 'CLM-2026-000102_INV_two.pdf' });
      await row.waitFor({ timeout: idleMs(20_000) });
      await row.click();
      const thumbs = page.getByTestId('page-thumb');
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(3);
      await thumbs.nth(2).click();
      await page.keyboard.press('s');
      const part = page.getByTestId('doc-row').filter({ hasText: 'CLM-2026-000102_INV_two-p3.pdf' });
      await part.waitFor({ timeout: idleMs(15_000) });
      expect(await part.textContent()).toContain('CLM-2026-000102');
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(2);
      await page.getByTestId('page-undo').click();
      await expect.poll(() => part.count(), { timeout: idleMs(15_000) }).toBe(0);
      await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(3);
    },
    idleMs(60_000),
  );

  it(
    'merge: two selected documents become one, in list order; undo brings the second back',
    async () => {
      const { page, demo } = app;
      const widths = async (w: number[]) => {
        const d = await PDFDocument.create();
        for (const x of w) d.addPage([x, 700]);
        return d.save();
      };
      await writeFile(join(demo.scannerFolder, 'merge_a.pdf'), await widths([300]));
      await new Promise((r) => setTimeout(r, 50));
      await writeFile(join(demo.scannerFolder, 'merge_b.pdf'), await widths([400, 500]));
      const a = page.getByTestId('doc-row').filter({ hasText: 'merge_a.pdf' });
      const b = page.getByTestId('doc-row').filter({ hasText: 'merge_b.pdf' });
      await a.waitFor({ timeout: idleMs(20_000) });
      await b.waitFor({ timeout: idleMs(20_000) });
      await a.click();
      await b.click({ modifiers: ['Control'] });
      // The list's own order decides the page order (and which document stays: the first).
      const listed = (await page.getByTestId('doc-row').filter({ hasText: 'merge_' }).allTextContents()).map((t) =>
        t.includes('merge_a.pdf') ? [300] : [400, 500],
      );
      const merge = page.getByTestId('page-merge');
      await merge.waitFor({ timeout: idleMs(15_000) });
      await merge.click();
      // One of them stays, holding all three pages; the list shows only it.
      await expect
        .poll(() => page.getByTestId('doc-row').filter({ hasText: 'merge_' }).count(), { timeout: idleMs(15_000) })
        .toBe(1);
      const left = (await demo.core.queue.list({ limit: 5, offset: 0, query: 'merge_' })).documents[0]!;
      const pdf = await PDFDocument.load(await readFile((await demo.core.queue.contentFile(left.id)).path));
      expect(pdf.getPages().map((p) => Math.round(p.getWidth()))).toEqual(listed.flat());
      await page.getByTestId('doc-row').filter({ hasText: left.fileName }).click();
      await page.getByTestId('page-undo').click();
      await expect
        .poll(() => page.getByTestId('doc-row').filter({ hasText: 'merge_' }).count(), { timeout: idleMs(15_000) })
        .toBe(2);
    },
    idleMs(60_000),
  );

  it('the help overlay lists the page-tool keys', async () => {
    const { page } = app;
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const help = page.getByTestId('help-overlay');
    await help.waitFor();
    expect(await help.textContent()).toContain(
      'Page strip: turn, delete or move the selected page, split before it, merge the selected documents',
    );
    await page.keyboard.press('Escape');
  });
});
