import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 items 4 and 8: with no keychain, Settings says so once, in the clerk's language, and does not
// claim that uploading stopped while it works (the local sandbox needs no stored secret); the environment
// list names the kind once ("Lokale Sandbox", never beside "Local sandbox").
// This file runs in its own process (vitest forks per file): here there is no D-Bus session, so the real
// keytar finds no Secret Service, as on a station without an unlocked keyring.
process.env['DBUS_SESSION_BUS_ADDRESS'] = 'unix:path=/nonexistent/intake-desk-bus';

const TEXT = {
  en: {
    working: 'Uploading to Local sandbox is not affected',
    stopped: /stopped|waits/i,
    details: 'Details',
    local: 'Local sandbox',
    other: 'Lokale Sandbox',
    store: 'Store secret',
  },
  de: {
    working: 'Das Hochladen zu Lokale Sandbox ist davon nicht betroffen',
    stopped: /gestoppt|wartet/i,
    details: 'Details',
    local: 'Lokale Sandbox',
    other: 'Local sandbox',
    store: 'Secret speichern',
  },
} as const;

describe.each(['en', 'de'] as const)('no keychain, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    ready: async (app) => {
      const settings = app.demo.core.settings.get();
      const r = await dispatch(app.demo.core.handlers, 'settings.update', {
        settings: {
          ...settings,
          locale: lang,
          // The local sandbox signed in with a client secret: the case where a clerk tries to store one.
          environments: settings.environments.map((e) =>
            e.kind === 'local-sandbox' ? { ...e, authMethod: 'client_secret' as const } : e,
          ),
        },
      });
      expect(r.ok).toBe(true);
    },
  });

  it('one box that says uploading goes on, with the technical words behind Details', async () => {
    const { page } = app;
    await expect
      .poll(() => page.getByTestId('network-state').textContent(), { timeout: idleMs(20_000) })
      .toBe('Online');
    await page.keyboard.press('Alt+5');
    const box = page.getByTestId('keychain-unavailable');
    await box.waitFor({ timeout: idleMs(10_000) });
    const visible = await box.innerText();
    expect(visible).toContain(text.working);
    expect(visible).not.toMatch(text.stopped);
    expect(visible).not.toContain('D-Bus');
    // Storing a secret is refused, and says so in the same box: still one box.
    const secret = page.locator('#client-secret');
    if (await secret.count()) {
      await secret.fill('not-stored');
      await page.getByRole('button', { name: text.store }).click();
      await page.waitForTimeout(500);
      expect(await page.getByTestId('secret-error').count()).toBe(0);
    }
    expect(
      await page
        .locator('[role=alert]')
        .filter({ hasText: /keychain|Schlüsselbund/i })
        .count(),
    ).toBe(1);
    await box.getByText(text.details, { exact: true }).click();
    expect(await box.innerText()).toContain('Secret Service');
    // Not even the technical words claim that uploading stopped.
    expect(await box.innerText()).not.toMatch(/stays stopped|uploading stopped/i);

    // The environment list: the local sandbox's kind once, in the clerk's language.
    const item = page.locator('.env-item').first();
    expect(await item.innerText()).toContain(text.local);
    expect(await item.innerText()).not.toContain(text.other);
    await app.screenshot(`settings-no-keychain-${lang}`);
    await expectAccessible(page);
  });
});
