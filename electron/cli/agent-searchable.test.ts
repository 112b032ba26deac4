import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { StoredUpload } from '../../sandbox';
import { decodeGray, pdfOfScans } from '../core/capture/test-support/synthetic-scan';
import { pdftotext, qpdfCheck, wordsOfText } from '../core/output/test-support/verify-pdf';
import { letterScan } from '../core/suggestions/test-support/letters';
import { agentCommand, agentEnv, runAgent, searchableAgentArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #39's done-criteria: the agent with --output searchable-pdf against a real platform double (the
// sandbox over sockets), and kill -9 while the text layer is built: nothing lost, nothing sent twice.
const PAGE: [number, number] = [420, 300];
const LINES = [
  ['Dear Sir or Madam,', 'please find attached the invoice for the', 'repair of the windscreen. Kind regards'],
  ['Sehr geehrte Damen und Herren,', 'wir bestaetigen den Eingang Ihrer Meldung', 'Bitte senden Sie uns die Rechnung.'],
];

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('intake-agent --output searchable-pdf', () => {
  it(
    'kill -9 while the text layer is built: the next run sends each scan once, searchable',
    { timeout: idleMs(240_000) },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'agent-searchable-'));
      const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
      try {
        const scans = join(dir, 'scans');
        const data = join(dir, 'data');
        await mkdir(scans);
        const pages = [];
        for (const lines of LINES)
          pages.push(await decodeGray(await letterScan({ lines, page: PAGE, fontSize: 12 }, { dpi: 300, noise: 6 })));
        const scan = await pdfOfScans(pages, { dpi: 300 });
        const png = await letterScan({ lines: LINES[0]!, page: PAGE, fontSize: 12 }, { dpi: 300, noise: 6 });
        await writeFile(join(scans, 'letters.pdf'), scan);
        await writeFile(join(scans, 'photo.png'), png);
        const args = searchableAgentArgs(scans, data, sandbox, 'warn');
        const env = agentEnv(sandbox);

        // The first run is killed once a text worker is reading a scan for its searchable PDF.
        const [command, commandArgs] = agentCommand(['run', ...args]);
        const child = spawn(command, commandArgs, { env, stdio: 'ignore' });
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        const cache = join(data, 'text-cache');
        const deadline = Date.now() + 120_000;
        while (Date.now() < deadline && !(existsSync(cache) && readdirSync(cache).some((f) => f.endsWith('.reading'))))
          await new Promise((r) => setTimeout(r, 20));
        expect(child.exitCode).toBeNull();
        child.kill('SIGKILL');
        await exited;
        expect(await uploadsOf(sandbox.baseUrl)).toEqual([]);

        const run = await runAgent(['--once', ...args], { env, timeoutMs: 180_000 });
        expect(run.code, run.stderr).toBe(0);
        const got = await uploadsOf(sandbox.baseUrl);
        expect(got.map((u) => u.fileName).sort()).toEqual(['letters.pdf', 'photo.pdf']);
        for (const u of got) {
          const bytes = new Uint8Array(readFileSync(join(dir, 'sandbox', 'uploads', `${u.id}.bin`)));
          expect(u.contentType).toBe('application/pdf');
          expect(qpdfCheck(bytes).ok).toBe(true);
          const words = wordsOfText(pdftotext(bytes));
          expect(words).toEqual(expect.arrayContaining(['invoice', 'windscreen']));
          if (u.fileName === 'letters.pdf') expect(words).toEqual(expect.arrayContaining(['rechnung', 'meldung']));
        }
        // The scans left the folder for the archive, as scanned; nothing is left in the spool or outgoing.
        expect(readdirSync(scans).filter((f) => !f.startsWith('.'))).toEqual([]);
        const archived = readdirSync(join(data, 'archive'), { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => sha(readFileSync(join(e.parentPath, e.name))));
        expect(archived.sort()).toEqual([sha(scan), sha(png)].sort());
        expect(readdirSync(join(data, 'spool'))).toEqual([]);
        expect(readdirSync(join(data, 'outgoing'))).toEqual([]);
      } finally {
        await sandbox.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('refuses an unknown --output and --smaller without a searchable PDF', async () => {
    const bad = await runAgent(['--output', 'tiff', '--once']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--output must be original or searchable-pdf');
    const smaller = await runAgent(['--smaller', '--once']);
    expect(smaller.code).toBe(2);
    expect(smaller.stderr).toContain('--smaller is for --output searchable-pdf');
  });
});

async function uploadsOf(base: string): Promise<StoredUpload[]> {
  return (await (await fetch(`${base}/__sandbox/uploads`)).json()) as StoredUpload[];
}
