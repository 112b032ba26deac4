import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../sandbox';
import { EsclDouble } from '../core/scanning/test-support/escl-double';
import { scannerPages } from '../core/scanning/test-support/scan-pages';
import { agentEnv, runAgent, sandboxArgs, sandboxEnvironment } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

/**
 * `intake-agent scanners` and `intake-agent scan` as a headless station runs them (issue #38 item 6): a
 * real agent process, the eSCL double over HTTP and SANE's test:0, the embedded platform sandbox receiving
 * the uploads.
 */
let dir: string;
let sandbox: RunningSandbox;
let double: EsclDouble | undefined;
const hasSaneTest = spawnSync('scanimage', ['-L'], { encoding: 'utf8' }).stdout?.includes("`test:0'") ?? false;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-scan-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await double?.stop();
  double = undefined;
});

/** A scan's part names without the time in them (scan_2026-11-28_10-00-00_p1.pdf is scan_p1.pdf). */
const partName = (fileName: string) => fileName.replace(/^scan_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}/, 'scan');
const uploads = async () => (await (await fetch(`${sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
const jsonLines = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('intake-agent scanners', () => {
  it(
    'prints the scanner named and what it offers; one that does not answer is an error line and exit 7',
    async () => {
      double = await new EsclDouble({ makeAndModel: 'Desk MFP' }).start();
      const run = await runAgent([
        'scanners',
        '--scanner',
        double.url,
        '--mdns-ms',
        '200',
        '--data',
        join(dir, 'list'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const mine = jsonLines(run.stdout).find((l) => l.id === double!.url);
      expect(mine).toMatchObject({
        backend: 'escl',
        via: 'address',
        capabilities: { makeAndModel: 'Desk MFP', sources: ['platen', 'feeder', 'duplex'] },
      });
      const url = double.url;
      await double.stop();
      const gone = await runAgent(['scanners', '--scanner', url, '--mdns-ms', '200', '--data', join(dir, 'list')]);
      expect(gone.code).toBe(7);
      expect(jsonLines(gone.stdout).find((l) => l.id === url)).toMatchObject({ error: 'scanner.unreachable' });
    },
    idleMs(60_000),
  );
});

describe('intake-agent scanners, from the settings files', () => {
  let second: EsclDouble | undefined;
  afterEach(async () => {
    await second?.stop();
    second = undefined;
  });

  it(
    "lists the settings file's scanners (name kept), and the machine file's locked ones instead",
    async () => {
      double = await new EsclDouble({ makeAndModel: 'Front desk MFP' }).start();
      second = await new EsclDouble({ makeAndModel: 'Mail room MFP' }).start();
      const etc = join(dir, 'scanners-settings');
      await mkdir(etc, { recursive: true });
      const user = join(etc, 'settings.json');
      await writeFile(
        user,
        JSON.stringify({
          version: 2,
          environments: [sandboxEnvironment(sandbox)],
          activeEnvironmentId: 'production',
          scanners: [{ url: double.url, name: 'Front desk' }],
        }),
      );
      const run = await runAgent(['scanners', '--settings', user, '--mdns-ms', '0', '--data', join(etc, 'data')]);
      expect(run.code, run.stderr).toBe(0);
      const lines = jsonLines(run.stdout).filter((l) => String(l.id).startsWith('http'));
      expect(lines).toEqual([
        expect.objectContaining({
          id: double.url,
          name: 'Front desk',
          via: 'settings',
          capabilities: expect.objectContaining({ makeAndModel: 'Front desk MFP' }),
        }),
      ]);
      // $INTAKE_DESK_SETTINGS is the same file, as for every other command.
      const byEnv = await runAgent(['scanners', '--mdns-ms', '0', '--data', join(etc, 'data')], {
        env: { ...process.env, INTAKE_DESK_SETTINGS: user },
      });
      expect(jsonLines(byEnv.stdout).filter((l) => l.via === 'settings')).toHaveLength(1);

      // The administrator locks the station's scanners machine-wide: those are listed, the user's are not.
      const machine = join(etc, 'machine.json');
      await writeFile(machine, JSON.stringify({ version: 1, locked: { scanners: [{ url: second.url }] } }));
      const locked = await runAgent([
        'scanners',
        '--settings',
        user,
        '--machine-settings',
        machine,
        '--mdns-ms',
        '0',
        '--data',
        join(etc, 'data'),
      ]);
      expect(locked.code, locked.stderr).toBe(0);
      expect(jsonLines(locked.stdout).filter((l) => String(l.id).startsWith('http'))).toEqual([
        expect.objectContaining({
          id: second.url,
          via: 'settings',
          capabilities: expect.objectContaining({ makeAndModel: 'Mail room MFP' }),
        }),
      ]);

      // A configured scanner that does not answer is its error line; the listing itself succeeded.
      const url = second.url;
      await second.stop();
      second = undefined;
      const down = await runAgent([
        'scanners',
        '--machine-settings',
        machine,
        '--mdns-ms',
        '0',
        '--data',
        join(etc, 'data'),
      ]);
      expect(down.code, down.stderr).toBe(0);
      expect(jsonLines(down.stdout).find((l) => l.id === url)).toMatchObject({
        via: 'settings',
        error: 'scanner.unreachable',
      });

      // A settings file that cannot be read is a settings error (exit 2), not an empty list.
      const missing = await runAgent(['scanners', '--settings', join(etc, 'nope.json'), '--mdns-ms', '0']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/settings file not found/);
    },
    idleMs(60_000),
  );
});

describe('intake-agent scan', () => {
  it(
    'scans the feeder into documents split on PATCH T sheets, uploads them, and exits 0',
    async () => {
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'S', 'L', 'L', 'S', 'L']) }).start();
      const before = (await uploads()).length;
      const run = await runAgent(
        [
          'scan',
          '--scanner',
          double.url,
          '--source',
          'duplex',
          '--dpi',
          '200',
          '--color',
          'gray',
          '--data',
          join(dir, 'escl'),
          '--meta',
          'CaseNumber=CLM-2026-000101',
          ...sandboxArgs(sandbox),
        ],
        { env: agentEnv(sandbox), timeoutMs: 180_000 },
      );
      expect(run.code, run.stderr.slice(-3000)).toBe(0);
      expect(run.summary).toMatchObject({ failed: [] });
      expect(double.jobs[0]).toMatchObject({ source: 'duplex', dpi: 200, color: 'gray' });
      const got = (await uploads()).slice(before);
      // The parts go out side by side (two uploads at a time), so in any order.
      expect(got.map((u) => partName(u.fileName)).sort()).toEqual(['scan_p1.pdf', 'scan_p3-4.pdf', 'scan_p6.pdf']);
      expect(got.every((u) => u.caseNumber === 'CLM-2026-000101')).toBe(true);
    },
    idleMs(240_000),
  );

  it(
    'a paper jam: the pages that came are uploaded, one JSON error line says "scanner.jam", exit 7',
    async () => {
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'S', 'L', 'L', 'L']) }).start();
      double.jamAfter(3);
      const before = (await uploads()).length;
      const run = await runAgent(
        [
          'scan',
          '--scanner',
          double.url,
          '--data',
          join(dir, 'jam'),
          '--meta',
          'CaseNumber=CLM-2026-000101',
          ...sandboxArgs(sandbox),
        ],
        { env: agentEnv(sandbox), timeoutMs: 180_000 },
      );
      expect(run.code, run.stderr.slice(-3000)).toBe(7);
      const lines = jsonLines(run.stdout);
      expect(lines.filter((l) => 'error' in l)).toEqual([
        expect.objectContaining({ error: 'scanner.jam', pages: 3, message: expect.stringMatching(/Paper jam/) }),
      ]);
      const got = (await uploads()).slice(before);
      // The parts go out side by side (two uploads at a time), so in any order.
      expect(got.map((u) => partName(u.fileName)).sort()).toEqual(['scan_p1.pdf', 'scan_p3.pdf']);
    },
    idleMs(240_000),
  );

  it(
    'a scan left for the clerk exits 8 with one JSON line: held for review, or documents wanting metadata',
    async () => {
      const etc = join(dir, 'left');
      await mkdir(etc, { recursive: true });
      const settingsWith = async (name: string, folder: Record<string, unknown>) => {
        const file = join(etc, `${name}.json`);
        await writeFile(
          file,
          JSON.stringify({
            version: 2,
            environments: [sandboxEnvironment(sandbox)],
            activeEnvironmentId: 'production',
            folders: [{ id: name, label: name, path: join(etc, name), ...folder }],
          }),
        );
        return file;
      };
      const scan = (settings: string, profile: string, meta: string[] = []) =>
        runAgent(
          [
            'scan',
            '--scanner',
            double!.url,
            '--settings',
            settings,
            '--profile',
            profile,
            '--data',
            join(etc, `data-${profile}`),
            ...meta,
          ],
          { env: agentEnv(sandbox), timeoutMs: 180_000 },
        );
      const before = (await uploads()).length;

      // A folder with batch review: the scan is held, nothing uploaded.
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'S', 'L', 'L']) }).start();
      const review = await scan(await settingsWith('review', { capture: { review: true } }), 'review', [
        '--meta',
        'CaseNumber=CLM-2026-000101',
      ]);
      expect(review.code, review.stderr.slice(-3000)).toBe(8);
      expect(jsonLines(review.stdout).filter((l) => 'left' in l)).toEqual([
        expect.objectContaining({ left: 'review', pages: 4, documents: 2 }),
      ]);
      expect((await uploads()).length).toBe(before);

      // A folder that requires a case number, none given: the documents wait in the queue.
      double.feeder = await scannerPages(['L', 'S', 'L']);
      const metadata = await scan(
        await settingsWith('needs-case', { capture: {}, requiredFields: ['caseNumber'] }),
        'needs-case',
      );
      expect(metadata.code, metadata.stderr.slice(-3000)).toBe(8);
      const left = jsonLines(metadata.stdout).filter((l) => 'left' in l);
      expect(left).toEqual([expect.objectContaining({ left: 'documents' })]);
      expect((left[0]!.documents as { reason: string }[]).map((d) => d.reason)).toEqual([
        'metadata.missing',
        'metadata.missing',
      ]);
      expect((left[0]!.documents as { fileName: string }[]).map((d) => partName(d.fileName)).sort()).toEqual([
        'scan_p1.pdf',
        'scan_p3.pdf',
      ]);
      expect((await uploads()).length).toBe(before);

      // The same folder with the case number given: all uploaded, exit 0, no such line.
      double.feeder = await scannerPages(['L', 'S', 'L']);
      const complete = await scan(join(etc, 'needs-case.json'), 'needs-case', ['--meta', 'CaseNumber=CLM-2026-000101']);
      expect(complete.code, complete.stderr.slice(-3000)).toBe(0);
      expect(jsonLines(complete.stdout).filter((l) => 'left' in l)).toEqual([]);
      expect((await uploads()).length).toBe(before + 2);
    },
    idleMs(400_000),
  );

  it('bad flags are refused with exit 2', async () => {
    const run = await runAgent(['scan', '--scanner', 'http://x/eSCL', '--source', 'tray', ...sandboxArgs(sandbox)], {
      env: agentEnv(sandbox),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--source must be feeder, platen or duplex/);
  });

  it.runIf(hasSaneTest)(
    'scans SANE test:0 headless: its 10 feeder pages (a grid) become one uploaded document',
    async () => {
      const before = (await uploads()).length;
      const run = await runAgent(
        [
          'scan',
          '--scanner',
          // The test device's own option: a black-and-white grid (its default, solid black, is as empty as white).
          'sane:test:0?test-picture=Grid',
          '--source',
          'feeder',
          '--dpi',
          '75',
          '--data',
          join(dir, 'sane'),
          '--meta',
          'CaseNumber=CLM-2026-000101',
          ...sandboxArgs(sandbox),
        ],
        { env: agentEnv(sandbox), timeoutMs: 180_000 },
      );
      expect(run.code, run.stderr.slice(-3000)).toBe(0);
      const got = (await uploads()).slice(before);
      expect(got).toHaveLength(1);
      expect(got[0]!.fileName).toMatch(/^scan_[\d_-]+\.pdf$/);
      expect(got[0]!.caseNumber).toBe('CLM-2026-000101');
    },
    idleMs(240_000),
  );
});
