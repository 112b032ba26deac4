import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 2: the status bar's environment is always the one uploads go to: right after a switch is
// saved (no reload), named once, and production unmistakable.
const TEXT = {
  en: {
    local: 'Local sandbox',
    production: 'PRODUCTION',
    online: 'Online',
    signedIn: 'Signed in',
    checking: 'Checking the connection…',
    offline: 'Offline',
  },
  de: {
    local: 'Lokale Sandbox',
    production: 'PRODUKTION',
    online: 'Online',
    signedIn: 'Angemeldet',
    checking: 'Verbindung wird geprüft…',
    offline: 'Offline',
  },
} as const;

describe.each(['en', 'de'] as const)('the environment badge, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  const badge = () => app.page.getByTestId('env-badge');
  const choose = async (name: string) => {
    const { page } = app;
    await page.keyboard.press('Alt+5');
    // By the environment's saved name: the list shows a shipped name as its kind, in the clerk's language.
    const env = app.demo.core.settings.get().environments.find((e) => e.name === name);
    const id = env?.id ?? '';
    await page.locator(`.env-item[data-env-id="${id}"]`).locator('input[type=radio]').click();
    // Production is asked for first (issue #31 item 9): the clerk confirms.
    if (env?.kind === 'production') await page.getByTestId('confirm-production').getByTestId('confirm').click();
    await page.getByTestId('settings-save').click();
  };

  it('says the environment once, and follows a saved switch to production at once', async () => {
    const { page } = app;
    await expect.poll(() => badge().textContent()).toBe(text.local);
    await choose('Production');
    await expect.poll(() => badge().getAttribute('data-kind')).toBe('production');
    expect(await badge().textContent()).toBe(text.production);
    // Unmistakable: the red badge and a red band over the whole window.
    expect(await page.getByTestId('app-shell').getAttribute('data-production')).toBe('true');
    const colours = await badge().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(colours).toBe('rgb(179, 38, 30)');
    // One line, whatever else the status bar holds.
    const height = await page.locator('.status-bar').evaluate((el) => el.getBoundingClientRect().height);
    expect(height).toBeLessThan(40);
    await app.screenshot(`environment-production-${lang}`);
    await expectAccessible(page);
  });

  it('and back to the sandbox, never confused with it', async () => {
    const { page } = app;
    await choose('Local sandbox');
    await expect.poll(() => badge().getAttribute('data-kind')).toBe('local-sandbox');
    expect(await badge().textContent()).toBe(text.local);
    expect(await page.getByTestId('app-shell').getAttribute('data-production')).toBeNull();
  });

  it('after a switch, "Online · Signed in" of the old environment is gone until the new one answers', async () => {
    const { page } = app;
    const network = page.getByTestId('network-state');
    const token = page.getByTestId('token-state');
    await expect.poll(() => network.textContent(), { timeout: idleMs(20_000) }).toBe(text.online);
    await expect.poll(() => token.textContent()).toBe(text.signedIn);
    await choose('Production');
    await expect.poll(() => badge().getAttribute('data-kind')).toBe('production');
    // The production address cannot be reached from here: from the save on, the status bar says it is
    // checking, then offline, and never what it said about the sandbox.
    const seen = new Set<string>();
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      seen.add(`${await network.textContent()} · ${(await token.count()) ? await token.textContent() : ''}`);
      await page.waitForTimeout(100);
    }
    for (const line of seen) {
      expect(line).not.toContain(text.online);
      expect(line).not.toContain(text.signedIn);
    }
    expect([...seen].some((l) => l.startsWith(text.checking) || l.startsWith(text.offline))).toBe(true);
    await app.screenshot(`environment-switch-checking-${lang}`);
    await choose('Local sandbox');
    await expect.poll(() => network.textContent(), { timeout: idleMs(20_000) }).toBe(text.online);
    await expect.poll(() => token.textContent(), { timeout: idleMs(20_000) }).toBe(text.signedIn);
  });
});
