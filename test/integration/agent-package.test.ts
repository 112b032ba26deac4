// The agent as an IT admin installs it: `npm pack`, then an install of the tarball with production
// packages only (no tsx, no TypeScript), then the installed `intake-agent` against the embedded sandbox.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderScan, tiffOfScans } from '../../electron/core/capture/test-support/synthetic-scan';
import { letterScan } from '../../electron/core/suggestions/test-support/letters';
import { headCommit } from '../../electron/cli/test-support/head-commit';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let work: string;
let agent: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'intake-pack-'));
  // The test command builds out/ before any test runs; packing here must not rebuild it (prepack would),
  // as other suites are reading out/ at the same time.
  if (!existsSync(join(root, 'out', 'main', 'agent.js')))
    throw new Error('no out/main/agent.js: run `npm run build` first');
  await run(npm, ['pack', '--ignore-scripts', '--pack-destination', work], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  const tarball = (await readdir(work)).find((f) => f.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  const prefix = join(work, 'prefix');
  await run(
    npm,
    ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', prefix, join(work, tarball)],
    { cwd: work, maxBuffer: 64 * 1024 * 1024 },
  );
  agent = join(prefix, 'node_modules', '.bin', 'intake-agent');
}, idleMs(600_000));

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the installed agent package', () => {
  it('has no development packages', () => {
    const modules = join(work, 'prefix', 'node_modules');
    for (const dev of ['tsx', 'typescript', 'vitest', 'electron'])
      expect(existsSync(join(modules, dev)), dev).toBe(false);
  });

  // The build wrote its commit into the bundle (electron.vite.config.ts): the installed package has no .git and
  // no git to ask, yet names the commit out/ was built from (the test command builds from this checkout).
  it('prints its version and the commit it was built from', async () => {
    const { stdout } = await run(agent, ['--version'], {
      cwd: work,
      env: { ...process.env, PATH: dirname(process.execPath) },
    });
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    const escaped = version.replace(/\./g, '\\.');
    expect(stdout.trim()).toMatch(
      new RegExp(`^${escaped} \\(commit ${headCommit()}( with uncommitted changes)?, \\d{4}-\\d\\d-\\d\\d\\)$`),
    );
  });

  it('uploads a file to the embedded sandbox and archives it', async () => {
    const file = join(work, 'letter.pdf');
    await writeFile(file, '%PDF-1.4\n% a letter\n');
    const { stdout } = await run(
      agent,
      ['upload', file, '--sandbox', '--data', join(work, 'data'), '--meta', 'CaseNumber=CLM-2026-000101'],
      { cwd: work },
    );
    const summary = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as {
      summary: { archived: number; failed: number };
    };
    expect(summary.summary).toMatchObject({ archived: 1, failed: 0 });
    expect(existsSync(file)).toBe(true);
  });

  it("refuses a case number the sandbox does not know, with the platform's reason and exit code 1", async () => {
    const file = join(work, 'other.pdf');
    await writeFile(file, '%PDF-1.4\n% another letter\n');
    const failure = await run(
      agent,
      ['upload', file, '--sandbox', '--data', join(work, 'data2'), '--meta', 'CaseNumber=CLM-1999-000000'],
      { cwd: work },
    ).catch((e: { code: number; stdout: string }) => e);
    expect('code' in failure && failure.code).toBe(1);
    expect(failure.stdout).toContain('platform.validation');
  });

  // The workers run from the built bundle here (out/main/*-worker.js), not from source: a bundling fault in a
  // worker (text-worker.js once declared `require` twice and did not load) or a file the package leaves out
  // (the OCR model in resources/ocr/) shows only in this form.
  // Issue #46: the German model comes with the package too (no tesseract-ocr-deu on the machine).
  it(
    'reads a scanned letter with OCR in the built text worker, with the models the package ships',
    async () => {
      const file = join(work, 'brief.png');
      const lines = ['Sehr geehrter Herr Müller,', 'Versicherungsnummer: HR-100001', 'Schloßstraße 4, 50667 Köln'];
      await writeFile(file, await letterScan({ lines, fontSize: 12, page: [297.6, 419.5] }, { dpi: 200, seed: 4 }));
      const { stdout, stderr } = await run(agent, ['text', file, '--ocr-languages', 'deu+eng'], {
        cwd: work,
        timeout: idleMs(120_000),
      });
      expect(stderr).toBe('');
      const [page] = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { source?: string; text?: string });
      expect(page?.source).toBe('ocr');
      expect(page?.text).toContain('HR-100001');
      expect(page?.text).toContain('Müller');
      expect(page?.text).toContain('Schloßstraße 4, 50667 Köln');
    },
    idleMs(150_000),
  );

  it(
    'finds the separator sheet of a scan in the built analysis worker',
    async () => {
      const file = join(work, 'batch.tif');
      const scans = [
        await renderScan({ textLines: 6 }),
        await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128' }] }),
      ];
      await writeFile(file, await tiffOfScans(scans, { compression: 'g4' }));
      const { stdout, stderr } = await run(agent, ['pages', file], { cwd: work, timeout: idleMs(120_000) });
      expect(stderr).toBe('');
      const pages = stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { barcodes: Array<{ text: string }> });
      expect(pages.map((p) => p.barcodes.map((b) => b.text))).toEqual([[], ['PATCHT']]);
    },
    idleMs(150_000),
  );
});
