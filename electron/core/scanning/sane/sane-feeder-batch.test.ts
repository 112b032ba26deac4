import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchStore } from '../../capture/batches/batch-store';
import type { IntakePipeline } from '../../intake-pipeline';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { EsclDouble } from '../test-support/escl-double';
import type { PageKind } from '../test-support/scan-pages';
import { scannerPages } from '../test-support/scan-pages';
import { renderScan } from '../../capture/test-support/synthetic-scan';
import { scanStation } from '../test-support/scan-station';
import { SaneBackend } from './sane-backend';
import { idleMs } from '../../util/test-support/box-pace';

/**
 * A 30-page feeder batch with PATCH T separator sheets through the app's real SANE path (SaneBackend →
 * scanimage → libsane), into the right documents (issue #38, done-when).
 *
 * SANE's `test` device draws only test patterns, and its `pnm` device gives one page per job (its second
 * sane_start answers EOF, so `scanimage --batch` stops after page 1): neither can carry a separator sheet
 * through a feeder. SANE's own `escl` backend (libsane1's libsane-escl) can: it is a SANE feeder device
 * whose pages come from an eSCL scanner, here the spec-true eSCL double holding the printed pages. So
 * everything from scanimage down is SANE's code, and SANE decodes and re-encodes each page as a real
 * scanner's backend does. A private SANE_CONFIG_DIR (dll.conf naming `escl`) leaves /etc/sane.d alone.
 */
const hasSane = spawnSync('scanimage', ['--version'], { encoding: 'utf8' }).status === 0;
const saneLib = (name: string) =>
  ['/usr/lib/x86_64-linux-gnu/sane', '/usr/lib/sane', '/usr/lib64/sane'].some((d) =>
    existsSync(join(d, `libsane-${name}.so.1`)),
  );
const hasEsclBackend = saneLib('escl');
const hasPnmBackend = saneLib('pnm');

// Pages 1–30: L letter, S PATCH T sheet. Documents: p1-2, p4, p6-8, p10-11, p13-16, p18, p20-21, p23-25, p27-30.
const LAYOUT = 'LLSLSLLLSLLSLLLLSLSLLSLLLSLLLL'.split('') as PageKind[];

