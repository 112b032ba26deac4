import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';

// Issue 36 item 8, the small ones: where uploads go is said at the top of the window, and the claim view
// shows the date of loss (2026-01-12 in the sandbox's claim 1001) like every other date, in the clerk's form.
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
    await view.waitFor({ timeout: 20_000 });
    const text = (await page.locator('.workspace').textContent()) ?? '';
    expect(text).toContain(TEXT[lang].dateOfLoss);
    expect(text).not.toMatch(/\b2026-01-12\b/);
    await expectAccessible(page);
  });
});
