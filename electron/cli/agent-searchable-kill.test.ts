import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { StoredUpload } from '../../sandbox';
import { decodeGray, pdfOfScans } from '../core/capture/test-support/synthetic-scan';
import { pdftotext, qpdfCheck, wordsOfText } from '../core/output/test-support/verify-pdf';
import { letterScan } from '../core/suggestions/test-support/letters';
import { agentEnv, runAgent, searchableAgentArgs } from './test-support/run-agent';
import type { AgentRun } from './test-support/run-agent';
import { spawnAgent } from './test-support/spawned-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #45: an agent with --output searchable-pdf killed again and again while text layers are built
// sends every letter once and searchable (the program's end is held against no file), and a file that
// really crashes the reader goes as scanned with a warning in the log, its history, `status`, the
// metrics and the --once summary.
const PAGE: [number, number] = [420, 300];
const LETTERS = 10;
const KILLS = 5;
const IN_PLACE_LINE = 'files taken in place finished as this station’s';

async function letter(n: number): Promise<Uint8Array> {
  const lines = [
    'Dear Sir or Madam,',
    'please find attached the invoice for the',
    `repair of the windscreen, letter ${n}.`,
  ];
  const scan = await letterScan({ lines, page: PAGE, fontSize: 12 }, { dpi: 300, noise: 6 });
  return pdfOfScans([await decodeGray(scan)], { dpi: 300 });
}

/** The `.reading` marks in the text cache and what each says. */
function marks(cache: string): Map<string, string> {
  const found = new Map<string, string>();
  if (!existsSync(cache)) return found;
  for (const name of readdirSync(cache).filter((f) => f.endsWith('.reading'))) {
    try {
      found.set(name, readFileSync(join(cache, name), 'utf8'));
    } catch {
      // removed between the listing and the read: that read is over
    }
  }
  return found;
}

