import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { FolderProfileSchema } from '../../shared/domain/settings';
import { CASE_BATCH_PROFILE, caseBatch } from '../core/capture/test-support/case-batch';
import { createDefaultSettings } from '../core/settings/default-settings';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

/**
 * Documents are private to the user the agent runs as: after a real run (a plain folder and a capture
 * folder whose batch is split, uploaded and archived), every file under the data folder is 0600 and every
 * folder 0700, whatever the umask it was started with; an older install's 0644/0755 is tightened at start.
 * The review found queue.sqlite, the spool, archive copies, status.json and the text cache 0644 in 0755.
 */
let dir: string;
let sandbox: RunningSandbox;
let umaskBefore: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-agent-private-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  // The agent inherits the usual 022: it must not depend on a careful umask.
  umaskBefore = process.umask(0o022);
});
afterAll(async () => {
  process.umask(umaskBefore);
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

function modesUnder(root: string): Array<{ path: string; mode: number; dir: boolean }> {
  const out: Array<{ path: string; mode: number; dir: boolean }> = [];
  const walk = (p: string) => {
    const s = statSync(p);
    out.push({ path: p.slice(root.length) || '/', mode: s.mode & 0o777, dir: s.isDirectory() });
    if (s.isDirectory()) for (const e of readdirSync(p)) walk(join(p, e));
  };
  walk(root);
  return out;
}

describe('agent data folder: private by default', () => {
  it(
    'after a real run every file is 0600 and every folder 0700, an older install tightened at start',
    async () => {
      const data = join(dir, 'data');
      const scans = join(dir, 'scans');
      const batches = join(dir, 'batches');
      for (const d of [scans, batches]) mkdirSync(d);
      // An install of an earlier version: the folder 0755, a file of it 0644.
      mkdirSync(join(data, 'archive', '2026-01-02'), { recursive: true, mode: 0o755 });
      chmodSync(data, 0o755);
      writeFileSync(join(data, 'archive', '2026-01-02', 'old-copy.pdf'), '%PDF-1.4\n', { mode: 0o644 });
      const settings = {
        ...createDefaultSettings({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl }),
        folders: [
          FolderProfileSchema.parse({
            id: 'batches',
            label: 'Batches',
            path: batches,
            autoSubmit: true,
            ...CASE_BATCH_PROFILE,
          }),
        ],
      };
      const settingsFile = join(dir, 'settings.json');
      writeFileSync(settingsFile, JSON.stringify(settings));
      writeFileSync(join(scans, 'letter.pdf'), '%PDF-1.4\n% a letter\n%%EOF\n');
      writeFileSync(join(batches, 'CLM-2026-000101_batch.pdf'), await caseBatch());

      const run = await runAgent(
        [
          'run',
          '--once',
          '--settings',
          settingsFile,
          '--watch',
          scans,
          '--data',
          data,
          ...sandboxArgs(sandbox),
          '--meta',
          'CaseNumber=CLM-2026-000101',
        ],
        { env: agentEnv(sandbox), timeoutMs: 120_000 },
      );
      expect(run.code, run.stderr).toBe(0);
      // The letter and the batch's parts uploaded and archived (the capture's originals and parts written).
      expect(run.summary?.['summary']).toMatchObject({ queued: 0, failed: 0 });
      expect((run.summary?.['summary'] as { archived: number }).archived).toBeGreaterThanOrEqual(3);

      const entries = modesUnder(data);
      const names = entries.map((e) => e.path);
      for (const expected of ['/queue.sqlite', '/status.json', '/spool', '/archive', '/logs/agent.log'])
        expect(names, expected).toContain(expected);
      expect(names.some((n) => n.startsWith('/capture/'))).toBe(true);
      const wrong = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
      expect(wrong.map((e) => `${e.path} ${e.mode.toString(8)}`)).toEqual([]);
    },
    idleMs(150_000),
  );
});
