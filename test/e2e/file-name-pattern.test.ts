import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 5: the demo scanner's pattern {CaseNumber}_{DocumentTypeCode}_*.pdf takes only a case number
// of the sandbox's form and a configured document-type code; what does not fit stays empty, and with
// auto-submit such a document waits in the inbox.
describe('file-name placeholders match their field format, in Chromium', () => {
  const app = appForSuite({
    ready: async (app) => {
      const settings = app.demo.core.settings.get();
      const folders = settings.folders.map((f) => ({ ...f, autoSubmit: true }));
      const r = await dispatch(app.demo.core.handlers, 'settings.update', { settings: { ...settings, folders } });
      expect(r.ok).toBe(true);
    },
  });
  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });

  it('words are not a case number, an unconfigured code is no document type; both wait in the inbox', async () => {
    const { page, demo } = app;
    await writeFile(join(demo.scannerFolder, 'Rechnung_Maler_Nov.pdf'), makePdf(['Rechnung Maler']));
    await writeFile(join(demo.scannerFolder, 'CLM-2026-000101_INVOICE_scan7.pdf'), makePdf(['Rechnung']));
    await writeFile(join(demo.scannerFolder, 'CLM-2026-000102_inv_scan8.pdf'), makePdf(['Rechnung']));

    await row('Rechnung_Maler_Nov.pdf').waitFor({ timeout: idleMs(20_000) });
    await row('Rechnung_Maler_Nov.pdf').click();
    await expect.poll(() => page.getByTestId('tagging-target').textContent()).toBe('Rechnung_Maler_Nov.pdf');
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe('');
    expect(await page.locator('#tag-documentTypeCode').inputValue()).toBe('');

    await row('CLM-2026-000101_INVOICE_scan7.pdf').waitFor({ timeout: idleMs(20_000) });
    await row('CLM-2026-000101_INVOICE_scan7.pdf').click();
    await expect.poll(() => page.locator('#tag-caseNumber').inputValue()).toBe('CLM-2026-000101');
    expect(await page.locator('#tag-documentTypeCode').inputValue()).toBe('');
    await app.screenshot('file-name-pattern-unmatched');
    await expectAccessible(page);

    // The one whose name fits went to the queue by itself, with the code as configured.
    const fits = async () =>
      (await demo.core.queue.list({ limit: 10, offset: 0, query: 'scan8' })).documents[0] ?? {
        state: '',
        metadata: {},
      };
    await expect
      .poll(async () => (await fits()).state, { timeout: idleMs(30_000) })
      .toMatch(/queued|uploading|uploaded|archived/);
    expect((await fits()).metadata).toMatchObject({ caseNumber: 'CLM-2026-000102', documentTypeCode: 'INV' });
    for (const name of ['Rechnung_Maler_Nov.pdf', 'CLM-2026-000101_INVOICE_scan7.pdf']) {
      expect((await demo.core.queue.list({ limit: 10, offset: 0, query: name })).documents[0]?.state).toBe('new');
    }
  });
});