describe.runIf(hasSane && hasEsclBackend)('a 30-page SANE feeder batch with separator sheets', () => {
  let dir: string;
  let pipeline: IntakePipeline | undefined;
  let double: EsclDouble | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sane-feeder-'));
  });
  afterEach(async () => {
    await double?.stop();
    double = undefined;
    await pipeline?.stop();
    pipeline = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'scans through scanimage page by page into 9 documents, each with its pages, none lost or twice',
    async () => {
      expect(LAYOUT).toHaveLength(30);
      double = await new EsclDouble({ feeder: await scannerPages(LAYOUT), makeAndModel: 'Feeder over SANE' }).start();
      const saneConfig = join(dir, 'sane.d');
      await mkdir(saneConfig);
      await writeFile(join(saneConfig, 'dll.conf'), 'escl\n');
      await writeFile(join(saneConfig, 'escl.conf'), '');
      const device = `sane:escl:http://127.0.0.1:${double.port}`;

      const sane = new SaneBackend({ tempDir: dir, env: { ...process.env, SANE_CONFIG_DIR: saneConfig } });
      const station = await scanStation(dir, [sane]);
      ({ pipeline } = station);
      const { scanning, docs, pagesOf } = station;

      // The device offers what a feeder scanner offers, read from scanimage -A.
      expect(await sane.capabilities(device)).toMatchObject({ sources: ['platen', 'feeder', 'duplex'] });
      const { batch, done } = await scanning.start({
        scanner: device,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      const outcome = await done;
      expect(outcome.problem).toBeUndefined();
      expect(outcome).toMatchObject({ pages: 30, finished: true });
      // SANE asked for the feeder, at the resolution and colour asked, in one job.
      expect(double.jobs).toHaveLength(1);
      expect(double.jobs[0]).toMatchObject({ source: 'feeder', dpi: 200 });
      expect(double.feeder).toEqual([]);

      await waitFor(() => new BatchStore(pipeline!.db).get(batch.id)?.state === 'split', 'the scan split', 120_000);
      const stem = batch.fileName.replace(/\.pdf$/, '');
      const expected = ['1-2', '4', '6-8', '10-11', '13-16', '18', '20-21', '23-25', '27-30'];
      expect(docs.map((d) => d.fileName)).toEqual(expected.map((p) => `${stem}_p${p}.pdf`));
      const pageCounts = await Promise.all(docs.map(pagesOf));
      expect(pageCounts).toEqual([2, 1, 3, 2, 4, 1, 2, 3, 4]);
      // 22 letter pages in documents + 8 separator sheets dropped = the 30 scanned.
      expect(pageCounts.reduce((a, b) => a + b, 0) + LAYOUT.filter((k) => k === 'S').length).toBe(30);
    },
    idleMs(240_000),
  );
});

describe.runIf(hasSane && hasPnmBackend)('SANE pnm on the glass, page by page, into one batch', () => {
  let dir: string;
  let pipeline: IntakePipeline | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sane-glass-'));
  });
  afterEach(async () => {
    await pipeline?.stop();
    pipeline = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'six sheets laid on the glass one by one ("scan more into this batch"), finished: split on the PATCH T sheet',
    async () => {
      // SANE's pnm device has no source and no mode: a glass that reads the PNM file its option names.
      const saneConfig = join(dir, 'sane.d');
      await mkdir(saneConfig);
      await writeFile(join(saneConfig, 'dll.conf'), 'pnm\n');
      const glass = join(dir, 'glass.pgm');
      const pgm = async (kind: 'L' | 'S') => {
        const b =
          kind === 'S'
            ? await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128', moduleMm: 0.4 }] }, { noise: 8 })
            : await renderScan({ textLines: 12 }, { noise: 8, seed: 3 });
        return Buffer.concat([Buffer.from(`P5\n${b.width} ${b.height}\n255\n`), Buffer.from(b.data)]);
      };
      const sheets = { L: await pgm('L'), S: await pgm('S') };
      const device = `sane:pnm:0?filename=${encodeURIComponent(glass)}`;

      const sane = new SaneBackend({ tempDir: dir, env: { ...process.env, SANE_CONFIG_DIR: saneConfig } });
      const station = await scanStation(dir, [sane]);
      ({ pipeline } = station);
      const { scanning, docs, pagesOf } = station;
      await writeFile(glass, sheets.L);
      expect(await sane.capabilities(device)).toMatchObject({ sources: ['platen'], colors: ['color', 'gray'] });

      let batchId: string | undefined;
      for (const [i, kind] of (['L', 'L', 'S', 'L', 'L', 'L'] as const).entries()) {
        await writeFile(`${glass}.next`, sheets[kind]);
        await rename(`${glass}.next`, glass);
        const { batch, done } = await scanning.start({
          scanner: device,
          request: { source: 'platen', dpi: 200, color: 'gray' },
          folderId: 'post',
          keepOpen: true,
          ...(batchId ? { batchId } : {}),
        });
        batchId = batch.id;
        const outcome = await done;
        expect(outcome.problem).toBeUndefined();
        expect(outcome).toMatchObject({ pages: i + 1, finished: false });
      }
      await scanning.finish(batchId!);
      await waitFor(() => new BatchStore(pipeline!.db).get(batchId!)?.state === 'split', 'the scan split', 120_000);
      const stem = new BatchStore(station.pipeline.db).get(batchId!)!.fileName.replace(/\.pdf$/, '');
      expect(docs.map((d) => d.fileName)).toEqual([`${stem}_p1-2.pdf`, `${stem}_p4-6.pdf`]);
      const counts = await Promise.all(docs.map(pagesOf));
      expect(counts).toEqual([2, 3]);
    },
    idleMs(240_000),
  );
});
