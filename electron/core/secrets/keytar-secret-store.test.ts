import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { JsonLineLogger } from '../util/logger';
import { clientSecretAccount, CredentialStore, privateKeyAccount, serviceName } from './credential-store';
import { KeytarSecretStore } from './keytar-secret-store';
import { generateClientKeyPair } from '../auth/key-pair';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../..');
const hasSessionBus = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '';
// The project's test runner sets this: there, a missing Secret Service is a failure, not a skip.
const keychainRequired = process.env.INTAKE_KEYCHAIN_REQUIRED === '1';
const env = `keychain-test-${process.pid}`;

async function secretTool(...args: string[]): Promise<string> {
  try {
    return (await run('secret-tool', args)).stdout;
  } catch {
    return '';
  }
}

// Needs a Secret Service: the test runner wraps vitest in dbus-run-session with an unlocked gnome-keyring.
describe.skipIf(!hasSessionBus && !keychainRequired)('keychain round trip (real gnome-keyring)', () => {
  const logLines: string[] = [];
  const credentials = new CredentialStore(
    new KeytarSecretStore(),
    new JsonLineLogger((l) => logLines.push(l), 'debug'),
  );
  const ref = { environmentId: env, clientId: 'intake-desk-demo', tokenUrl: 'https://login.example.com/realm' };
  const account = clientSecretAccount('intake-desk-demo', 'https://login.example.com');

  afterAll(async () => {
    await credentials.deleteClientSecret(ref);
    await credentials.deletePrivateKey(ref);
  });

  it('stores, replaces and deletes the client secret under "Intake Desk (<env>)" / client id@token origin', async () => {
    expect(await credentials.status(ref)).toEqual({
      environmentId: env,
      clientSecret: false,
      privateKey: false,
      keychain: { available: true },
    });
    await credentials.setClientSecret(ref, 'first-secret\n');
    expect(await secretTool('lookup', 'service', serviceName(env), 'account', account)).toBe('first-secret');
    await credentials.setClientSecret(ref, 'second-secret');
    expect(await credentials.getClientSecret(ref)).toBe('second-secret');
    expect((await credentials.status(ref)).clientSecret).toBe(true);
    expect(await credentials.deleteClientSecret(ref)).toBe(true);
    expect(await credentials.getClientSecret(ref)).toBeUndefined();
    expect(await secretTool('lookup', 'service', serviceName(env), 'account', account)).toBe('');
  });

  it('a secret stored for one token origin is not there for another (asked for again)', async () => {
    await credentials.setClientSecret(ref, 'bound-secret');
    const moved = { ...ref, tokenUrl: 'https://attacker.example.net/realm' };
    expect(await credentials.getClientSecret(moved)).toBeUndefined();
    expect((await credentials.status(moved)).clientSecret).toBe(false);
    expect(await credentials.getClientSecret(ref)).toBe('bound-secret');
    await credentials.deleteClientSecret(ref);
  });

  it('keeps the private key in its own entry and refuses anything that is not a PKCS#8 key', async () => {
    const pair = await generateClientKeyPair();
    await credentials.setPrivateKey(ref, pair.privateKeyPem);
    expect(
      (
        await secretTool('lookup', 'service', serviceName(env), 'account', privateKeyAccount('intake-desk-demo'))
      ).trim(),
    ).toBe(pair.privateKeyPem.trim());
    expect(await credentials.status(ref)).toMatchObject({ clientSecret: false, privateKey: true });
    await expect(credentials.setPrivateKey(ref, pair.publicKeyPem)).rejects.toMatchObject({
      code: 'secrets.invalid_private_key',
    });
  });

  it('never writes a secret into the log', async () => {
    await credentials.setClientSecret(ref, 'log-canary-secret');
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain('log-canary-secret');
  });
});

describe('no keychain reachable', () => {
  it('says so clearly, refuses to store the secret and writes nothing to disk', async () => {
    const home = mkdtempSync(join(tmpdir(), 'no-keychain-'));
    try {
      const { stdout } = await run(
        join(root, 'node_modules/.bin/tsx'),
        [join(import.meta.dirname, 'test-support/keychain-probe.ts')],
        {
          cwd: root,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: home,
            DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/intake-desk-bus',
          },
          timeout: 60_000,
        },
      );
      const result = JSON.parse(stdout) as {
        availability: { available: boolean; message?: string };
        refused?: { kind: string; code: string; message: string };
        status: { clientSecret: boolean; keychain: { available: boolean } };
      };
      expect(result.availability.available).toBe(false);
      expect(result.availability.message).toContain('No keychain is available');
      expect(result.availability.message).toContain('Secret Service');
      expect(result.refused).toMatchObject({ kind: 'configuration', code: 'secrets.keychain_unavailable' });
      expect(result.status).toMatchObject({ clientSecret: false, keychain: { available: false } });
      const written = listFiles(home).filter((f) => readFileSync(f, 'utf8').includes('plain-text-must-not-happen'));
      expect(written).toEqual([]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}
