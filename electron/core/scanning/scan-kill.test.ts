import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import { BatchStore } from '../capture/batches/batch-store';
import { EventBus } from '../events/event-bus';
import type { IntakePipeline } from '../intake-pipeline';
import { waitFor } from '../queue/test-support/queue-fixture';
import { EsclDouble } from './test-support/escl-double';
import { scanKillPipeline } from './test-support/scan-child';
import type { PageKind } from './test-support/scan-pages';
import { scannerPages } from './test-support/scan-pages';
import { idleMs } from '../util/test-support/box-pace';

const ROOT = resolve(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, 'test-support/scan-child.ts');

/**
 * kill -9 mid-scan (issue #38 item 5): a real process scans from the eSCL double (which lives in this test
 * and outlives it) and is killed once some pages are on disk. After the restart the pages that were on
 * disk are the batch's, each once, byte for byte as the scanner sent them; the clerk finishes it and every
 * page is in exactly one document (separator sheets left out), none made twice.
 */
describe('a scan killed -9 mid-feeder', () => {
  let dir: string | undefined;
  let double: EsclDouble | undefined;
  let pipeline: IntakePipeline | undefined;
  afterEach(async () => {
    await pipeline?.stop();
    await double?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    pipeline = undefined;
    double = undefined;
    dir = undefined;
  });

  it(
    'after the restart the pages on disk are there once, and finishing makes each page into one document',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'scan-kill-'));
      const data = join(dir, 'data');
      const layout: PageKind[] = ['L', 'S', 'L', 'L', 'S', 'L', 'L', 'S', 'L', 'L', 'L', 'L'];
      const pages = await scannerPages(layout);
      double = await new EsclDouble({ feeder: [...pages], pageIntervalMs: 250 }).start();
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, data, double.url], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stderr.resume();
      const exited = new Promise<void>((done) => child.on('exit', () => done()));
      let reported = 0;
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        for (const m of d.matchAll(/pages (\d+)/g)) reported = Math.max(reported, Number(m[1]));
        if (reported >= 6) child.kill('SIGKILL');
      });
      await exited;
      expect(reported).toBeGreaterThanOrEqual(6);
      // The scanner still had pages: the scan was cut off mid-feeder.
      expect(double.feeder.length).toBeGreaterThan(0);

      const bus = new EventBus();
      const docs: Document[] = [];
      bus.subscribe((e) => {
        if (e.type === 'documents.changed')
          for (const d of e.documents) if (!docs.some((x) => x.id === d.id)) docs.push(d);
      });
      pipeline = await scanKillPipeline(data, bus);
      await pipeline.start();
      const open = await pipeline.capture.openScans();
      expect(open).toHaveLength(1);
      const batch = open[0]!;
      const folder = join(data, 'capture', 'scans', batch.id);
      const files = (await readdir(folder)).sort();
      // Every page reported before the kill is there (one more may have been written just before it), each once,
      // no half-written page.
      expect(files.length).toBeGreaterThanOrEqual(reported);
      expect(files.length).toBeLessThanOrEqual(reported + 1);
      expect(files).toEqual(files.map((_, i) => `${String(i + 1).padStart(4, '0')}.jpg`));
      for (const [i, f] of files.entries())
        expect((await readFile(join(folder, f))).equals(Buffer.from(pages[i]!))).toBe(true);
      expect(pipeline.capture.progress()).toEqual([
        expect.objectContaining({
          id: batch.id,
          pages: files.length,
          scan: expect.objectContaining({ state: 'stopped' }),
        }),
      ]);

      const before = new BatchStore(pipeline.db).partsMade(batch.id).count;
      await pipeline.capture.finishScan(batch.id);
      await waitFor(() => new BatchStore(pipeline!.db).get(batch.id)?.state === 'split', 'the scan split', 60_000);
      const all = pipeline.db.prepare('SELECT id FROM documents ORDER BY rowid').all() as { id: string }[];
      const counts = await Promise.all(
        all.map(async (d) => (await PDFDocument.load(await readFile(join(data, 'spool', d.id)))).getPageCount()),
      );
      const separators = layout.slice(0, files.length).filter((k) => k === 'S').length;
      // Every page that reached the disk is in one document; separator sheets are left out; nothing twice.
      expect(counts.reduce((a, b) => a + b, 0)).toBe(files.length - separators);
      expect(all.length).toBe(before + docs.length);
    },
    idleMs(180_000),
  );
});
