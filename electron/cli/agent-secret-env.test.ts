import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_ENV, takeClientSecretFromEnv } from './agent-config';
import { main } from './agent';

// What a child process started after the agent read its configuration sees of the secret.
function childSees(): string {
  const r = spawnSync(process.execPath, ['-e', `process.stdout.write(String(process.env.${CLIENT_SECRET_ENV}))`], {
    encoding: 'utf8',
  });
  return r.stdout;
}

describe('$INTAKE_CLIENT_SECRET', () => {
  afterEach(() => {
    delete process.env[CLIENT_SECRET_ENV];
  });

  it('is read once and removed, so a child process does not inherit it', () => {
    process.env[CLIENT_SECRET_ENV] = 's3cret-from-env';
    expect(childSees()).toBe('s3cret-from-env'); // the probe works: an inherited variable is seen
    expect(takeClientSecretFromEnv(process.env)).toBe('s3cret-from-env');
    expect(process.env[CLIENT_SECRET_ENV]).toBeUndefined();
    expect(childSees()).toBe('undefined');
    expect(takeClientSecretFromEnv(process.env)).toBeUndefined();
  });

  it('an empty value counts as unset (the keychain is used)', () => {
    process.env[CLIENT_SECRET_ENV] = '';
    expect(takeClientSecretFromEnv(process.env)).toBeUndefined();
    expect(CLIENT_SECRET_ENV in process.env).toBe(false);
  });

  it('the agent removes it from its environment before it runs a command', async () => {
    const data = await mkdtemp(join(tmpdir(), 'intake-agent-env-'));
    try {
      process.env[CLIENT_SECRET_ENV] = 's3cret-from-env';
      const code = await main(['list', '--data', data, '--log-level', 'error'], process.env);
      expect(code).toBe(0);
      expect(process.env[CLIENT_SECRET_ENV]).toBeUndefined();
      expect(childSees()).toBe('undefined');
    } finally {
      await rm(data, { recursive: true, force: true });
    }
  });
});
