import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_PROFILE } from '../../../../shared/domain/capture';
import { CapturePool } from '../analysis/capture-pool';
import { splitFile } from './split-file';
import { g4TiffBomb, HOSTILE_SCANS, pdfPageBomb, writeHostileSet } from '../test-support/hostile-scans';
import { idleMs } from '../../util/test-support/box-pace';

/**
 * The hostile set (issue #27) through the real capture path: the analysis pool's worker threads, then the
 * split writer, as a watched capture folder runs them. Each file must end with its outcome within 120 s
 * while the process stays under 1 GiB more than it started with. Before the limits, the TIFF and the
 * 14400-pt PDF took this process to several GB (or it died), the 100,000-page PDF ran for over an hour, and
 * the truncated strip and the page-tree cycle threw instead of being `damaged`.
 */
let dir: string;
let paths: Map<string, string>;
const pool = new CapturePool({ size: 2 });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hostile-'));
  paths = await writeHostileSet(dir, (s) => !s.slow);
}, idleMs(120_000));
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

/** Samples this process's RSS while `work` runs: the peak above what it was at the start. */
async function peakRssGrowth<T>(work: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  try {
    const value = await work();
    return { value, growth: Math.max(peak, process.memoryUsage.rss()) - start };
  } finally {
    clearInterval(timer);
  }
}

describe('the hostile set through capture (pool + workers + split)', () => {
  for (const scan of HOSTILE_SCANS.filter((s) => !s.slow)) {
    it(
      `${scan.name} (${scan.group}) ends as ${scan.expect}, in time and memory`,
      { timeout: idleMs(130_000) },
      async () => {
        const started = performance.now();
        const { value: r, growth } = await peakRssGrowth(() =>
          splitFile(paths.get(scan.name)!, join(dir, `${scan.name}.parts`), DEFAULT_CAPTURE_PROFILE, pool),
        );
        const seconds = (performance.now() - started) / 1000;
        expect(r.ok ? 'pages' : r.problem.code).toBe(scan.expect);
        expect(seconds).toBeLessThan(120);
        expect(growth).toBeLessThan(1024 ** 3);
      },
    );
  }

  it('a file over the file limit (a sparse 600 MB TIFF and PDF) is too-large without being read', async () => {
    for (const name of ['huge.tif', 'huge.pdf']) {
      const path = join(dir, name);
      await writeFile(path, name.endsWith('.tif') ? g4TiffBomb(1000) : pdfPageBomb(595, 842));
      await truncate(path, 600 * 2 ** 20); // sparse: no 600 MB written, none read
      const { value: r, growth } = await peakRssGrowth(() =>
        splitFile(path, join(dir, `${name}.parts`), DEFAULT_CAPTURE_PROFILE, pool),
      );
      expect(r, name).toMatchObject({
        ok: false,
        problem: { code: 'too-large', message: expect.stringMatching(/600 MB/) },
      });
      expect(growth, name).toBeLessThan(100 * 2 ** 20);
    }
  });

  it('the pool still works after the set (no worker lost for good)', { timeout: idleMs(60_000) }, async () => {
    const r = await pool.analyseFile(paths.get('pdf-count-lie.pdf')!, { dpi: 200, blankThreshold: 0.002 });
    expect(r).toMatchObject({ ok: true, pages: [{ page: 0, blank: false }] });
  });
});
