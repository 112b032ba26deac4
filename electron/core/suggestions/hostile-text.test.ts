import { mkdirSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SCANS, pdfPageBomb, writeHostileSet } from '../capture/test-support/hostile-scans';
import { DocumentTextService } from './document-text';
import { hashFile } from './text-cache';
import { idleMs } from '../util/test-support/box-pace';

/**
 * Document text (pdf.js + render + OCR in the text workers) on the hostile set: the web shell died from
 * this path on start, OCR'ing a bomb in its inbox. Every file ends with text or a reason, in time and
 * without taking the process's memory; a content whose read killed the worker or ran over its budget is
 * not read again by itself; the program ending while reading is held against no file (issue #45).
 */
let dir: string;
let paths: Map<string, string>;
let service: DocumentTextService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-text-'));
  paths = await writeHostileSet(dir, (s) => !s.slow);
  service = new DocumentTextService({ dataDir: join(dir, 'data'), maxOcrPages: 1, poolSize: 1 });
}, idleMs(120_000));
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('document text on the hostile set', () => {
  for (const scan of HOSTILE_SCANS.filter((s) => !s.slow)) {
    it(`${scan.name} ends within 120 s and 1 GiB`, { timeout: idleMs(130_000) }, async () => {
      const start = process.memoryUsage.rss();
      let peak = start;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      const started = performance.now();
      try {
        const r = await service.textOf(paths.get(scan.name)!);
        if (scan.expect === 'too-large')
          expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/megapixels/) });
        if (scan.name === 'tiff-truncated-strip.tif')
          expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/cannot be read/) });
        if (scan.name === 'pdf-100000-pages.pdf' && r.ok) {
          expect(r.pageCount).toBe(100_000);
          expect(r.pages.length).toBeLessThanOrEqual(500); // the rest is not read
        }
      } finally {
        clearInterval(timer);
      }
      expect((performance.now() - started) / 1000).toBeLessThan(120);
      expect(Math.max(peak, process.memoryUsage.rss()) - start).toBeLessThan(1024 ** 3);
    });
  }
});

describe('a document over the file limit', () => {
  it('a sparse 600 MB PDF is not read into the text worker', { timeout: idleMs(60_000) }, async () => {
    const path = join(dir, 'huge.pdf');
    writeFileSync(path, pdfPageBomb(595, 842));
    truncateSync(path, 600 * 2 ** 20);
    expect(await service.textOf(path)).toMatchObject({ ok: false, message: expect.stringMatching(/600 MB/) });
  });
});

describe('a content whose text read takes the worker or the process down', () => {
  const workerUrl = new URL('../capture/test-support/runaway-worker.mjs', import.meta.url);

  it('ran over its budget or killed its worker: remembered, and not read again', async () => {
    const runaway = new DocumentTextService({
      dataDir: join(dir, 'runaway'),
      workerUrl,
      taskBudgetMs: 500,
      poolSize: 1,
      languages: 'eng',
    });
    try {
      for (const name of ['hang.pdf', 'crash.pdf']) {
        const path = join(dir, name);
        writeFileSync(path, `%PDF-1.4 ${name}`);
        expect(await runaway.textOf(path), name).toMatchObject({ ok: false });
        expect(await runaway.textOf(path), name).toMatchObject({
          ok: false,
          message: expect.stringMatching(/^not read again: /),
        });
      }
      const fine = join(dir, 'fine.pdf');
      writeFileSync(fine, '%PDF-1.4 fine');
      expect(await runaway.textOf(fine)).toMatchObject({ ok: true, pageCount: 1 });
    } finally {
      await runaway.close();
    }
  });

  it('a read the program ended under is read again, and no mark stays once it is read (issue #45)', async () => {
    const data = join(dir, 'ended');
    const cacheDir = join(data, 'text-cache');
    mkdirSync(cacheDir, { recursive: true });
    // What kill -9s left behind, as files: a run's mark (this version), the older version's counts of one
    // and of two ends, and its verdict on a content after two, which said nothing against the file.
    const left = {
      'mark.pdf': ['reading', JSON.stringify({ pid: 1, run: 'a-run-that-ended', at: '2026-12-06T00:00:00.000Z' })],
      'count-1.pdf': ['reading', '1'],
      'count-2.pdf': ['reading', '2'],
      'judged.pdf': ['failed', 'reading its text was cut off twice as the program ended'],
    };
    const paths: string[] = [];
    for (const [name, [kind, text]] of Object.entries(left)) {
      const path = join(dir, name);
      writeFileSync(path, `%PDF-1.4 ${name}`);
      writeFileSync(join(cacheDir, `${await hashFile(path)}.${kind}`), text!);
      paths.push(path);
    }
    const after = new DocumentTextService({
      dataDir: data,
      workerUrl,
      poolSize: 1,
      languages: 'eng',
    });
    try {
      for (const path of paths) expect(await after.textOf(path), path).toMatchObject({ ok: true, pageCount: 1 });
      expect(readdirSync(cacheDir).filter((f) => !f.endsWith('.json'))).toEqual([]);
    } finally {
      await after.close();
    }
  });

  it('a read that ended, well or not, leaves no mark; one that killed its worker leaves its reason', async () => {
    const data = join(dir, 'marks');
    const marked = new DocumentTextService({
      dataDir: data,
      workerUrl,
      poolSize: 1,
      taskBudgetMs: 500,
      languages: 'eng',
    });
    try {
      const names = ['fine-1.pdf', 'fine-2.pdf', 'crash-1.pdf', 'hang-1.pdf'];
      const hashes = new Map<string, string>();
      for (const name of names) {
        const path = join(dir, name);
        writeFileSync(path, `%PDF-1.4 ${name}`);
        hashes.set(await hashFile(path), name);
      }
      const results = await Promise.all(names.map((n) => marked.textOf(join(dir, n))));
      expect(results.map((r) => r.ok)).toEqual([true, true, false, false]);
      expect(results[2]).toMatchObject({
        message: expect.stringMatching(/^the text reader crashed reading it: .*; it is not read again$/),
      });
      expect(results[3]).toMatchObject({
        message: expect.stringMatching(/^reading the text took more than 1 s.*; it is not read again$/),
      });
      const left = readdirSync(join(data, 'text-cache')).filter((f) => !f.endsWith('.json'));
      expect(left.map((f) => `${hashes.get(f.replace(/\.\w+$/, ''))} ${f.replace(/^\w+/, '')}`).sort()).toEqual([
        'crash-1.pdf .failed',
        'hang-1.pdf .failed',
      ]);
    } finally {
      await marked.close();
    }
  });
});
