import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { dropFile, makePdf } from './workspace-helpers';

// Issue 36 item 8: switching documents while their PDFs still load cancels the old load; the pdf.js
// worker being stopped for it is expected, never a console error.
describe('switching documents while PDFs load, in Chromium', () => {
  const app = appForSuite();

  it('leaves no console error or unhandled rejection behind', async () => {
    const { page } = app;
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
    const names = [1, 2, 3, 4].map((n) => `switch-${n}.pdf`);
    // Padding makes each load take several range reads, so a switch lands while one is pending.
    for (const [i, name] of names.entries())
      await dropFile(page, name, makePdf([`Doc ${i}`, 'Second', 'Third'], 3_000_000), 'application/pdf');
    for (const name of names) await page.getByTestId('doc-row').filter({ hasText: name }).waitFor({ timeout: 20_000 });
    for (let round = 0; round < 3; round++)
      for (const name of names) await page.getByTestId('doc-row').filter({ hasText: name }).click();
    // The last one shows in full: loading went on normally after all the cancellations.
    const canvas = page.getByTestId('pdf-canvas');
    await expect.poll(() => canvas.getAttribute('class'), { timeout: 20_000 }).not.toContain('is-pending');
    await page.waitForTimeout(300);
    expect(errors.filter((e) => !/favicon/i.test(e))).toEqual([]);
  }, 240_000);
});
