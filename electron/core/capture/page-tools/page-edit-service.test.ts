import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { renderScan, tiffOfScans } from '../test-support/synthetic-scan';
import { tempDir } from '../../util/test-support/temp-dir';

let pipeline: IntakePipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  pipeline = undefined;
});

async function start(dataDir: string) {
  pipeline = await createIntakePipeline({
    dataDir,
    settings: { folders: [], archive: { mode: 'move', retentionDays: 30 }, upload: { concurrency: 1 } },
    uploader: { uploadToInbox: () => Promise.reject(new Error('not in this test')) },
    bus: new EventBus(),
    clock: systemClock,
    logger: silentLogger,
  });
  await pipeline.start();
  return pipeline;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const pagesOf = async (p: IntakePipeline, id: string) => {
  const pdf = await PDFDocument.load(await readFile((await p.queue.contentFile(id)).path));
  return pdf.getPages().map((page) => ({ rotation: page.getRotation().angle, width: Math.round(page.getWidth()) }));
};

describe('page tools', () => {
  it('rotate, delete and move make a new file; undo goes back, byte for byte, also after a restart', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    let p = await start(dataDir);
    // Three pages told apart by their width.
    const made = await PDFDocument.create();
    for (const w of [283, 340, 397]) made.addPage([w, 842]).drawText(`page ${w}`, { x: 20, y: 800 });
    const original = await made.save();
    const doc = await p.queue.importBytes('letter.pdf', original);
    const widths = (await pagesOf(p, doc.id)).map((x) => x.width);
    expect(widths).toEqual([283, 340, 397]);

    const edited = await p.pages.edit(doc.id, [
      { source: 2, rotate: 0 },
      { source: 0, rotate: 90 },
    ]);
    expect(edited.sha256).not.toBe(doc.sha256);
    expect(await pagesOf(p, doc.id)).toEqual([
      { rotation: 0, width: widths[2] },
      { rotation: 90, width: widths[0] },
    ]);
    expect(await p.pages.state(doc.id)).toEqual({ undoable: 1 });
    await p.pages.edit(doc.id, [{ source: 1, rotate: 180 }]);
    expect(await pagesOf(p, doc.id)).toEqual([{ rotation: 270, width: widths[0] }]);

    await p.stop();
    pipeline = undefined;
    p = await start(dataDir); // the start-up sweep keeps the earlier versions
    expect(await p.pages.state(doc.id)).toEqual({ undoable: 2 });
    await p.pages.undo(doc.id);
    expect((await pagesOf(p, doc.id)).length).toBe(2);
    const back = await p.pages.undo(doc.id);
    expect(back.sha256).toBe(doc.sha256);
    expect(sha(new Uint8Array(await readFile((await p.queue.contentFile(doc.id)).path)))).toBe(sha(original));
    expect(readdirSync(join(dataDir, 'spool'))).toEqual([doc.id]);
    await expect(p.pages.undo(doc.id)).rejects.toMatchObject({ code: 'document.no_undo' });
    // Every change of the file is in the document's history.
    expect(
      (await p.queue.history({ limit: 20 }))
        .filter((h) => h.documentId === doc.id)
        .map((h) => h.step?.code)
        .reverse(),
    ).toEqual(['imported', 'pagesEdited', 'pagesEdited', 'pageEditUndone', 'pageEditUndone']);
  });

  it('stop() waits for an edit under way: nothing is written to the data folder after it', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    const p = await start(dataDir);
    const made = await PDFDocument.create();
    for (const w of [283, 340]) made.addPage([w, 842]);
    const doc = await p.queue.importBytes('letter.pdf', await made.save());
    let settled = false;
    const edit = p.pages.edit(doc.id, [{ source: 1, rotate: 90 }]).finally(() => (settled = true));
    await p.stop();
    pipeline = undefined;
    // The edit ended before the database closed: it went through, recorded, with its file in the spool.
    expect(settled).toBe(true);
    expect((await edit).sha256).not.toBe(doc.sha256);
    const spool = readdirSync(join(dataDir, 'spool')).sort();
    const after = await start(dataDir);
    expect(await after.pages.state(doc.id)).toEqual({ undoable: 1 });
    expect(spool).toEqual([doc.id, `${doc.id}.edit1`].sort());
  });

  it('a TIFF page edit gives a PDF; a page that does not exist or a queued document is refused', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    const p = await start(dataDir);
    const tiff = await tiffOfScans([await renderScan({ textLines: 2 }), await renderScan({ textLines: 4 })], {
      compression: 'g4',
    });
    const doc = await p.queue.importBytes('fax.tif', tiff);
    const edited = await p.pages.edit(doc.id, [{ source: 1, rotate: 90 }]);
    expect(edited).toMatchObject({ fileName: 'fax.pdf', contentType: 'application/pdf' });
    expect(await pagesOf(p, doc.id)).toMatchObject([{ rotation: 90 }]);

    await expect(p.pages.edit(doc.id, [{ source: 3, rotate: 0 }])).rejects.toMatchObject({ code: 'document.pages' });
    await p.queue.submit([doc.id], { caseNumber: 'CLM-2026-000101' }, false);
    await expect(p.pages.edit(doc.id, [{ source: 0, rotate: 0 }])).rejects.toMatchObject({ code: 'document.state' });
    expect(existsSync(join(dataDir, 'spool', `${doc.id}.edit2`))).toBe(false);
  });

  it('split here makes a second document from the later pages; undo takes it back while it is in the inbox', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    const p = await start(dataDir);
    const made = await PDFDocument.create();
    for (const w of [283, 340, 397]) made.addPage([w, 842]);
    const doc = await p.queue.importBytes('post.pdf', await made.save());
    await p.queue.tag([doc.id], { caseNumber: 'CLM-2026-000101' });

    const { kept, split } = await p.pages.split(doc.id, 1);
    expect((await pagesOf(p, kept.id)).map((x) => x.width)).toEqual([283]);
    expect((await pagesOf(p, split.id)).map((x) => x.width)).toEqual([340, 397]);
    expect(split).toMatchObject({ fileName: 'post-p2.pdf', state: 'new', metadata: { caseNumber: 'CLM-2026-000101' } });
    await expect(p.pages.split(doc.id, 1)).rejects.toMatchObject({ code: 'document.pages' });

    await p.pages.undo(doc.id);
    expect((await pagesOf(p, doc.id)).map((x) => x.width)).toEqual([283, 340, 397]);
    await expect(p.queue.get(split.id)).rejects.toThrow();
    expect(readdirSync(join(dataDir, 'spool'))).toEqual([doc.id]);

    // Once the later pages are queued, the split is not undone.
    const again = await p.pages.split(doc.id, 2);
    p.queue.pause(); // held in the queue (nothing is uploaded in this test)
    await p.queue.submit([again.split.id], undefined, false);
    await expect(p.pages.undo(doc.id)).rejects.toMatchObject({ code: 'document.state' });
    expect((await pagesOf(p, doc.id)).map((x) => x.width)).toEqual([283, 340]);
  });

  it('merges documents into the first; undo brings the others back as they were, also after a restart', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    let p = await start(dataDir);
    const pdfOf = async (widths: number[]) => {
      const d = await PDFDocument.create();
      for (const w of widths) d.addPage([w, 842]);
      return d.save();
    };
    const a = await p.queue.importBytes('a.pdf', await pdfOf([283, 340]));
    const tiff = await tiffOfScans([await renderScan({ textLines: 2 }, { dpi: 100 })], { dpi: 100 });
    const b = await p.queue.importBytes('b.tif', tiff);
    await p.queue.tag([b.id], { policyNumber: 'HR-100001' });
    // The parts agree (a merge that would lose b's value is refused: the next test).
    await p.queue.tag([a.id], { policyNumber: 'HR-100001' });

    await p.pages.merge([a.id, b.id]);
    expect((await pagesOf(p, a.id)).map((x) => x.width)).toEqual([283, 340, 595]);
    await expect(p.queue.get(b.id)).rejects.toThrow();
    await expect(p.pages.merge([a.id])).rejects.toMatchObject({ code: 'document.merge' });

    await p.stop();
    pipeline = undefined;
    p = await start(dataDir); // the sweep keeps the merged-in document's file
    await p.pages.undo(a.id);
    expect((await pagesOf(p, a.id)).map((x) => x.width)).toEqual([283, 340]);
    expect(await p.queue.get(b.id)).toMatchObject({
      fileName: 'b.tif',
      state: 'tagged',
      metadata: { policyNumber: 'HR-100001' },
    });
    expect(sha(new Uint8Array(await readFile((await p.queue.contentFile(b.id)).path)))).toBe(sha(tiff));
  });

  it('refuses a merge that would lose a value, naming the field; nothing changes (issue #36 item 3)', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    const p = await start(dataDir);
    const pdfOf = async (widths: number[]) => {
      const d = await PDFDocument.create();
      for (const w of widths) d.addPage([w, 842]);
      return d.save();
    };
    const a = await p.queue.importBytes('a.pdf', await pdfOf([283]));
    const b = await p.queue.importBytes('b.pdf', await pdfOf([340]));
    const c = await p.queue.importBytes('c.pdf', await pdfOf([400]));
    await p.queue.tag([a.id], { caseNumber: 'CLM-2026-000102' });
    await p.queue.tag([b.id], { caseNumber: 'CLM-2026-000103' });
    await expect(p.pages.merge([a.id, b.id])).rejects.toMatchObject({
      code: 'document.merge_conflict',
      fields: { caseNumber: 'document.merge_conflict' },
      message: expect.stringContaining('CLM-2026-000102 / CLM-2026-000103'),
    });
    // A value only the merged-in part has would be lost too.
    await p.queue.tag([c.id], { policyNumber: 'HR-100001' });
    await expect(p.pages.merge([a.id, c.id])).rejects.toMatchObject({ code: 'document.merge_conflict' });
    expect((await pagesOf(p, a.id)).map((x) => x.width)).toEqual([283]);
    expect((await p.queue.get(b.id)).metadata.caseNumber).toBe('CLM-2026-000103');
    expect((await p.queue.get(c.id)).state).toBe('tagged');
    // A part with nothing of its own loses nothing: merged.
    await p.queue.tag([c.id], { policyNumber: '' });
    await p.pages.merge([a.id, c.id]);
    expect((await pagesOf(p, a.id)).map((x) => x.width)).toEqual([283, 400]);
  });

  it('refuses a merge that would lose a value typed and not sent (issue #48 item 2)', async () => {
    const dataDir = join(tempDir('page-edit-'), 'data');
    const p = await start(dataDir);
    const pdfOf = async (w: number) => {
      const d = await PDFDocument.create();
      d.addPage([w, 842]);
      return d.save();
    };
    const a = await p.queue.importBytes('a.pdf', await pdfOf(283));
    const b = await p.queue.importBytes('b.pdf', await pdfOf(340));
    const typed: Record<string, { caseNumber: string }> = {
      [a.id]: { caseNumber: 'CLM-2026-000102' },
      [b.id]: { caseNumber: 'CLM-2026-000103' },
    };
    await expect(p.pages.merge([a.id, b.id], (id) => typed[id])).rejects.toMatchObject({
      code: 'document.merge_conflict',
      message: expect.stringContaining('CLM-2026-000102 / CLM-2026-000103'),
    });
    expect((await p.queue.get(b.id)).state).toBe('new');
    expect((await pagesOf(p, a.id)).map((x) => x.width)).toEqual([283]);
    // Typed the same: nothing to lose, merged.
    typed[b.id] = { caseNumber: 'CLM-2026-000102' };
    await p.pages.merge([a.id, b.id], (id) => typed[id]);
    expect((await pagesOf(p, a.id)).map((x) => x.width)).toEqual([283, 340]);
  });
});
