import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// The demo's scanner file name fills case number CLM-2026-000101 (claim 1001 of sandbox/seed/seed-claims.ts).
const SCAN = 'CLM-2026-000101_INV_scan0001.pdf';
const CASE_NUMBER = 'CLM-2026-000101';
const CLAIM_ID = '1001';

describe('case activity in Chromium', () => {
  const app = appForSuite({
    sampleScans: true,
    ready: async (app) => {
      expect(await isWired(app, 'activity.cases', {})).toBe(true);
    },
  });

  it('upload → AttachmentsAdded in the timeline → the document is shown as confirmed', async () => {
    const { page } = app;
    const row = page.getByTestId('doc-row').filter({ hasText: SCAN });
    await row.waitFor({ timeout: idleMs(30_000) });
    await row.click();
    await expect.poll(() => page.locator('#tag-caseNumber').inputValue()).toBe(CASE_NUMBER);
    await page.getByTestId('submit').click();

    // Uploaded: the queue shows it done, not yet confirmed by the platform.
    await page.getByTestId('nav-queue').click();
    const queueRow = page.getByTestId('queue-row').filter({ hasText: SCAN });
    await expect
      .poll(() => queueRow.getAttribute('data-state'), { timeout: idleMs(30_000) })
      .toMatch(/uploaded|archived/);

    // From the claim viewer to the case's activity.
    await page.getByTestId('nav-claims').click();
    await page.locator('#claim-id').fill(CLAIM_ID);
    await page.getByTestId('open-claim-submit').click();
    await page.getByTestId('claim-activity-link').click();
    await page.getByTestId('activity-screen').waitFor();
    expect(await page.locator('#activity-case').inputValue()).toBe(CASE_NUMBER);

    // Read the feed now rather than waiting for the next poll; the timeline follows activity.changed.
    await page.getByTestId('activity-refresh').click();
    const added = page.locator('[data-testid="timeline-event"] li[data-property="AttachmentsAdded"]');
    await expect.poll(() => added.count(), { timeout: idleMs(30_000) }).toBeGreaterThan(0);
    expect(await added.first().textContent()).toContain(SCAN);
    const doc = page.getByTestId('activity-documents').locator('li', { hasText: SCAN });
    await expect.poll(() => doc.getAttribute('data-confirmed'), { timeout: idleMs(30_000) }).toBe('true');
    expect(await page.getByTestId('activity-cases').textContent()).toContain(CASE_NUMBER);
    await app.screenshot('case-activity');
    await expectAccessible(page);

    // The queue and the inbox mark it confirmed too.
    await page.getByTestId('nav-queue').click();
    expect(await queueRow.getByTestId('confirmed-mark').textContent()).toContain('Confirmed');
    await page.getByTestId('nav-inbox').click();
    await page.locator('#inbox-filter').selectOption('all');
    await expect.poll(() => row.getByTestId('confirmed-mark').count()).toBe(1);
  });

  it('a new change made on the platform appears in the open timeline by itself', async () => {
    const { page } = app;
    await page.getByTestId('nav-activity').click();
    await page.getByTestId('activity-timeline').waitFor();
    const before = await page.getByTestId('timeline-event').count();
    const response = await fetch(`${app.demo.sandbox.baseUrl}/__sandbox/cases/${CASE_NUMBER}/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        changes: [{ property: 'Regress', oldValue: 'None', newValue: 'Yes' }],
        changedBy: { fullName: 'Petra Schmidt', type: 'user' },
      }),
    });
    expect(response.ok).toBe(true);
    // No click in the page: the core reads the feed (as its poller does on its next tick) and the
    // activity.changed event alone brings the change into the open timeline.
    expect((await dispatch(app.demo.core.handlers, 'activity.refresh', {})).ok).toBe(true);
    await expect.poll(() => page.getByTestId('timeline-event').count(), { timeout: idleMs(30_000) }).toBe(before + 1);
    expect(await page.getByTestId('timeline-event').first().textContent()).toContain('Recourse: none → yes');
  });
});
