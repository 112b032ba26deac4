import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { DocumentStore } from '../core/queue/document-store';
import { openQueueDatabase } from '../core/queue/queue-database';
import { EXIT } from './agent-stop-reason';
import type { AgentUser } from './test-support/run-agent';
import { agentCommand, agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { scansLeftIn } from '../core/test-support/scans-left';
import { pastIdleTime, idleMs } from '../core/util/test-support/box-pace';

/**
 * A queue.sqlite the agent's user may not write (chmod 444), as the review found it: the agent said
 * "could not take file; will try again" every 2 s, `status` said healthy (exit 0), `--once` never ended,
 * and after `chmod 644` it stayed stuck: SQLite had made queue.sqlite-shm read-only too. Root ignores file
 * modes, so the agent runs as `nobody` (setpriv), a service account as on a station.
 */
const NOBODY: AgentUser = { uid: 65534, gid: 65534 };
let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'intake-agent-ro-'));
  chmodSync(dir, 0o755);
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A data folder the agent (as nobody) made, a scans folder of nobody's with `files` scans in it, and with
 * `interrupted` a document a killed run left `uploading` (its spool copy there, its key given).
 */
async function station(
  name: string,
  files: number,
  interrupted = false,
): Promise<{ data: string; scans: string; args: string[] }> {
  const root = join(dir, name);
  const data = join(root, 'data');
  const scans = join(root, 'scans');
  mkdirSync(data, { recursive: true });
  mkdirSync(scans);
  chmodSync(root, 0o755);
  chownSync(data, NOBODY.uid, NOBODY.gid);
  chownSync(scans, NOBODY.uid, NOBODY.gid);
  const args = ['--watch', scans, '--data', data, ...sandboxArgs(sandbox), '--meta', 'CaseNumber=CLM-2026-000101'];
  const first = await runAgent(['run', '--once', ...args], { env: agentEnv(sandbox), user: NOBODY });
  expect(first.code, first.stderr).toBe(0);
  for (let i = 0; i < files; i++) {
    const file = join(scans, `scan_${i}.pdf`);
    writeFileSync(file, `%PDF-1.4\n% scan ${i} of ${name}\n%%EOF\n`);
    chownSync(file, NOBODY.uid, NOBODY.gid);
  }
  if (interrupted) {
    const db = openQueueDatabase(join(data, 'queue.sqlite'));
    const store = new DocumentStore(db);
    const id = randomUUID();
    const bytes = '%PDF-1.4\n% interrupted\n%%EOF\n';
    writeFileSync(join(data, 'spool', id), bytes);
    chownSync(join(data, 'spool', id), NOBODY.uid, NOBODY.gid);
    const at = new Date().toISOString();
    store.insert({
      ...{ id, fileName: 'interrupted.pdf', sourceFolder: scans, spoolName: id, size: bytes.length },
      ...{
        contentType: 'application/pdf',
        sha256: createHash('sha256').update(bytes).digest('hex'),
        at,
        state: 'queued' as const,
      },
      ...{ metadata: { caseNumber: 'CLM-2026-000101' }, idempotencyKey: randomUUID() },
    });
    store.update(id, { state: 'uploading', attempts: 1 }, at, { code: 'attempt', values: { n: 1 } });
    await store.close();
    db.close();
  }
  // The admin's mistake: the database read-only for its owner.
  chmodSync(join(data, 'queue.sqlite'), 0o444);
  return { data, scans, args };
}

const logLines = (stderr: string, message: string) =>
  stderr.split('\n').filter((l) => l.includes(`"message":"${message}"`)).length;

async function statusOf(data: string): Promise<{ code: number | null; json: Record<string, unknown> }> {
  const run = await runAgent(['status', '--data', data]);
  return { code: run.code, json: JSON.parse(run.stdout) as Record<string, unknown> };
}

async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const started = performance.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (pastIdleTime(started, ms)) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('agent on a read-only queue database (the agent runs as another user)', () => {
  it(
    'says failing (status exit 2), logs it once, and goes on without a restart after chmod 644',
    async () => {
      // A document a killed run left uploading: start-up cannot requeue it yet, and must not fail for that.
      const { data, scans, args } = await station('running', 2, true);
      const [command, commandArgs] = agentCommand(['run', ...args], NOBODY);
      const child = spawn(command, commandArgs, { env: agentEnv(sandbox), stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      try {
        const failing = await until('status failing', async () => {
          const s = await statusOf(data);
          const reasons = (s.json['reasons'] as string[] | undefined) ?? [];
          return s.code === 2 && reasons.some((r) => r.includes('storage.read_only')) ? s : undefined;
        });
        expect(failing.json['health']).toBe('failing');
        expect((failing.json['reasons'] as string[]).join(' ')).toMatch(/data folder failing .*storage\.read_only/);
        // Some seconds of failing: one line for it, none per try.
        await new Promise((r) => setTimeout(r, 3_000));
        expect(
          logLines(stderr, 'data folder failing; retrying with backoff'),
          stderr
            .split('\n')
            .filter((l) => l.includes('failing'))
            .join('\n'),
        ).toBe(1);
        expect(logLines(stderr, 'could not take file; will try again')).toBe(0);
        expect(scansLeftIn(scans)).toHaveLength(2);

        chmodSync(join(data, 'queue.sqlite'), 0o644);
        await until('both scans uploaded and archived', () => (scansLeftIn(scans).length === 0 ? true : undefined));
        // The interrupted one too (requeued with its key once the database took writes).
        await until('the interrupted document uploaded', async () => {
          const uploads = (await (await fetch(`${sandbox.baseUrl}/__sandbox/uploads`)).json()) as Array<{
            fileName: string;
          }>;
          return uploads.some((u) => u.fileName === 'interrupted.pdf') ? true : undefined;
        });
        const healthy = await until('status healthy', async () => {
          const s = await statusOf(data);
          return s.code === 0 ? s : undefined;
        });
        expect(healthy.json['health']).toBe('healthy');
        expect(logLines(stderr, 'queue database re-opened for writing')).toBe(1);
        expect(logLines(stderr, 'data folder ok again')).toBe(1);
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('close', r));
      }
      // The -wal and -shm files SQLite made read-only (the database file's mode then) are the agent's own
      // and private now: the re-open made them 0600 (queue.sqlite is as the admin left it, 0644).
      for (const f of readdirSync(data).filter((n) => n.startsWith('queue.sqlite-')))
        expect(statSync(join(data, f)).mode & 0o077, f).toBe(0);
    },
    idleMs(90_000),
  );

  it(
    '--once ends with exit code 6 and says why when nothing can go on',
    async () => {
      const { data, args } = await station('once', 1);
      const run = await runAgent(['run', '--once', ...args], {
        env: agentEnv(sandbox),
        user: NOBODY,
        timeoutMs: 60_000,
      });
      expect(run.timedOut).toBe(false);
      expect(run.code, run.stderr).toBe(EXIT.storage);
      expect(run.summary?.['stopped']).toMatchObject({ code: 'storage.read_only' });
      expect(String((run.summary?.['stopped'] as { action: string }).action)).toMatch(
        /writable by the user the agent runs as/,
      );
      expect(logLines(run.stderr, 'could not take file; will try again')).toBe(0);
      // Nothing was lost: the scan waits in its folder for the next run.
      chmodSync(join(data, 'queue.sqlite'), 0o644);
      const again = await runAgent(['run', '--once', ...args], { env: agentEnv(sandbox), user: NOBODY });
      expect(again.code, again.stderr).toBe(0);
      expect(again.summary?.['summary']).toMatchObject({ archived: 1 });
    },
    idleMs(120_000),
  );
});
