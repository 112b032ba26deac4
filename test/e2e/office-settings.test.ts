import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';

// Issue #50 item 1 from the Settings screen: the office database's address (checked at the field like every
// setting: no password in it) and its password, which goes one way into the keychain entry of that address.
describe('settings: the office database', () => {
  const app = appForSuite();
  const database = 'postgres://intake@db.office.example:5432/office';

  it('refuses a password in the address at the field, keeps the password in the keychain, never shows it', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+5');
    const section = page.getByTestId('office-settings');
    await section.waitFor();
    const state = page.getByTestId('office-password-state');
    expect(await state.textContent()).toContain('Enter the address first');
    expect(await page.locator('#office-password').isDisabled()).toBe(true);

    const address = page.locator('#set-office-database');
    await address.fill('postgres://intake:topsecret@db.office.example/office');
    await page.getByTestId('settings-save').click();
    const fieldError = section.getByTestId('settings-field-error');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toContain('leave the password out of the URL');
    expect(await address.getAttribute('aria-invalid')).toBe('true');

    await address.fill(database);
    await expect.poll(() => state.textContent()).toContain(`No password stored for ${database}`);
    await page.locator('#office-password').fill('office pass 1');
    await page.getByTestId('office-password-store').click();
    const keychain = await new KeytarSecretStore().isAvailable();
    if (!keychain.available) {
      // The project's test runner provides a real Secret Service; without one the refusal must show instead.
      await expect.poll(() => state.textContent()).toContain('The keychain cannot be used');
      return;
    }
    await expect.poll(() => state.textContent()).toContain(`A password is stored in the keychain for ${database}`);
    expect(await page.locator('#office-password').inputValue()).toBe('');
    expect(await page.content()).not.toContain('office pass 1');
    // Stored where a station starting with this address looks: the keychain entry of the address.
    expect(await app.keychain.get('Intake Desk (office database)', database)).toBe('office pass 1');
    await expectAccessible(page);
    await app.screenshot('settings-office-database');

    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-saved').waitFor();
    expect((await app.demo.core.settings.get()).office).toEqual({ database });

    await page.getByTestId('office-password-delete').click();
    await expect.poll(() => state.textContent()).toContain(`No password stored for ${database}`);
    expect(await app.keychain.get('Intake Desk (office database)', database)).toBeUndefined();
  });
});
