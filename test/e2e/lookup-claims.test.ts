import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

describe('policy lookup and claim viewer against the sandbox', () => {
  const app = appForSuite({
    ready: async (app) => {
      expect(await isWired(app, 'customers.search', { q: 'x', date: '2026-03-01', limit: 1 })).toBe(true);
      expect(await isWired(app, 'claims.files', { claimId: '1001' })).toBe(true);
    },
  });

  it('searches as the clerk types and shows customer → policies → objects with active/inactive', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.locator('#lookup-q').fill('Müller');
    const first = page.getByTestId('customer').first();
    await first.waitFor();
    expect(await page.getByTestId('customer-list').textContent()).toContain('Jörg Müller');
    expect(await page.locator('.active-badge').count()).toBeGreaterThan(0);
    await app.screenshot('lookup-results');
    await expectAccessible(page);
  });

  it('"more results" pages on with after and appends', async () => {
    const { page } = app;
    await page.locator('#lookup-q').fill('e');
    const more = page.getByTestId('more-results');
    await more.waitFor({ timeout: idleMs(10_000) }).catch(() => undefined);
    if (!(await more.isVisible())) return; // fewer than one page of matches: nothing to page
    const before = await page.getByTestId('customer').count();
    await more.click();
    await expect.poll(() => page.getByTestId('customer').count()).toBeGreaterThan(before);
  });

  it('platform offline: the search says so, and works again when it is back', async () => {
    const { page } = app;
    app.demo.sandbox.setFaults({ offline: true });
    await page.locator('#lookup-q').fill('Grünwald');
    await page.getByTestId('lookup-error').waitFor();
    await app.screenshot('lookup-offline');
    app.demo.sandbox.clearFaults();
    await page.getByTestId('lookup-error').getByRole('button').click();
    await page.getByTestId('customer').filter({ hasText: 'Anna Grünwald' }).waitFor();
  });

  it('after the platform rejects every token (401) the app gets a new one and the search still works', async () => {
    const { page } = app;
    app.demo.sandbox.setFaults({ expireTokens: true });
    await page.locator('#lookup-q').fill('Öberg');
    await page.getByTestId('customer').filter({ hasText: 'Åsa Öberg' }).waitFor();
    expect(await page.getByTestId('lookup-error').count()).toBe(0);
  });

  it('opens a claim: information and files with their flags', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.locator('#claim-id').fill('1001');
    await page.keyboard.press('Enter');
    await page.getByTestId('claim-view').waitFor();
    expect(await page.getByTestId('claim-view').textContent()).toContain('Claim 1001');
    expect(await page.getByTestId('claim-files').locator('tbody tr').count()).toBeGreaterThan(0);
    await app.screenshot('claim-viewer');
    await expectAccessible(page);
  });

  it('refuses a claim id that is not a whole number, without asking the platform', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.locator('#claim-id').fill('12a');
    await page.keyboard.press('Enter');
    await page.locator('#claim-id-error').waitFor();
    expect(await page.locator('#claim-id').getAttribute('aria-invalid')).toBe('true');
    await app.screenshot('claim-invalid-id');
  });

  it('claim viewer with the platform offline shows the failure and recovers on retry', async () => {
    const { page } = app;
    app.demo.sandbox.setFaults({ offline: true });
    await page.locator('#claim-id').fill('1002');
    await page.keyboard.press('Enter');
    await page.getByTestId('claim-error').waitFor();
    await app.screenshot('claim-offline');
    app.demo.sandbox.clearFaults();
    await page.getByTestId('claim-error').getByRole('button').click();
    await page.getByTestId('claim-view').waitFor();
  });
});
