import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { generateClientKeyPair } from '../core/auth/key-pair';
import { parseAgentArgs, UsageError } from './agent-args';
import { CLIENT_KEY_ENV, loadClientKey, takeClientKeyFromEnv } from './agent-key';
import { EXIT } from './agent-stop-reason';
import { runAgent } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

const KEY_CLIENT = 'station-7';
let dir: string;
let sandbox: RunningSandbox;
let pss: Awaited<ReturnType<typeof generateClientKeyPair>>;
/** The same RSA key as PKCS#1 ("BEGIN RSA PRIVATE KEY"), registered for another client. */
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const RSA_CLIENT = 'station-8';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-key-'));
  pss = await generateClientKeyPair('PS256');
  sandbox = await startSandbox({
    dataDir: join(dir, 'sandbox'),
    port: 0,
    clients: [
      { clientId: KEY_CLIENT, publicKeyPem: pss.publicKeyPem, scopes: ['case_integration'] },
      {
        clientId: RSA_CLIENT,
        publicKeyPem: String(rsa.publicKey.export({ type: 'spki', format: 'pem' })),
        scopes: ['case_integration'],
      },
    ],
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function keyFile(name: string, text: string, mode: number): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  await chmod(path, mode);
  return path;
}

async function usageError(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  throw new Error('expected a UsageError');
}

describe('--key-file', () => {
  it('takes an owner-only file (0600, 0400) and gives the key as PKCS#8', async () => {
    for (const mode of [0o600, 0o400]) {
      const path = await keyFile(`key-${mode.toString(8)}.pem`, pss.privateKeyPem, mode);
      expect(await loadClientKey({ keyFile: path }, 'linux')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    }
  });

  it.each([0o640, 0o604, 0o644, 0o666])('refuses a key file with mode %o, saying chmod 600', async (mode) => {
    const path = await keyFile(`open-${mode.toString(8)}.pem`, pss.privateKeyPem, mode);
    const message = await usageError(loadClientKey({ keyFile: path }, 'linux'));
    expect(message).toContain('readable by other users');
    expect(message).toContain(`0${mode.toString(8)}`);
    expect(message).toContain(`chmod 600 ${path}`);
  });

  it('refuses a symbolic link, a folder, a missing file and a file without a usable key', async () => {
    const target = await keyFile('target.pem', pss.privateKeyPem, 0o600);
    const link = join(dir, 'link.pem');
    await symlink(target, link);
    expect(await usageError(loadClientKey({ keyFile: link }, 'linux'))).toContain('symbolic link');
    const folder = join(dir, 'a-folder');
    await mkdir(folder);
    expect(await usageError(loadClientKey({ keyFile: folder }, 'linux'))).toContain('not a regular file');
    // A FIFO is refused at once, not waited on for a writer (the agent hung at start).
    const fifo = join(dir, 'fifo.pem');
    execFileSync('mkfifo', ['-m', '600', fifo]);
    const t0 = Date.now();
    expect(await usageError(loadClientKey({ keyFile: fifo }, 'linux'))).toContain('not a regular file');
    expect(Date.now() - t0).toBeLessThan(idleMs(2_000));
    expect(await usageError(loadClientKey({ keyFile: join(dir, 'nope.pem') }, 'linux'))).toContain('ENOENT');
    const pub = await keyFile('public.pem', pss.publicKeyPem, 0o600);
    expect(await usageError(loadClientKey({ keyFile: pub }, 'linux'))).toContain('public key');
  });

  it('$INTAKE_CLIENT_KEY holds the PEM text; it is taken out of the environment', async () => {
    const env: NodeJS.ProcessEnv = {
      [CLIENT_KEY_ENV]: String(rsa.privateKey.export({ type: 'pkcs1', format: 'pem' })),
    };
    const text = takeClientKeyFromEnv(env);
    expect(env[CLIENT_KEY_ENV]).toBeUndefined();
    expect(await loadClientKey({ envKey: text ?? '' }, 'linux')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(await usageError(loadClientKey({ envKey: 'garbage' }, 'linux'))).toContain(`$${CLIENT_KEY_ENV}`);
  });

  it('flags: --auth-method is checked, and a key file does not go with client_secret', () => {
    expect(parseAgentArgs(['--auth-method', 'private_key_jwt']).authMethod).toBe('private_key_jwt');
    expect(() => parseAgentArgs(['--auth-method', 'basic'])).toThrow('client_secret or private_key_jwt');
    expect(() => parseAgentArgs(['--auth-method', 'client_secret', '--key-file', 'k.pem'])).toThrow('private_key_jwt');
    expect(() => parseAgentArgs(['--assertion-audience', 'not a url'])).toThrow('http(s) URL');
  });
});

function agentArgs(name: string, clientId: string, extra: string[]): string[] {
  return [
    'upload',
    join(dir, `${name}.pdf`),
    '--data',
    join(dir, `data-${name}`),
    '--base-url',
    sandbox.baseUrl,
    '--token-url',
    sandbox.tokenUrl,
    '--client-id',
    clientId,
    '--scope',
    'case_integration',
    '--meta',
    'CaseNumber=CLM-2026-000101',
    '--log-level',
    'warn',
    ...extra,
  ];
}

/** No Secret Service reachable: what an unattended Linux station without a desktop session has. */
function noKeychainEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}`,
    ...extra,
  };
  delete env.INTAKE_CLIENT_SECRET;
  return env;
}

describe('agent with a key file and no keychain', () => {
  it('uploads with private_key_jwt from --key-file (PS256), the keychain unreachable', async () => {
    await writeFile(join(dir, 'kf.pdf'), '%PDF-1.4\n% scan\n');
    const path = await keyFile('station-7.pem', pss.privateKeyPem, 0o600);
    const r = await runAgent(agentArgs('kf', KEY_CLIENT, ['--key-file', path]), { env: noKeychainEnv() });
    expect(r.summary).toMatchObject({ paused: false, failed: [] });
    expect(r.code).toBe(EXIT.ok);
  });

  it('uploads with a PKCS#1 key from $INTAKE_CLIENT_KEY and --assertion-audience = the base URL', async () => {
    await writeFile(join(dir, 'envkey.pdf'), '%PDF-1.4\n% scan\n');
    const pem = String(rsa.privateKey.export({ type: 'pkcs1', format: 'pem' }));
    const r = await runAgent(agentArgs('envkey', RSA_CLIENT, ['--assertion-audience', sandbox.baseUrl]), {
      env: noKeychainEnv({ [CLIENT_KEY_ENV]: pem }),
    });
    expect(r.code).toBe(EXIT.ok);
  });

  it('an audience the token endpoint does not accept: the platform refuses, exit 3', async () => {
    await writeFile(join(dir, 'aud.pdf'), '%PDF-1.4\n% scan\n');
    const path = await keyFile('station-7b.pem', pss.privateKeyPem, 0o600);
    const r = await runAgent(
      agentArgs('aud', KEY_CLIENT, ['--key-file', path, '--assertion-audience', 'https://someone-else.example/']),
      { env: noKeychainEnv() },
    );
    expect(r.code).toBe(EXIT.configuration);
    expect(r.summary).toMatchObject({ stopped: { code: 'auth.invalid_client' } });
  });

  it('a group-readable key file: exit 2 at start', async () => {
    const path = await keyFile('station-7c.pem', pss.privateKeyPem, 0o640);
    const r = await runAgent(agentArgs('open', KEY_CLIENT, ['--key-file', path]), { env: noKeychainEnv() });
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).toContain('chmod 600');
  });

  it('private_key_jwt with no key file and no keychain: exit 3, saying so and naming the key file alternative', async () => {
    await writeFile(join(dir, 'nokey.pdf'), '%PDF-1.4\n% scan\n');
    const r = await runAgent(agentArgs('nokey', KEY_CLIENT, ['--auth-method', 'private_key_jwt']), {
      env: noKeychainEnv(),
    });
    expect(r.code).toBe(EXIT.configuration);
    const stopped = r.summary?.stopped as { code: string; message: string; action: string };
    expect(stopped.code).toBe('secrets.keychain_unavailable');
    expect(stopped.message).toContain('No keychain is available');
    expect(stopped.action).toContain('--key-file');
    expect(stopped.action).toContain('0600');
  });
});
