import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 8, the small ones: where uploads go is said at the top of the window; the claim view
// shows the date of loss (2026-01-12 in the sandbox's claim 1001) like every other date, in the clerk's form;
// the Claims screen asks for the case number first, and a case number typed as the claim id is found.
const TEXT = {
  en: { local: 'Local sandbox', dateOfLoss: 'Jan 12, 2026' },
  de: { local: 'Lokale Sandbox', dateOfLoss: '12.01.2026' },
} as const;

describe.each(['en', 'de'] as const)('the small ones of the third day (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });

  it('names the active environment at the top of the window', async () => {
    const { page } = app;
    const badge = page.getByTestId('env-badge');
    await expect.poll(() => badge.textContent()).toBe(TEXT[lang].local);
    expect(await page.locator('header.title-bar').getByTestId('env-badge').count()).toBe(1);
    const box = await badge.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(60);
    await expectAccessible(page);
  });

  it('shows the date of loss in the clerk’s date format, never as ISO', async () => {
    const { page } = app;
    await page.getByTestId('nav-claims').click();
    await page.locator('#claim-id').fill('1001');
    await page.getByTestId('open-claim-submit').click();
    const view = page.locator('.info-table').first();
    await view.waitFor({ timeout: idleMs(20_000) });
    const text = (await page.locator('.workspace').textContent()) ?? '';
    expect(text).toContain(TEXT[lang].dateOfLoss);
    expect(text).not.toMatch(/\b2026-01-12\b/);
    await expectAccessible(page);
  });

  it('asks for the case number first, and finds a case number typed into the claim id field', async () => {
    const { page } = app;
    await page.getByTestId('nav-queue').click();
    await page.getByTestId('nav-claims').click();
    const caseField = page.locator('#claim-case');
    const idField = page.locator('#claim-id');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('claim-case');
    expect((await caseField.boundingBox())!.y).toBeLessThan((await idField.boundingBox())!.y);
    await idField.fill('CLM-2026-000101');
    await idField.press('Enter');
    // Looked up as a case number (it moves to the case number field) and its claim opened.
    await expect.poll(() => caseField.inputValue(), { timeout: idleMs(20_000) }).toBe('CLM-2026-000101');
    await expect
      .poll(() => page.getByTestId('claim-view').locator('h3').first().textContent(), { timeout: idleMs(20_000) })
      .toContain('1001');
    expect(await page.locator('#claim-id-error').count()).toBe(0);
    await expectAccessible(page);
  });
});
