import { appendFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../electron/core/samples/sample-scans';
import { appForSuite } from './harness';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

/** The demo as a clerk first sees it: the scanner folder's files arrive in the inbox by themselves. */
describe('demo scanner folder → inbox', () => {
  const app = appForSuite({ sampleScans: true });

  it('shows the sample scans, with metadata taken from the file-name pattern', async () => {
    const { page } = app;
    const invoice = page.getByTestId('doc-row').filter({ hasText: 'CLM-2026-000101_INV_scan0001.pdf' });
    await invoice.waitFor({ timeout: idleMs(20_000) });
    await expect.poll(() => page.getByTestId('doc-row').count(), { timeout: idleMs(20_000) }).toBe(4);
    await invoice.click();
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe('CLM-2026-000101');
    expect(await page.locator('#tag-documentTypeCode').inputValue()).toBe('INV');
    // Non-ASCII file names arrive as they are.
    await page.getByTestId('doc-row').filter({ hasText: 'Schadensmeldung Müller – 2026.pdf' }).waitFor();
    await app.screenshot('demo-inbox');
  });

  it('takes a file the scanner writes slowly only once it is complete', async () => {
    const { page } = app;
    const path = join(app.demo.scannerFolder, 'slow_scan.pdf');
    const pdf = makePdf([['Langsamer Scan', 'Seite 1']]);
    const half = Math.floor(pdf.length / 2);
    await writeFile(path, pdf.subarray(0, half));
    await new Promise((r) => setTimeout(r, 1000));
    await appendFile(path, pdf.subarray(half));
    const row = page.getByTestId('doc-row').filter({ hasText: 'slow_scan.pdf' });
    await row.waitFor({ timeout: idleMs(20_000) });
    const { documents } = await app.demo.core.queue.list({ limit: 100, offset: 0, query: 'slow_scan' });
    expect(documents).toHaveLength(1);
    expect(documents[0]?.size).toBe(pdf.length);
  });

  it('a click on a native notification (app.navigate from main) opens the document it names', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await expect.poll(() => page.locator('main').getAttribute('data-screen')).toBe('queue');
    const { documents } = await app.demo.core.queue.list({ limit: 10, offset: 0, query: 'scan_0042' });
    const target = documents[0]!;
    app.demo.core.bus.emit({ type: 'navigation.requested', target: { screen: 'inbox', documentId: target.id } });
    await expect.poll(() => page.locator('main').getAttribute('data-screen')).toBe('inbox');
    const row = page.getByTestId('doc-row').filter({ hasText: 'scan_0042.pdf' });
    await expect.poll(() => row.getAttribute('class')).toContain('is-active');
    // The tagging form now works on that document.
    await expect.poll(() => page.locator('section.tagging').textContent()).toContain('scan_0042.pdf');
  });
});
