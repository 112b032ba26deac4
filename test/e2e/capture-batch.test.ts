import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { CASE_BATCH_CASES, CASE_BATCH_PARTS, caseBatch } from '../../electron/core/capture/test-support/case-batch';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 16: a 9-page scan with two cover sheets carrying case numbers (QR codes) and a blank duplex back
// arrives in the watched folder; capture, switched on in Settings, makes three documents with their case
// numbers filled and without the cover sheets or the blank page. The first letter's case number comes from
// the demo folder's file-name pattern {CaseNumber}_{DocumentTypeCode}_*.pdf.
const SCAN = 'CLM-2026-000101_INV_post.pdf';

describe('a scanned batch becomes the right documents, in Chromium', () => {
  const app = appForSuite();
  const rows = () => app.page.getByTestId('doc-row').filter({ hasText: 'post_p' });

  it('capture is switched on in Settings; a pattern naming no field is refused at the field', async () => {
    const { page, demo } = app;
    await page.keyboard.press('Alt+5');
    const card = page.getByTestId('folder-capture').first();
    await card.getByLabel('Split scanned batches on separator sheets').check();
    await page.locator('#set-folders-0-capture-separatorPattern').fill('^CLM-');
    const metadata = page.locator('#set-folders-0-capture-metadataPattern');
    await metadata.fill('^(?<Case>CLM-\\d{4}-\\d{6})$');
    await page.locator('#set-folders-0-capture-blankPages').selectOption('drop');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => metadata.getAttribute('aria-invalid')).toBe('true');
    expect(demo.core.settings.get().folders[0]?.capture).toBeUndefined();

    await metadata.fill('^(?<CaseNumber>CLM-\\d{4}-\\d{6})$');
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => demo.core.settings.get().folders[0]?.capture?.metadataPattern)
      .toBe('^(?<CaseNumber>CLM-\\d{4}-\\d{6})$');
    expect(demo.core.settings.get().folders[0]?.capture).toMatchObject({
      separatorPattern: '^CLM-',
      blankPages: 'drop',
    });
    await app.screenshot('capture-settings');
    await expectAccessible(page);
  });

  it(
    'the 9-page scan shows as three documents with their case numbers, no cover sheet, no blank page',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, SCAN), await caseBatch());
      await page.keyboard.press('Alt+1');
      // Until its last document is made, the batch has its place in the list with its progress (issue #30
      // item 6); then it is gone.
      const progress = page.getByTestId('batch-progress-row').filter({ hasText: SCAN });
      await expect.poll(() => progress.count(), { timeout: idleMs(30_000), interval: 50 }).toBe(1);
      expect(await progress.textContent()).toMatch(/waiting to be looked through|of 9 pages looked through/);
      await expect.poll(() => rows().count(), { timeout: idleMs(60_000) }).toBe(3);
      await expect.poll(() => page.getByTestId('batch-progress-row').count(), { timeout: idleMs(10_000) }).toBe(0);
      // The batch itself is no document: only its parts are in the inbox, named with their page ranges and
      // listed in scanner order.
      expect(await page.getByTestId('doc-row').filter({ hasText: SCAN }).count()).toBe(0);
      const names = CASE_BATCH_PARTS.map((pages) => `CLM-2026-000101_INV_post_p${pages[0] + 1}-${pages[1] + 1}.pdf`);
      const listed = await rows().allTextContents();
      expect(names.map((n) => listed.findIndex((t) => t.includes(n)))).toEqual([0, 1, 2]);
      for (const [i, caseNumber] of CASE_BATCH_CASES.entries()) {
        const name = names[i]!;
        const row = page.getByTestId('doc-row').filter({ hasText: name });
        expect(await row.textContent()).toContain(caseNumber);
        await row.click();
        await expect.poll(() => page.getByTestId('tagging-target').textContent()).toBe(name);
        await expect.poll(() => page.locator('#tag-caseNumber').inputValue()).toBe(caseNumber);
        const doc = (await demo.core.queue.list({ limit: 5, offset: 0, query: name })).documents[0]!;
        const pdf = await PDFDocument.load(await readFile((await demo.core.queue.contentFile(doc.id)).path));
        expect(pdf.getPageCount(), name).toBe(CASE_BATCH_PARTS[i]!.length);
      }
      await app.screenshot('capture-batch-inbox');
      await expectAccessible(page);
    },
    idleMs(90_000),
  );
});
