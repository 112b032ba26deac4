import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPageEditService } from '../capture/page-tools/create-page-edit-service';
import { EventBus } from '../events/event-bus';
import { Archiver } from '../queue/archiver';
import { DocumentQueue } from '../queue/document-queue';
import { Spool } from '../queue/spool';
import { acceptingUploader } from '../queue/test-support/queue-fixture';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { idleMs } from '../util/test-support/box-pace';
import { tempDir } from '../util/test-support/temp-dir';
import type { OfficeDatabase } from './office-database';
import { OfficeStation } from './office-station';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { PostgresPageEditStorage } from './postgres-page-edit-storage';
import { officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// The queue and the page tools composed on the office's engines alone (issue #49 item 2: nothing of the
// queue or the page tools needs the SQLite store): edits, a split, a merge and their undo, across a restart
// whose spool sweep asks the office database which files are kept.
let server: PrivatePostgres;
beforeAll(async () => {
  server = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.destroy();
});
const running: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of running.splice(0).reverse()) await stop();
});

/** One start of a station's queue and page tools over the office database and a data folder. */
async function station(db: OfficeDatabase, dataDir: string, id = 'station-a') {
  const storage = new PostgresDocumentStorage(db, id);
  const records = new PostgresPageEditStorage(db, id);
  const spool = new Spool(join(dataDir, 'spool'));
  const archiver = new Archiver(
    { mode: 'delete', retentionDays: 30 },
    join(dataDir, 'archive'),
    (n) => spool.pathOf(n),
    silentLogger,
  );
  const bus = new EventBus();
  const queue = new DocumentQueue({
    storage,
    history: storage,
    spool,
    archiver,
    uploader: acceptingUploader,
    bus,
    clock: systemClock,
    logger: silentLogger,
    keptSpoolNames: () => records.spoolNames(),
  });
  const pages = createPageEditService({
    records,
    storage,
    documents: queue.documents,
    edits: queue.edits,
    intake: queue.intake,
    spool,
    archive: async (file) => void (await archiver.archive(file, new Date())),
    bus,
    logger: silentLogger,
  });
  queue.pause(); // nothing is uploaded until the test says so
  const recovered = await queue.start();
  pages.start();
  const stop = async () => {
    await pages.stop();
    await queue.stop();
  };
  running.push(stop);
  return {
    queue,
    pages,
    spool,
    recovered,
    stop: () => stop().then(() => void running.splice(running.indexOf(stop), 1)),
  };
}

const pdfOf = async (widths: number[]) => {
  const d = await PDFDocument.create();
  for (const w of widths) d.addPage([w, 842]);
  return d.save();
};

