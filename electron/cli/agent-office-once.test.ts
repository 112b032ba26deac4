// Issue #50 item 5: with the office database out of reach a station takes nothing new; `run --once` must still
// end (it waited for ever before: the folder's files wait for the database). A real agent, the embedded
// sandbox as its platform, an office database on a port nothing listens on.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { tempDir } from '../core/util/test-support/temp-dir';
import { idleMs } from '../core/util/test-support/box-pace';
import { freePort } from '../core/test-support/free-port';
import { EXIT } from './agent-stop-reason';
import { runAgent } from './test-support/run-agent';

it(
  'run --once with the office database out of reach: ends with exit 5 and a stop reason, the scan left in the folder',
  async () => {
    const dir = tempDir('agent-office-once-');
    const scans = join(dir, 'scans');
    await mkdir(scans, { recursive: true });
    await writeFile(join(scans, 'scan.pdf'), '%PDF-1.4\n% waits for the office database\n%%EOF\n');
    const r = await runAgent(
      [
        'run',
        '--once',
        '--sandbox',
        '--watch',
        scans,
        '--data',
        join(dir, 'data'),
        '--office-database',
        `postgres://intake@127.0.0.1:${await freePort()}/office`,
        '--unreachable-tries',
        '2',
      ],
      { env: { ...process.env, INTAKE_OFFICE_PASSWORD: 'pw' }, timeoutMs: 90_000 },
    );
    expect(r.timedOut, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(EXIT.unreachable);
    expect(r.summary).toMatchObject({
      stopped: { code: 'office.unreachable', action: expect.stringContaining("office's PostgreSQL server") },
    });
    expect(String((r.summary as { stopped: { message: string } }).stopped.message)).toContain(
      'nothing was taken from the watched folders',
    );
    // Nothing taken: the scan is still the folder's (a later run takes it), and no claim was made on the share.
    expect((await readdir(scans)).filter((n) => n !== '.intake')).toEqual(['scan.pdf']);
  },
  idleMs(120_000),
);
