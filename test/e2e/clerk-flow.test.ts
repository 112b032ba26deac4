import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { dropFile, isWired, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

/**
 * The "done when": a new clerk picks up a scanned document, finds the policy, tags it, submits it
 * and sees it uploaded and listed among the claim's files, with the keyboard only (the drop stands in for
 * the scanner).
 */
describe('keyboard-only clerk flow: scan → policy → tag → upload → claim files', () => {
  const app = appForSuite();

  it('runs end to end', async () => {
    for (const [channel, request] of [
      ['documents.list', {}],
      ['customers.search', { q: 'x', date: '2026-03-01', limit: 1 }],
      ['claims.files', { claimId: '1001' }],
    ] as const) {
      expect(await isWired(app, channel, request as never)).toBe(true);
    }
    const { page } = app;
    await dropFile(page, 'Rechnung Trocknung.pdf', makePdf(['Rechnung 4711']), 'application/pdf');
    await page.getByTestId('doc-row').filter({ hasText: 'Rechnung Trocknung.pdf' }).waitFor();

    // Into the list, onto the newest document, then into the form.
    await page.getByTestId('doc-list').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tag-caseNumber');
    await page.keyboard.type('CLM-2026-000101');

    // Find the policy: Alt+L, type, ↓ to the first "Use this policy", Enter.
    await page.keyboard.press('Alt+L');
    await expect.poll(() => page.locator('main').getAttribute('data-screen')).toBe('lookup');
    await page.keyboard.type('HR-100001');
    await page.getByTestId('choose-policy').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main').getAttribute('data-screen')).toBe('inbox');
    expect(await page.locator('#tag-policyNumber').inputValue()).toBe('HR-100001');
    await app.screenshot('flow-tagged');

    // Submit with one key and follow it in the queue.
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Alt+2');
    const row = page.getByTestId('queue-row').filter({ hasText: 'Rechnung Trocknung.pdf' });
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: idleMs(30_000) }).toMatch(/uploaded|archived/);
    // The upload history shows it without a search.
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('history-table')
            .textContent()
            .catch(() => '')) ?? '',
        {
          timeout: idleMs(10_000),
        },
      )
      .toContain('Rechnung Trocknung.pdf');
    await app.screenshot('flow-uploaded');

    // The claim now lists the file.
    await page.keyboard.press('Alt+4');
    await page.locator('#claim-id').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1001');
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () =>
          (await page
            .getByTestId('claim-files')
            .textContent({ timeout: idleMs(5000) })
            .catch(() => '')) ?? '',
        {
          timeout: idleMs(20_000),
        },
      )
      .toContain('Rechnung Trocknung.pdf');
    await app.screenshot('flow-claim-files');
  });
});
