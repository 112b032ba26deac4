import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { AesGcmEncryptor } from './test-support/aes-encryptor';
import { checkEncryptor, EncryptedFileSecretStore } from './encrypted-file-secret-store';
import { tempDir } from '../util/test-support/temp-dir';

describe('EncryptedFileSecretStore', () => {
  let file: string;
  beforeEach(() => {
    file = join(tempDir('intake-secrets-'), 'userData', 'secrets.json');
  });

  it('stores, reads back and deletes a secret without writing it in clear', async () => {
    const store = new EncryptedFileSecretStore(file, new AesGcmEncryptor(), 'linux');
    const secret = 'cs_live_Ünïcode-%&=secret';
    await store.set('Intake Desk (prod)', 'client', secret);
    await store.set('Intake Desk (prod)', 'client#private-key', '-----BEGIN PRIVATE KEY-----');
    await store.set('Intake Desk (test)', 'client', 'other');
    expect(await store.get('Intake Desk (prod)', 'client')).toBe(secret);
    expect(await store.get('Intake Desk (test)', 'client')).toBe('other');
    expect(await store.get('Intake Desk (none)', 'client')).toBeUndefined();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('cs_live');
    expect(JSON.parse(text)).toMatchObject({ format: 'intake-desk-secrets', version: 1, backend: 'gnome_libsecret' });
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await store.delete('Intake Desk (prod)', 'client')).toBe(true);
    expect(await store.delete('Intake Desk (prod)', 'client')).toBe(false);
    expect(await store.get('Intake Desk (prod)', 'client')).toBeUndefined();
    expect(await store.get('Intake Desk (prod)', 'client#private-key')).toBe('-----BEGIN PRIVATE KEY-----');
  });

  it('a second store on the same file (next app start) reads what the first wrote; parallel writes all land', async () => {
    const key = randomBytes(32);
    const first = new EncryptedFileSecretStore(file, new AesGcmEncryptor(key), 'linux');
    await Promise.all(Array.from({ length: 10 }, (_, i) => first.set('svc', `a${i}`, `s${i}`)));
    const second = new EncryptedFileSecretStore(file, new AesGcmEncryptor(key), 'linux');
    for (let i = 0; i < 10; i++) expect(await second.get('svc', `a${i}`)).toBe(`s${i}`);
  });

  it('refuses the basic_text backend on Linux and says why, without creating a file', async () => {
    const store = new EncryptedFileSecretStore(file, new AesGcmEncryptor(undefined, 'basic_text'), 'linux');
    expect(await store.isAvailable()).toMatchObject({
      available: false,
      message: expect.stringContaining('plain text'),
    });
    await expect(store.set('s', 'x', 'y')).rejects.toMatchObject({
      code: 'secrets.keychain_unavailable',
      kind: 'configuration',
      fields: { reason: 'secrets.plain_text' },
    });
    await expect(store.get('s', 'x')).rejects.toMatchObject({ code: 'secrets.keychain_unavailable' });
    expect(() => statSync(file)).toThrow();
  });

  it('reports an unavailable encryptor', async () => {
    const enc = new AesGcmEncryptor(undefined, 'dpapi', false);
    expect(checkEncryptor(enc, 'win32')).toMatchObject({ ok: false, code: 'secrets.unavailable' });
    expect(checkEncryptor(new AesGcmEncryptor(undefined, 'dpapi'), 'win32')).toEqual({ ok: true });
    expect(checkEncryptor(new AesGcmEncryptor(undefined, 'kwallet6'), 'linux')).toEqual({ ok: true });
  });

  it('says so when a secret was stored under another key (e.g. the key ring was reset)', async () => {
    await new EncryptedFileSecretStore(file, new AesGcmEncryptor(), 'linux').set('s', 'a', 'b');
    const other = new EncryptedFileSecretStore(file, new AesGcmEncryptor(undefined, 'kwallet5'), 'linux');
    await expect(other.get('s', 'a')).rejects.toMatchObject({ code: 'secrets.unreadable' });
  });

  it('never overwrites a damaged file', async () => {
    const store = new EncryptedFileSecretStore(file, new AesGcmEncryptor(), 'linux');
    await store.set('s', 'a', 'b');
    writeFileSync(file, '{"format":"something-else"}');
    await expect(store.set('s', 'c', 'd')).rejects.toMatchObject({ code: 'secrets.file_corrupt' });
    expect(readFileSync(file, 'utf8')).toBe('{"format":"something-else"}');
  });
});
