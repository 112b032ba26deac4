import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { idleMs } from '../core/util/test-support/box-pace';
import { tempDir } from '../core/util/test-support/temp-dir';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';

// The agent ends by itself once it stopped and closed everything. A handle a stop missed kept the process
// (a loaded clean-clone run: an agent under --service, sent SIGTERM after a restart on fixed settings, was
// still there 20 s later and was killed): a service manager would wait and then kill it. Now it is named
// and the agent exits with its code after a short grace.
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: tempDir('intake-agent-exit-sandbox-'), port: 0 });
});
afterAll(async () => {
  await sandbox?.close();
});

describe('the agent ends once it stopped', () => {
  it(
    'a handle left behind: named on stderr, and the agent exits with its code anyway',
    async () => {
      const dir = tempDir('intake-agent-exit-');
      await mkdir(join(dir, 'scans'));
      const r = await runAgent(
        ['--once', '--watch', join(dir, 'scans'), '--data', join(dir, 'data'), ...sandboxArgs(sandbox)],
        { env: { ...agentEnv(sandbox), INTAKE_TEST_LEAVE_HANDLE: '1' }, timeoutMs: 60_000 },
      );
      expect(r.timedOut).toBe(false);
      expect(r.code, r.stderr).toBe(0);
      const line = r.stderr.split('\n').find((l) => l.includes('did not end by itself'));
      expect(line, r.stderr).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({
        level: 'warn',
        message: 'the agent did not end by itself after it stopped; ending it',
        exitCode: 0,
        left: expect.arrayContaining(['Timeout']),
      });
    },
    idleMs(90_000),
  );

  it(
    'nothing left behind: it ends at once, without the warning',
    async () => {
      const dir = tempDir('intake-agent-exit-');
      await mkdir(join(dir, 'scans'));
      const r = await runAgent(
        ['--once', '--watch', join(dir, 'scans'), '--data', join(dir, 'data'), ...sandboxArgs(sandbox)],
        { env: agentEnv(sandbox) },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('did not end by itself');
    },
    idleMs(60_000),
  );
});
