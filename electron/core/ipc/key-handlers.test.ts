import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { CredentialStore } from '../secrets/credential-store';
import { createDefaultSettings } from '../settings/default-settings';
import { SettingsService } from '../settings/settings-service';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { dispatch } from './handler-table';
import { createKeyHandlers } from './key-handlers';
import { completeHandlerTable } from './test-support/complete-handler-table';

describe('importing a private key over IPC', () => {
  let dir: string;
  let credentials: CredentialStore;
  let call: (channel: string, request: unknown) => Promise<unknown>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-key-handlers-'));
    const settings = new SettingsService({
      path: join(dir, 'settings.json'),
      defaults: () => createDefaultSettings({ baseUrl: 'http://127.0.0.1:1', tokenUrl: 'http://127.0.0.1:1' }),
      clock: systemClock,
      logger: silentLogger,
    });
    await settings.load();
    credentials = new CredentialStore(new MemorySecretStore(), silentLogger);
    const table = completeHandlerTable(createKeyHandlers({ settings, credentials }));
    call = (channel, request) => dispatch(table, channel, request);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('stores a PKCS#1 RSA key as PKCS#8 and answers only with its public half and thumbprint', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = String(privateKey.export({ type: 'pkcs1', format: 'pem' }));
    const result = (await call('secrets.importPrivateKey', { environmentId: 'local-sandbox', pem })) as {
      ok: boolean;
      value: {
        algorithm: string;
        publicKeyPem: string;
        publicKeyJwk: Record<string, unknown>;
        thumbprint: string;
        status: { privateKey: boolean };
      };
    };
    expect(result.ok).toBe(true);
    expect(result.value).toMatchObject({ algorithm: 'RS256', status: { privateKey: true } });
    expect(result.value.publicKeyJwk).toMatchObject({ kty: 'RSA', alg: 'RS256', kid: result.value.thumbprint });
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
    expect(result.value.publicKeyJwk).not.toHaveProperty('d');

    const shown = (await call('secrets.publicKey', { environmentId: 'local-sandbox' })) as {
      value: { thumbprint: string; publicKeyPem: string };
    };
    expect(shown.value.thumbprint).toBe(result.value.thumbprint);
    expect(shown.value.publicKeyPem).toBe(result.value.publicKeyPem);
  });

  it('refuses an encrypted key with its own code, and keeps the stored key', async () => {
    const before = (await call('secrets.publicKey', { environmentId: 'local-sandbox' })) as { value: unknown };
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const pem = String(privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'x' }));
    expect(await call('secrets.importPrivateKey', { environmentId: 'local-sandbox', pem })).toMatchObject({
      ok: false,
      error: { code: 'secrets.encrypted_private_key' },
    });
    expect(await call('secrets.publicKey', { environmentId: 'local-sandbox' })).toEqual(before);
  });

  it('no stored key: null', async () => {
    expect(await call('secrets.publicKey', { environmentId: 'production' })).toMatchObject({
      ok: true,
      value: null,
    });
  });
});
