import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../sandbox';
import { FolderProfileSchema } from '../../shared/domain/settings';
import {
  CASE_BATCH_CASES,
  CASE_BATCH_FILE_NAME,
  CASE_BATCH_PROFILE,
  caseBatch,
} from '../core/capture/test-support/case-batch';
import { g4TiffBomb } from '../core/capture/test-support/hostile-scans';
import { createDefaultSettings } from '../core/settings/default-settings';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-hostile-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

const uploads = async () => (await (await fetch(`${sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];

/**
 * The review's station: a capture folder that receives the 12.6 KB G4 TIFF declaring 100,000 × 100,000
 * pixels. Before issue #27 the agent died 10 s after it arrived and at every start after (the batch stayed
 * `received` and was analysed again). Now it is refused before decoding, kept whole with its reason, and
 * the station goes on: three starts of a real agent, each uploading what else arrived.
 */
describe('a real agent with a hostile scan in its capture folder', () => {
  it(
    'stays up over three starts; the scan is kept whole once, every other document is uploaded',
    { timeout: idleMs(300_000) },
    async () => {
      const capture = join(dir, 'capture');
      const plain = join(dir, 'plain');
      const data = join(dir, 'data');
      await mkdir(capture, { recursive: true });
      await mkdir(plain, { recursive: true });
      const settingsFile = join(dir, 'settings.json');
      const settings = {
        ...createDefaultSettings({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl }),
        folders: [
          FolderProfileSchema.parse({
            id: 'post',
            label: 'Post',
            path: capture,
            autoSubmit: true,
            ...CASE_BATCH_PROFILE,
          }),
        ],
      };
      await writeFile(settingsFile, JSON.stringify(settings));
      await writeFile(join(capture, 'bomb.tif'), g4TiffBomb());
      await writeFile(join(capture, CASE_BATCH_FILE_NAME), await caseBatch());

      for (let start = 1; start <= 3; start++) {
        await writeFile(join(plain, `letter-${start}.pdf`), `%PDF-1.7 letter ${start}`);
        const run = await runAgent(
          [
            'run',
            '--once',
            '--settings',
            settingsFile,
            '--data',
            data,
            '--watch',
            plain,
            '--meta',
            'CaseNumber=CLM-2026-000101',
            ...sandboxArgs(sandbox),
          ],
          { env: agentEnv(sandbox), timeoutMs: 120_000 },
        );
        const label = `start ${start}: ${run.stderr.slice(-2000)}`;
        expect(run.timedOut, label).toBe(false);
        expect(run.code, label).toBe(0);
        expect(run.summary, label).toMatchObject({ summary: { new: 1 }, failed: [] });
        // Refused from its directory at the first start (no pixel decoded), and not looked at again.
        const kept = run.log.filter((l) => l.message === 'batch kept whole');
        expect(kept, label).toHaveLength(start === 1 ? 1 : 0);
        if (start === 1) expect(kept[0]).toMatchObject({ code: 'capture.too_large' });
      }
      const got = await uploads();
      expect(
        got
          .map((u) => u.fileName)
          .filter((n) => n.startsWith('letter-'))
          .sort(),
      ).toEqual(['letter-1.pdf', 'letter-2.pdf', 'letter-3.pdf']);
      expect(
        got
          .filter((u) => /_p\d+(-\d+)?\.pdf$/.test(u.fileName)) // the parts: the batch's name and their pages
          .map((u) => u.caseNumber)
          .sort(),
      ).toEqual([...CASE_BATCH_CASES]);
      expect(got.some((u) => u.fileName === 'bomb.tif')).toBe(false);
    },
  );
});
