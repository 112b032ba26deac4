import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 items 3, 5 and 6: after a merge the clerk stays on the merged document (preview, form and undo
// agree); the page tools keep the keyboard after each change and stay on the page; M merges from the list;
// the merge icon is drawn; PageDown in the list turns the page of the document shown, and the thumbnail
// strip follows the preview's page.
async function pdfOfWidths(widths: number[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const w of widths) doc.addPage([w, 700]).drawText(`page ${w}`, { x: 30, y: 600, size: 24 });
  return doc.save();
}

describe('page tools and the keyboard, in Chromium', () => {
  const app = appForSuite({
    ready: async (app) => expect(await isWired(app, 'documents.pageEdits', { id: 'x' })).toBe(true),
  });
  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });
  const previewName = () => app.page.getByTestId('preview').locator('.preview-toolbar .muted').last().textContent();
  const indicator = () => app.page.getByTestId('page-indicator').textContent();
  const thumbs = () => app.page.getByTestId('page-thumb');
  const pressedThumb = async () => {
    const all = await thumbs().evaluateAll((els) => els.map((e) => e.getAttribute('aria-pressed')));
    return all.indexOf('true');
  };
  const queued = async (name: string) =>
    (await app.demo.core.queue.list({ limit: 5, offset: 0, query: name })).documents;
  const pagesOf = async (name: string) => {
    const doc = (await queued(name))[0]!;
    const pdf = await PDFDocument.load(await readFile((await app.demo.core.queue.contentFile(doc.id)).path));
    return pdf.getPages().map((p) => `${Math.round(p.getWidth())}@${p.getRotation().angle}`);
  };

  it(
    'item 3: after a merge the preview, the form and undo are all the merged document',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, 'm3_a.pdf'), await pdfOfWidths([300]));
      await new Promise((r) => setTimeout(r, 50));
      await writeFile(join(demo.scannerFolder, 'm3_b.pdf'), await pdfOfWidths([400, 500]));
      await new Promise((r) => setTimeout(r, 50));
      // A third document below them: the row that takes the place of the merged-away one.
      await writeFile(join(demo.scannerFolder, 'm3_c.pdf'), await pdfOfWidths([600]));
      await row('m3_a.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('m3_b.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('m3_c.pdf').waitFor({ timeout: idleMs(20_000) });
      // The second one clicked is the one shown: the merge keeps the first in list order.
      await row('m3_a.pdf').click();
      await row('m3_b.pdf').click({ modifiers: ['Control'] });
      await page.getByTestId('page-merge').click();
      await expect
        .poll(() => page.getByTestId('doc-row').filter({ hasText: 'm3_' }).count(), { timeout: idleMs(15_000) })
        .toBe(2);
      const kept = (await queued('m3_')).find((d) => d.fileName !== 'm3_c.pdf')!;
      await expect.poll(previewName).toBe(kept.fileName);
      expect(await page.getByTestId('tagging-target').textContent()).toBe(kept.fileName);
      await expect.poll(indicator, { timeout: idleMs(15_000) }).toBe('Page 1 of 3');
      // Undo works at once, without clicking the row again.
      await expect.poll(() => page.getByTestId('page-undo').isDisabled(), { timeout: idleMs(15_000) }).toBe(false);
      await page.getByTestId('page-undo').click();
      await expect
        .poll(() => page.getByTestId('doc-row').filter({ hasText: 'm3_' }).count(), { timeout: idleMs(15_000) })
        .toBe(3);
    },
    idleMs(60_000),
  );

  it(
    'item 5: R, R, Alt+← and Ctrl+Z in a row, without touching the mouse again; page 2 stays shown',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, 'k5.pdf'), await pdfOfWidths([300, 400, 500]));
      await row('k5.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('k5.pdf').click();
      await expect.poll(() => thumbs().count(), { timeout: idleMs(15_000) }).toBe(3);
      await thumbs().nth(1).click();
      await expect.poll(indicator).toBe('Page 2 of 3');
      await page.keyboard.press('r');
      await expect.poll(() => pagesOf('k5.pdf'), { timeout: idleMs(15_000) }).toEqual(['300@0', '400@90', '500@0']);
      // The new file is shown on the page that was turned, not page 1.
      await expect.poll(indicator, { timeout: idleMs(15_000) }).toBe('Page 2 of 3');
      await expect.poll(() => thumbs().count(), { timeout: idleMs(15_000) }).toBe(3);
      await page.keyboard.press('r');
      await expect.poll(() => pagesOf('k5.pdf'), { timeout: idleMs(15_000) }).toEqual(['300@0', '400@180', '500@0']);
      await expect.poll(() => thumbs().count(), { timeout: idleMs(15_000) }).toBe(3);
      await page.keyboard.press('Alt+ArrowLeft');
      await expect.poll(() => pagesOf('k5.pdf'), { timeout: idleMs(15_000) }).toEqual(['400@180', '300@0', '500@0']);
      await expect.poll(indicator, { timeout: idleMs(15_000) }).toBe('Page 1 of 3');
      await expect.poll(() => thumbs().count(), { timeout: idleMs(15_000) }).toBe(3);
      await page.keyboard.press('Control+z');
      await expect.poll(() => pagesOf('k5.pdf'), { timeout: idleMs(15_000) }).toEqual(['300@0', '400@180', '500@0']);
      await expectAccessible(page);
    },
    idleMs(90_000),
  );

  it(
    'item 5: M merges from the list, and the merge icon is drawn',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, 'm5_a.pdf'), await pdfOfWidths([300]));
      await new Promise((r) => setTimeout(r, 50));
      await writeFile(join(demo.scannerFolder, 'm5_b.pdf'), await pdfOfWidths([400]));
      await row('m5_a.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('m5_b.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('m5_a.pdf').click();
      await row('m5_b.pdf').click({ modifiers: ['Control'] });
      const icon = page.getByTestId('page-merge').getByTestId('merge-icon');
      await icon.waitFor({ timeout: idleMs(15_000) });
      const box = await icon.boundingBox();
      expect(box?.width).toBeGreaterThan(8);
      expect(await icon.locator('rect').count()).toBe(2);
      // The list has the focus (the rows were clicked): M merges.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
      await page.keyboard.press('m');
      await expect
        .poll(() => page.getByTestId('doc-row').filter({ hasText: 'm5_' }).count(), { timeout: idleMs(15_000) })
        .toBe(1);
      // Both pages in the one left, in list order.
      await expect
        .poll(async () => (await pagesOf('m5_')).sort(), { timeout: idleMs(15_000) })
        .toEqual(['300@0', '400@0']);
    },
    idleMs(60_000),
  );

  it(
    'item 6: PageDown in the list turns the page of the document shown; the strip follows the preview',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, 'p6.pdf'), await pdfOfWidths([300, 400, 500]));
      await row('p6.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('p6.pdf').click();
      await expect.poll(() => thumbs().count(), { timeout: idleMs(15_000) }).toBe(3);
      await expect.poll(indicator, { timeout: idleMs(15_000) }).toBe('Page 1 of 3');
      await page.keyboard.press('PageDown');
      await expect.poll(indicator).toBe('Page 2 of 3');
      expect(await page.getByTestId('tagging-target').textContent()).toBe('p6.pdf');
      await expect.poll(pressedThumb).toBe(1);
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      await expect.poll(indicator).toBe('Page 3 of 3');
      expect(await page.getByTestId('tagging-target').textContent()).toBe('p6.pdf');
      await page.keyboard.press('PageUp');
      await expect.poll(indicator).toBe('Page 2 of 3');
      // The preview's own buttons: the strip's selected thumbnail follows.
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(pressedThumb).toBe(2);
      await expectAccessible(page);
    },
    idleMs(60_000),
  );
});
