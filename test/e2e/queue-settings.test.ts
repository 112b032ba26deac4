import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';

describe('queue and settings screens', () => {
  const app = appForSuite();

  it('pause all and resume', async () => {
    expect(await isWired(app, 'queue.status', {})).toBe(true);
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByTestId('pause-toggle').click();
    await expect.poll(() => page.getByTestId('pause-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('queue-count').textContent()).toContain('Paused');
    await app.screenshot('queue-paused');
    await expectAccessible(page);
    await page.getByTestId('pause-toggle').click();
    await expect.poll(() => page.getByTestId('pause-toggle').getAttribute('aria-pressed')).toBe('false');
  });

  it('history search by file name', async () => {
    expect(await isWired(app, 'queue.history', {})).toBe(true);
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.locator('#history-q').fill('no-such-file-xyz');
    await expect.poll(async () => (await page.locator('.history').textContent()) ?? '').toContain('No uploads match.');
  });

  it('settings: a wrong URL is refused with the message at the field', async () => {
    expect(await isWired(app, 'settings.get', {})).toBe(true);
    const { page } = app;
    await page.keyboard.press('Alt+5');
    await page.getByTestId('environment-editor').waitFor();
    const baseUrl = page.locator('#set-environments-0-baseUrl');
    const before = await baseUrl.inputValue();
    await baseUrl.fill('not a url');
    await page.getByTestId('settings-save').click();
    await page.getByTestId('settings-field-error').first().waitFor();
    expect(await baseUrl.getAttribute('aria-invalid')).toBe('true');
    await app.screenshot('settings-validation');
    await expectAccessible(page);
    await baseUrl.fill(before);
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });

  it('settings: test connection reports success, and the failing step when the platform is offline', async () => {
    expect(await isWired(app, 'connection.test', { environmentId: 'x' })).toBe(true);
    const { page } = app;
    await page.keyboard.press('Alt+5');
    await page.getByTestId('test-connection').click();
    await page.getByTestId('test-result').waitFor();
    const okStep = await page.getByTestId('test-result').getAttribute('data-step');
    await app.screenshot('settings-connection-test');
    app.demo.sandbox.setFaults({ offline: true });
    await page.getByTestId('test-connection').click();
    await expect.poll(() => page.getByTestId('test-result').getAttribute('data-step')).toBe('network');
    expect(await page.getByTestId('test-result').textContent()).toContain('Failed at step “network”');
    app.demo.sandbox.clearFaults();
    expect(okStep).toBe('done');
  });

  it('settings: a client secret is write-only — stored, never shown again', async () => {
    expect(await isWired(app, 'secrets.status', { environmentId: 'x' })).toBe(true);
    const { page } = app;
    await page.keyboard.press('Alt+5');
    const method = page.locator('#set-environments-0-authMethod');
    expect(await method.inputValue()).toBe('client_secret');
    await page.locator('#client-secret').fill('s3cret-value');
    await page.getByRole('button', { name: 'Store secret' }).click();
    const state = page.getByTestId('secret-state');
    const refused = page.getByTestId('secret-error').or(page.getByText('The system keychain is not available'));
    await expect
      .poll(async () => (await refused.count()) > 0 || /A secret is stored/.test((await state.textContent()) ?? ''))
      .toBe(true);
    // The project's test runner provides a real Secret Service; without one the refusal must show instead.
    const keychain = await new KeytarSecretStore().isAvailable();
    if (!keychain.available) {
      expect(await refused.count()).toBeGreaterThan(0);
      expect(await state.textContent()).not.toContain('A secret is stored');
      return;
    }
    expect(await refused.count()).toBe(0);
    expect(await state.textContent()).toContain('A secret is stored');
    expect(await page.locator('#client-secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain('s3cret-value');
    await app.screenshot('settings-secret-stored');
  });
});
