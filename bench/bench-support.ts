import { execFile, spawn } from 'node:child_process';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startSandbox } from '../sandbox';
import type { StoredUpload } from '../sandbox';
import type { BenchSandbox } from './sandbox-process';
import type { Environment } from '../shared/domain/settings';
import { FolderProfileSchema } from '../shared/domain/settings';
import { EventBus } from '../electron/core/events/event-bus';
import { createIntakePipeline } from '../electron/core/intake-pipeline';
import type { IntakePipeline } from '../electron/core/intake-pipeline';
import { createNodeFetch } from '../electron/core/http/node-fetch';
import type { HttpFetch } from '../electron/core/http/http-fetch';
import { createPlatformClient } from '../electron/core/platform/create-platform-client';
import type { CredentialSource } from '../electron/core/secrets/credential-store';
import { systemClock } from '../electron/core/util/clock';
import { silentLogger } from '../electron/core/util/logger';
import type { InboxUploader } from '../electron/core/queue/inbox-uploader';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../electron/core/settings/default-environment';

export const run = promisify(execFile);

/**
 * CPU time of the whole box so far (every process and kernel thread: the sandbox, the disk's writeback),
 * in ms, from /proc/stat; undefined where there is none (not Linux).
 */
export function boxCpuMs(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    // USER_HZ is 100 on every Linux build we run on: one tick is 10 ms.
    return (fields.reduce((a, b) => a + b, 0) - idle) * 10;
  } catch {
    return undefined;
  }
}

/**
 * A platform that answers every upload at once and reads nothing: with it the pipeline shows what its own
 * work alone (watcher, spool copy, queue, archive) allows, the upload costing nothing. A bench instrument
 * only: the throughput rows themselves upload to the sandbox over HTTP.
 */
export const INSTANT_PLATFORM: InboxUploader = {
  uploadToInbox: async () => ({ success: true, errors: [] }),
};

export function workDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `intake-bench-${name}-`));
}

export async function sandboxFor(dir: string, maxUploadBytes?: number): Promise<BenchSandbox> {
  return startSandbox({ dataDir: join(dir, 'sandbox'), port: 0, ...(maxUploadBytes ? { maxUploadBytes } : {}) });
}

export function environmentOf(s: BenchSandbox): Environment {
  return {
    ...LOCAL_SANDBOX_ENVIRONMENT,
    baseUrl: s.baseUrl,
    tokenUrl: s.tokenUrl,
    clientId: s.demoClient.clientId,
    scopes: ['case_integration'],
  };
}

/**
 * The platform client on the bench's sandbox with its demo client's secret. By default with the product's
 * fetch (app.ts and the agent build theirs with createNodeFetch: early answers read after a failed write),
 * so a ceiling row measures the product's client, not a barer one. No proxy here.
 */
export function apiFor(s: BenchSandbox, fetchImpl: HttpFetch = createNodeFetch({})) {
  const credentials: CredentialSource = {
    getClientSecret: async () => s.demoClient.secret,
    getPrivateKey: async () => undefined,
    subscribe: () => () => undefined,
  };
  return createPlatformClient({
    environment: environmentOf(s),
    credentials,
    fetch: fetchImpl,
    clock: systemClock,
    logger: silentLogger,
  }).api;
}

export function uploaderFor(s: BenchSandbox): InboxUploader {
  return apiFor(s);
}

/** The in-process pipeline (watcher → queue → real client) over one folder, auto-submitting. */
export async function pipelineFor(
  dir: string,
  scans: string,
  uploader: InboxUploader,
  options: { autoSubmit?: boolean; concurrency?: number } = {},
): Promise<IntakePipeline> {
  return createIntakePipeline({
    dataDir: join(dir, 'data'),
    settings: {
      folders: [
        FolderProfileSchema.parse({
          id: 'bench',
          label: 'bench',
          path: scans,
          autoSubmit: options.autoSubmit ?? true,
          defaultMetadata: { caseNumber: 'CLM-2026-000101' },
        }),
      ],
      archive: { mode: 'delete', retentionDays: 0 },
      upload: { concurrency: options.concurrency ?? 4 },
    },
    uploader,
    bus: new EventBus(),
    clock: systemClock,
    logger: silentLogger,
  });
}

