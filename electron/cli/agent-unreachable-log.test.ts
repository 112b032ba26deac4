// "platform unreachable" is a warning: an admin who runs the agent with --log-level warn (or filters the
// log on warn) must see that uploads wait for the network. A real agent against a port nothing listens on.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../core/test-support/free-port';
import { EXIT } from './agent-stop-reason';
import { runAgent } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-unreachable-log-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it(
  'logs "platform unreachable" at warn level, so --log-level warn still shows it',
  async () => {
    const scans = join(dir, 'scans');
    await mkdir(scans, { recursive: true });
    await writeFile(join(scans, 'scan.pdf'), '%PDF-1.4\n% waits for the network\n%%EOF\n');
    const url = `http://127.0.0.1:${await freePort()}`;
    const r = await runAgent(
      [
        '--once',
        '--watch',
        scans,
        '--data',
        join(dir, 'data'),
        '--base-url',
        url,
        '--token-url',
        url,
        '--client-id',
        'c',
        '--unreachable-tries',
        '2',
        '--log-level',
        'warn',
      ],
      { env: { ...process.env, INTAKE_CLIENT_SECRET: 's' }, timeoutMs: 60_000 },
    );
    expect(r.code, r.stderr).toBe(EXIT.unreachable);
    expect(r.log).toContainEqual(expect.objectContaining({ level: 'warn', message: 'platform unreachable' }));
  },
  idleMs(70_000),
);
