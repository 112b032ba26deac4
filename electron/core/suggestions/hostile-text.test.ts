import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE_SCANS, pdfPageBomb, writeHostileSet } from '../capture/test-support/hostile-scans';
import { MAX_TEXT_READS_BEGUN, DocumentTextService } from './document-text';
import { hashFile, TextCache } from './text-cache';

/**
 * Document text (pdf.js + render + OCR in the text workers) on the hostile set: the web shell died from
 * this path on start, OCR'ing a bomb in its inbox. Every file ends with text or a reason, in time and
 * without taking the process's memory; a content whose read killed the worker or the process is not read
 * again by itself.
 */
let dir: string;
let paths: Map<string, string>;
let service: DocumentTextService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hostile-text-'));
  paths = await writeHostileSet(dir, (s) => !s.slow);
  service = new DocumentTextService({ dataDir: join(dir, 'data'), maxOcrPages: 1, poolSize: 1 });
}, 120_000);
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('document text on the hostile set', () => {
  for (const scan of HOSTILE_SCANS.filter((s) => !s.slow)) {
    it(`${scan.name} ends within 120 s and 1 GiB`, { timeout: 130_000 }, async () => {
      const start = process.memoryUsage.rss();
      let peak = start;
      const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      const started = performance.now();
      try {
        const r = await service.textOf(paths.get(scan.name)!);
        if (scan.expect === 'too-large') expect(r).toMatchObject({ ok: false, message: /megapixels/ });
        if (scan.name === 'tiff-truncated-strip.tif') expect(r).toMatchObject({ ok: false, message: /cannot be read/ });
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
  it('a sparse 600 MB PDF is not read into the text worker', { timeout: 60_000 }, async () => {
    const path = join(dir, 'huge.pdf');
    writeFileSync(path, pdfPageBomb(595, 842));
    truncateSync(path, 600 * 2 ** 20);
    expect(await service.textOf(path)).toMatchObject({ ok: false, message: /600 MB/ });
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
        expect(await runaway.textOf(path), name).toMatchObject({ ok: false, message: /^not read again: / });
      }
      const fine = join(dir, 'fine.pdf');
      writeFileSync(fine, '%PDF-1.4 fine');
      expect(await runaway.textOf(fine)).toMatchObject({ ok: true, pageCount: 1 });
    } finally {
      await runaway.close();
    }
  });

  it('cut off twice by the process ending (its marks left on disk): not read a third time', async () => {
    const data = join(dir, 'crashed');
    const path = join(dir, 'crashed.pdf');
    writeFileSync(path, '%PDF-1.4 crashed twice');
    // What two processes killed while reading it leave behind: the count written before each read.
    await new TextCache(join(data, 'text-cache')).setReadsBegun(await hashFile(path), MAX_TEXT_READS_BEGUN);
    const after = new DocumentTextService({
      dataDir: data,
      workerUrl,
      poolSize: 1,
      languages: 'eng',
    });
    try {
      expect(await after.textOf(path)).toMatchObject({ ok: false, message: /cut off twice/ });
    } finally {
      await after.close();
    }
  });
});
