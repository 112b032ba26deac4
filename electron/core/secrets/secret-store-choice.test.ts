import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from './keytar-secret-store';
import { silentLogger } from '../util/logger';
import { AesGcmEncryptor } from './test-support/aes-encryptor';
import { EncryptedFileSecretStore } from './encrypted-file-secret-store';
import { chooseSecretStore } from './secret-store-choice';
import { tempDir } from '../util/test-support/temp-dir';

// keytar whose native module cannot load (no libsecret, wrong ABI): the case the safeStorage store exists for.
const unloadableKeytar = () =>
  new KeytarSecretStore(
    () => {
      throw new Error('libsecret-1.so.0: cannot open shared object file');
    },
    'linux',
    1_000,
  );
const fileStore = (backend: string) =>
  new EncryptedFileSecretStore(
    join(tempDir('intake-choice-'), 'secrets.json'),
    new AesGcmEncryptor(undefined, backend),
    'linux',
  );

describe('chooseSecretStore', () => {
  it('uses the safeStorage file store where keytar cannot load, and it round-trips', async () => {
    const choice = await chooseSecretStore(unloadableKeytar(), fileStore('gnome_libsecret'), silentLogger);
    expect(choice.kind).toBe('safe-storage');
    await choice.store.set('Intake Desk (prod)', 'client', 's3cret');
    expect(await choice.store.get('Intake Desk (prod)', 'client')).toBe('s3cret');
  });

  it('keeps the keychain store (and its clear error) when safeStorage would be plain text', async () => {
    const choice = await chooseSecretStore(unloadableKeytar(), fileStore('basic_text'), silentLogger);
    expect(choice.kind).toBe('keychain');
    await expect(choice.store.get('s', 'a')).rejects.toMatchObject({ code: 'secrets.keychain_unavailable' });
  });

  it('without a fallback (Node shells) the keychain store is used as is', async () => {
    expect((await chooseSecretStore(unloadableKeytar(), undefined, silentLogger)).kind).toBe('keychain');
  });
});

const hasSessionBus = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '';
// The project's test runner sets this: there, a missing Secret Service is a failure, not a skip.
const keychainRequired = process.env.INTAKE_KEYCHAIN_REQUIRED === '1';
describe.skipIf(!hasSessionBus && !keychainRequired)('with a real keychain (gnome-keyring in the test session)', () => {
  it('prefers the keychain over the safeStorage file store', async () => {
    const choice = await chooseSecretStore(new KeytarSecretStore(), fileStore('gnome_libsecret'), silentLogger);
    expect(choice.kind).toBe('keychain');
  });
});