/** Waits until a read is begun by the agent now running: a mark that is new, or written anew. */
async function untilReadBegins(cache: string, before: Map<string, string>, running: () => boolean): Promise<void> {
  for (;;) {
    for (const [name, mark] of marks(cache)) if (before.get(name) !== mark) return;
    if (!running()) throw new Error('the agent ended before it began a text layer');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function uploadsOf(base: string): Promise<StoredUpload[]> {
  return (await (await fetch(`${base}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const logLines = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('intake-agent --output searchable-pdf under kill -9 (issue #45)', () => {
  it(
    `killed ${KILLS} times while text layers are built: each of ${LETTERS} letters arrives once, searchable`,
    { timeout: idleMs(900_000) },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agent-searchable-kill-'));
      const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
      try {
        const scans = join(dir, 'scans');
        const data = join(dir, 'data');
        const cache = join(data, 'text-cache');
        await mkdir(scans);
        for (let n = 1; n <= LETTERS; n++) await writeFile(join(scans, `letter-${n}.pdf`), await letter(n));
        const args = searchableAgentArgs(scans, data, sandbox, 'info');
        const env = agentEnv(sandbox);
        const logs: string[] = [];
        // Each run is killed as soon as it begins a text layer: after a restart the same letters are read
        // first, so the same letter is cut off again and again.
        for (let kill = 0; kill < KILLS; kill++) {
          const before = marks(cache);
          const agent = spawnAgent(['run', ...args], { env });
          let running = true;
          void agent.exited.then(() => (running = false));
          await untilReadBegins(cache, before, () => running);
          agent.child.kill('SIGKILL');
          expect(await agent.exited).toBeNull();
          logs.push(agent.log());
        }
        expect(marks(cache).size).toBeGreaterThan(0); // what the kills left behind

        const last: AgentRun = await runAgent(['--once', ...args], { env, timeoutMs: 600_000 });
        logs.push(last.stderr);
        expect(last.code, last.stderr.slice(-3000)).toBe(0);

        const got = await uploadsOf(sandbox.baseUrl);
        const names = Array.from({ length: LETTERS }, (_, i) => `letter-${i + 1}.pdf`);
        expect(got.map((u) => u.fileName).sort()).toEqual(names.sort()); // each once
        for (const u of got) {
          const bytes = new Uint8Array(readFileSync(join(dir, 'sandbox', 'uploads', `${u.id}.bin`)));
          expect(qpdfCheck(bytes).ok, u.fileName).toBe(true);
          expect(wordsOfText(pdftotext(bytes)), u.fileName).toEqual(expect.arrayContaining(['invoice', 'windscreen']));
        }
        // Finished reads leave no mark and no verdict; no warning was needed; no in-place files were ever.
        expect(readdirSync(cache).filter((f) => !f.endsWith('.json'))).toEqual([]);
        const lines = logs.flatMap(logLines);
        expect(lines.filter((l) => l['level'] === 'warn' || l['level'] === 'error')).toEqual([]);
        expect(lines.filter((l) => l['message'] === IN_PLACE_LINE)).toEqual([]);
        expect(last.summary).toMatchObject({ sentAsScanned: [] });
      } finally {
        await sandbox.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'a file that really crashes the reader goes as scanned, with a warning in the log, history, status, metrics and --once summary',
    { timeout: idleMs(600_000) },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agent-searchable-crash-'));
      const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
      try {
        const scans = join(dir, 'scans');
        const data = join(dir, 'data');
        await mkdir(scans);
        // The agent's text workers crash on a file holding this mark (crashing-text-worker.mjs).
        const poisoned = async (n: number) =>
          Buffer.concat([await letter(n), Buffer.from('\n% CRASH-THE-TEXT-READER\n')]);
        await writeFile(join(scans, 'letter-1.pdf'), await letter(1));
        await writeFile(join(scans, 'poison-1.pdf'), await poisoned(2));
        const args = searchableAgentArgs(scans, data, sandbox, 'info');
        const worker = new URL('../core/suggestions/test-support/crashing-text-worker.mjs', import.meta.url);
        const env = agentEnv(sandbox, { INTAKE_TEST_TEXT_WORKER: worker.href });

        // A station that runs all day, with its metrics.
        const agent = spawnAgent(['run', ...args, '--metrics-port', '0'], { env });
        try {
          const url = (await agent.untilLog(/"message":"metrics served".*"url":"([^"]+)"/, 300_000))[1] ?? '';
          await expect
            .poll(async () => (await uploadsOf(sandbox.baseUrl)).length, { timeout: idleMs(300_000) })
            .toBe(2);
          const metrics = await (await fetch(url)).text();
          expect(metrics).toMatch(/^intake_sent_as_scanned_total 1$/m);
          const warned = logLines(agent.log()).filter((l) => l['level'] === 'warn');
          expect(warned).toEqual([
            expect.objectContaining({
              message: 'sent as scanned: no searchable PDF could be made',
              file: 'poison-1.pdf',
              reason: expect.stringMatching(/^the text reader crashed reading it: .*; it is not read again$/),
            }),
          ]);
          const status = await runAgent(['status', '--data', data]);
          expect(status.code).toBe(1); // degraded
          const reported = JSON.parse(status.stdout) as { reasons: string[]; status: Record<string, unknown> };
          expect(reported.reasons).toEqual([
            expect.stringMatching(
              /^1 document\(s\) sent as scanned, not searchable; the last: poison-1\.pdf \(the text reader crashed/,
            ),
          ]);
          expect(reported.status['sentAsScanned']).toMatchObject({ count: 1, last: { fileName: 'poison-1.pdf' } });
        } finally {
          await agent.stopExpecting(0);
        }
        const got = await uploadsOf(sandbox.baseUrl);
        const byName = new Map(got.map((u) => [u.fileName, u]));
        const searchable = new Uint8Array(
          readFileSync(join(dir, 'sandbox', 'uploads', `${byName.get('letter-1.pdf')!.id}.bin`)),
        );
        expect(wordsOfText(pdftotext(searchable))).toEqual(expect.arrayContaining(['invoice', 'windscreen']));
        // The poisoned letter went as it was scanned: no text in it.
        const scanned = new Uint8Array(
          readFileSync(join(dir, 'sandbox', 'uploads', `${byName.get('poison-1.pdf')!.id}.bin`)),
        );
        expect(wordsOfText(pdftotext(scanned))).toEqual([]);

        // An unattended --once run: its summary names it; the count in `status` goes on over the restart.
        await writeFile(join(scans, 'poison-2.pdf'), await poisoned(3));
        const once = await runAgent(['--once', ...args], { env, timeoutMs: 300_000 });
        expect(once.code, once.stderr.slice(-3000)).toBe(0);
        expect(once.summary?.['sentAsScanned']).toEqual([
          {
            id: expect.any(String),
            fileName: 'poison-2.pdf',
            reason: expect.stringMatching(/^the text reader crashed reading it: .*; it is not read again$/),
          },
        ]);
        const status = JSON.parse((await runAgent(['status', '--data', data])).stdout) as {
          status: Record<string, unknown>;
        };
        expect(status.status['sentAsScanned']).toMatchObject({ count: 2, last: { fileName: 'poison-2.pdf' } });

        // Each one's history says why.
        const db = new Database(join(data, 'queue.sqlite'), { readonly: true });
        try {
          const steps = db
            .prepare("SELECT file_name, step_values FROM history WHERE code = 'uploadedAsScanned' ORDER BY file_name")
            .all() as Array<{ file_name: string; step_values: string }>;
          expect(steps.map((s) => [s.file_name, (JSON.parse(s.step_values) as { reason: string }).reason])).toEqual([
            ['poison-1.pdf', expect.stringMatching(/^the text reader crashed reading it: /)],
            ['poison-2.pdf', expect.stringMatching(/^the text reader crashed reading it: /)],
          ]);
        } finally {
          db.close();
        }
      } finally {
        await sandbox.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