describe('the page tools on the office database', () => {
  it('edit, split and merge with undo, also after a restart: the records and the documents in PostgreSQL alone', async () => {
    const { db } = officeDatabaseOf(await server.createDatabase());
    running.push(() => db.close());
    await db.open();
    await new OfficeStation(db, { id: 'station-a', name: 'PC station-a', logger: silentLogger }).join();
    const dataDir = join(tempDir('office-page-tools-'), 'data');
    let s = await station(db, dataDir);
    const widthsOf = async (id: string) =>
      (await PDFDocument.load(await readFile((await s.queue.contentFile(id)).path)))
        .getPages()
        .map((p) => Math.round(p.getWidth()));

    const a = await s.queue.importBytes('a.pdf', await pdfOf([283, 340, 397]));
    const b = await s.queue.importBytes('b.pdf', await pdfOf([500]));
    await s.pages.edit(a.id, [
      { source: 2, rotate: 0 },
      { source: 0, rotate: 0 },
      { source: 1, rotate: 0 },
    ]);
    expect(await widthsOf(a.id)).toEqual([397, 283, 340]);
    const { split } = await s.pages.split(a.id, 2);
    expect(await widthsOf(split.id)).toEqual([340]);
    await s.pages.merge([a.id, b.id]);
    expect(await widthsOf(a.id)).toEqual([397, 283, 500]);
    expect(await s.pages.state(a.id)).toEqual({ undoable: 3 });
    const { rows } = await db.query<{ seq: number; station_id: string }>(
      'SELECT seq, station_id FROM office_page_edits WHERE document_id = $1 ORDER BY seq',
      [a.id],
    );
    expect(rows).toEqual([1, 2, 3].map((seq) => ({ seq, station_id: 'station-a' })));

    // A restart: the sweep keeps the earlier versions and the merged-in file the office's records name.
    await s.stop();
    s = await station(db, dataDir);
    expect(s.recovered.spool).toEqual({ partial: 0, orphaned: 0 });
    await s.pages.undo(a.id); // the merge
    expect(await s.queue.get(b.id)).toMatchObject({ fileName: 'b.pdf', state: 'new' });
    expect(await widthsOf(b.id)).toEqual([500]);
    await s.pages.undo(a.id); // the split
    await expect(s.queue.get(split.id)).rejects.toMatchObject({ code: 'document.not_found' });
    await s.pages.undo(a.id); // the edit
    expect(await widthsOf(a.id)).toEqual([283, 340, 397]);
    expect((await s.queue.get(a.id)).sha256).toBe(a.sha256);
    expect(await s.pages.state(a.id)).toEqual({ undoable: 0 });
    expect(readdirSync(join(dataDir, 'spool')).sort()).toEqual([a.id, b.id].sort());
  });

  it("an uploaded document's earlier versions go, records and files, and the merged-in documents are archived", async () => {
    const { db } = officeDatabaseOf(await server.createDatabase());
    running.push(() => db.close());
    await db.open();
    await new OfficeStation(db, { id: 'station-a', name: 'PC station-a', logger: silentLogger }).join();
    const dataDir = join(tempDir('office-page-tools-'), 'data');
    const s = await station(db, dataDir);
    const a = await s.queue.importBytes('a.pdf', await pdfOf([283, 340]));
    const b = await s.queue.importBytes('b.pdf', await pdfOf([500]));
    await s.pages.edit(a.id, [{ source: 1, rotate: 90 }]);
    await s.pages.merge([a.id, b.id]);
    await s.queue.submit([a.id], { caseNumber: 'CLM-2026-000101' }, false);
    s.queue.resume();
    await expect
      .poll(async () => (await db.query('SELECT 1 FROM office_page_edits')).rowCount, { timeout: idleMs(30_000) })
      .toBe(0);
    await expect.poll(() => readdirSync(join(dataDir, 'spool')), { timeout: idleMs(30_000) }).toEqual([]);
    expect((await s.queue.get(a.id)).state).toBe('archived');
  });

  it("another station's page change is not undone here: refused by name, the document as it was", async () => {
    const { db } = officeDatabaseOf(await server.createDatabase());
    running.push(() => db.close());
    await db.open();
    for (const id of ['station-a', 'station-b'])
      await new OfficeStation(db, { id, name: `PC ${id}`, logger: silentLogger }).join();
    const a = await station(db, join(tempDir('office-page-tools-'), 'data'));
    const b = await station(db, join(tempDir('office-page-tools-'), 'data'), 'station-b');
    const doc = await a.queue.importBytes('a.pdf', await pdfOf([283, 340]));
    const edited = await a.pages.edit(doc.id, [{ source: 1, rotate: 0 }]);
    // Before the fix B's undo pointed the document at A's earlier file, which B's spool does not have.
    await expect(b.pages.undo(doc.id)).rejects.toMatchObject({ code: 'document.undo_elsewhere' });
    expect((await b.queue.get(doc.id)).sha256).toBe(edited.sha256);
    expect(await a.pages.state(doc.id)).toEqual({ undoable: 1 });
    // At the station that made it, it is undone as always.
    expect((await a.pages.undo(doc.id)).sha256).toBe(doc.sha256);
  });
});