/** An access token fetched with curl, as the curl baseline does for every file. */
export async function curlToken(s: Pick<BenchSandbox, 'tokenUrl' | 'demoClient'>): Promise<string> {
  const token = await run('curl', [
    '-sS',
    '-f',
    '-X',
    'POST',
    `${s.tokenUrl}/connect/token`,
    '-d',
    'grant_type=client_credentials',
    '-d',
    `client_id=${s.demoClient.clientId}`,
    '-d',
    `client_secret=${s.demoClient.secret}`,
    '-d',
    'scope=case_integration',
  ]);
  return (JSON.parse(token.stdout) as { access_token: string }).access_token;
}

/** The baseline: one curl for a fresh token and one curl for the multipart upload, per file. */
export async function curlUpload(s: BenchSandbox, file: string, name: string): Promise<void> {
  await curlUploadWithToken(s, await curlToken(s), file, name);
}

/** One curl multipart upload with the same headers the pipeline sends. */
export async function curlUploadWithToken(
  s: Pick<BenchSandbox, 'baseUrl'>,
  accessToken: string,
  file: string,
  name: string,
): Promise<void> {
  await run(
    'curl',
    [
      '-sS',
      '-f',
      '-o',
      '/dev/null',
      '-X',
      'POST',
      `${s.baseUrl}/de/demo-insurance/v1/digital-inbox/file`,
      '-H',
      `Authorization: Bearer ${accessToken}`,
      '-H',
      'Metadata-CaseNumber: CLM-2026-000101',
      '-H',
      `Metadata-Primary-FileName: ${name}`,
      '-F',
      `file=@${file};type=application/pdf;filename=${name}`,
    ],
    { maxBuffer: 1 << 20 },
  );
}

export async function uploadsOf(s: BenchSandbox): Promise<StoredUpload[]> {
  return (await (await fetch(`${s.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

export async function until(fn: () => boolean | Promise<boolean>, pollMs = 20): Promise<void> {
  while (!(await fn())) await new Promise((r) => setTimeout(r, pollMs));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export interface Figure {
  figure: string;
  target: string;
  result: string;
  ok: boolean;
  command: string;
}

export function printFigures(figures: Figure[]): void {
  for (const f of figures)
    console.log(`| ${f.figure} | ${f.target} | ${f.result} ${f.ok ? '✓' : '✗'} | \`${f.command}\` |`);
}

/** The process's peak resident set (the kernel's VmHWM), sampled until it exits, with its exit code. */
export async function peakRssUntilExit(
  child: ChildProcess,
  intervalMs = 50,
): Promise<{ peakMb: number; code: number | null }> {
  let peakKb = 0;
  const sample = setInterval(() => {
    void readFile(`/proc/${child.pid}/status`, 'utf8')
      .then((text) => (peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(text)?.[1] ?? 0))))
      .catch(() => undefined);
  }, intervalMs);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearInterval(sample);
  return { peakMb: peakKb / 1024, code };
}

/** A PDF-looking file of exactly `bytes` bytes (random body), written in 1 MiB chunks with backpressure. */
export async function writeBigPdf(path: string, bytes: number): Promise<void> {
  const head = Buffer.from('%PDF-1.4\n');
  const tail = Buffer.from('\n%%EOF\n');
  const out = createWriteStream(path);
  const chunk = randomBytes(1 << 20);
  out.write(head);
  let left = bytes - head.length - tail.length;
  while (left > 0) {
    const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
    left -= part.length;
    if (!out.write(part)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((r) => out.end(tail, () => r()));
}

/** The installed agent's bin, as the agent benches run it (its shebang carries the V8 start flags). */
export const AGENT_BIN = resolve(import.meta.dirname, '../bin/intake-agent.mjs');

/**
 * Starts `intake-agent` with `args` against the bench's sandbox: its platform, the demo client (its secret
 * in the environment, as an installed agent's) and the case number every bench document carries.
 */
export function spawnAgent(
  s: Pick<BenchSandbox, 'baseUrl' | 'tokenUrl' | 'demoClient'>,
  args: readonly string[],
  options: { stdio: StdioOptions; after?: readonly string[] },
): ChildProcess {
  return spawn(
    AGENT_BIN,
    [
      ...args,
      '--base-url',
      s.baseUrl,
      '--token-url',
      s.tokenUrl,
      '--client-id',
      s.demoClient.clientId,
      '--meta',
      'CaseNumber=CLM-2026-000101',
      ...(options.after ?? []),
    ],
    { env: { ...process.env, INTAKE_CLIENT_SECRET: s.demoClient.secret }, stdio: options.stdio },
  );
}
