import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, isWired, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

describe('inbox and tagging in Chromium', () => {
  const app = appForSuite({
    ready: async (app) => {
      expect(await isWired(app, 'documents.list', {})).toBe(true);
    },
  });

  it('a dropped PDF is imported, listed and previewed with pdf.js, with page navigation and zoom', async () => {
    const { page } = app;
    await dropFile(page, 'Schadensmeldung Müller.pdf', makePdf(['Seite eins', 'Seite zwei']), 'application/pdf');
    const row = page.getByTestId('doc-row').filter({ hasText: 'Schadensmeldung Müller.pdf' });
    await row.waitFor();
    await row.click();
    await page.getByTestId('pdf-canvas').waitFor();
    // pdf.js loads on first use and reads the PDF by range: ~0.6-1.3 s on a busy machine, more than poll's 1 s default.
    await expect
      .poll(() => page.getByTestId('page-indicator').textContent(), { timeout: idleMs(10_000) })
      .toBe('Page 1 of 2');
    await page.locator('.preview-canvas').focus();
    await page.keyboard.press('PageDown');
    await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 2 of 2');
    // It opened at fit width (issue #48 item 6); 0 is 100 %, and + the next step from there.
    await page.keyboard.press('0');
    await expect.poll(() => page.locator('.zoom-value').textContent()).toMatch(/^100\s?%$/);
    await page.keyboard.press('+');
    expect(await page.locator('.zoom-value').textContent()).toContain('125');
    // The canvas really has pixels drawn by pdf.js (not a blank element).
    const drawn = await page.getByTestId('pdf-canvas').evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
      return dark;
    });
    expect(drawn).toBeGreaterThan(50);
    await app.screenshot('inbox-pdf-preview');
    await expectAccessible(page);
  });

  it('a file type Chromium cannot show gets file information instead of a broken preview', async () => {
    const { page } = app;
    await dropFile(page, 'fax.tif', new Uint8Array([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0, 0, 0]), 'image/tiff');
    const row = page.getByTestId('doc-row').filter({ hasText: 'fax.tif' });
    await row.waitFor();
    await row.click();
    await page.getByTestId('no-preview').waitFor();
    expect(await page.getByTestId('file-info').textContent()).toContain('fax.tif');
  });

  it('validation: no case or policy number, and an over-long value, are refused with clear messages', async () => {
    const { page } = app;
    await page.getByTestId('doc-row').filter({ hasText: 'Schadensmeldung Müller.pdf' }).click();
    await page.locator('#tag-caseNumber').fill('');
    await page.locator('#tag-policyNumber').fill('');
    await page.locator('#tag-itemId').fill('x'.repeat(300));
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('form-error').waitFor();
    expect(await page.getByTestId('form-error').textContent()).toContain('case number or a policy number');
    expect(await page.locator('#tag-itemId-error').textContent()).toBe('at most 255 characters');
    expect(await page.locator('#tag-itemId').getAttribute('aria-invalid')).toBe('true');
    // Focus went to the first field with an error.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tag-itemId');
    await app.screenshot('tagging-validation');
    await expectAccessible(page);
    await page.locator('#tag-itemId').fill('');
  });

  it('Ctrl+Enter submits to the queue; the document leaves the to-do list and "same as previous" offers its values', async () => {
    const { page } = app;
    await page.getByTestId('doc-row').filter({ hasText: 'Schadensmeldung Müller.pdf' }).click();
    await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
    await page
      .locator('#tag-documentTypeCode')
      .fill('CLAIM_REPORT')
      .catch(async () => {
        // With document types configured the field is a select.
        await page.locator('#tag-documentTypeCode').selectOption({ index: 1 });
      });
    await page.keyboard.press('Control+Enter');
    await page.getByTestId('doc-row').filter({ hasText: 'Schadensmeldung Müller.pdf' }).waitFor({ state: 'detached' });
    await page.getByTestId('doc-row').filter({ hasText: 'fax.tif' }).click();
    await page.getByTestId('same-as-previous').click();
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe('CLM-2026-000101');
    await page.keyboard.press('Alt+2');
    await page.getByTestId('queue-row').filter({ hasText: 'Schadensmeldung Müller.pdf' }).waitFor();
    await app.screenshot('queue-after-submit');
  });
});
