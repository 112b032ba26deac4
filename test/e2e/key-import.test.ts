import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import type { JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';

describe('settings: an existing private key', () => {
  const app = appForSuite();

  it('is imported (PKCS#1 RSA), its thumbprint shown; audience and kid are explained', async () => {
    expect(await isWired(app, 'secrets.importPrivateKey', { environmentId: 'x', pem: 'x' })).toBe(true);
    const { page } = app;
    await page.keyboard.press('Alt+5');
    await page.locator('#set-environments-0-authMethod').selectOption('private_key_jwt');
    // Audience and kid: with their explanations, only for certificate authentication.
    await expect.poll(() => page.getByText('Assertion audience').count()).toBeGreaterThan(0);
    expect(await page.content()).toContain('issuer URL');
    expect(await page.getByLabel('Name the key in the assertion (kid)').isChecked()).toBe(true);

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = String(privateKey.export({ type: 'pkcs1', format: 'pem' }));
    const thumbprint = await calculateJwkThumbprint(createPublicKey(privateKey).export({ format: 'jwk' }) as JWK);
    await page.getByTestId('import-key').fill(pem);
    await page.getByTestId('import-key-submit').click();

    const shown = page.getByTestId('public-key-thumbprint');
    const refused = page.getByTestId('secret-error').or(page.getByText('The system keychain is not available'));
    await expect.poll(async () => (await refused.count()) > 0 || (await shown.count()) > 0).toBe(true);
    // The project's test runner provides a real Secret Service; without one the refusal must show instead.
    const keychain = await new KeytarSecretStore().isAvailable();
    if (!keychain.available) {
      expect(await refused.count()).toBeGreaterThan(0);
      return;
    }
    expect(await shown.textContent()).toContain(thumbprint);
    expect(await page.locator('#pub-jwk').inputValue()).toContain('"alg": "RS256"');
    expect(await page.getByTestId('import-key').inputValue()).toBe('');
    const body = pem.split('\n')[1] ?? '';
    expect(await page.content()).not.toContain(body.slice(0, 30));
    await app.screenshot('settings-key-imported');
    await expectAccessible(page);

    // A key with a passphrase is refused with the reason, and the stored key stays.
    const encrypted = String(
      privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' }),
    );
    await page.getByTestId('import-key').fill(encrypted);
    await page.getByTestId('import-key-submit').click();
    await expect.poll(() => page.getByTestId('secret-error').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('secret-error').textContent()).toContain('passphrase');
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });
});
