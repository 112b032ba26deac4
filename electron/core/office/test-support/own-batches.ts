import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { historyStep } from '../../../../shared/domain/history';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { partStep } from '../../capture/batches/batch-plan';
import type { CaptureBatch, StoredPlan } from '../../capture/batches/batch-storage';
import { BatchStore } from '../../capture/batches/batch-store';
import { CASE_BATCH_FILE_NAME, CASE_BATCH_PROFILE, caseBatch } from '../../capture/test-support/case-batch';
import { seenKeyOf } from '../../intake/hot-folder';
import { DocumentStore } from '../../queue/document-store';
import { openQueueDatabase } from '../../queue/queue-database';
import { Spool } from '../../queue/spool';

const T1 = '2026-12-01T09:00:00.000Z';
const T2 = '2026-12-01T09:05:00.000Z';
const T3 = '2026-12-01T09:10:00.000Z';

/** The case batch: 0 A1 · 1 A2 · 2 cover 102 · 3 blank back · 4 B1 · 5 B2 · 6 cover 103 · 7 C1 · 8 C2. */
export const PLAN: StoredPlan = {
  pages: [
    { page: 0, role: 'content' },
    { page: 1, role: 'content' },
    { page: 2, role: 'separator' },
    { page: 3, role: 'blank' },
    { page: 4, role: 'content' },
    { page: 5, role: 'content' },
    { page: 6, role: 'separator' },
    { page: 7, role: 'content' },
    { page: 8, role: 'content' },
  ],
  documents: [
    { pages: [0, 1], metadata: {} },
    { pages: [4, 5], metadata: { CaseNumber: 'CLM-2026-000102' } },
    { pages: [7, 8], metadata: { CaseNumber: 'CLM-2026-000103' } },
  ],
};

/**
 * The station's own file as capture left it before the station had an office database: the real stores, the
 * originals' copies in capture/originals/ and the scanners' files in the watched folder, written as
 * take-file.ts and hand-over.ts write them.
 */
export async function ownBatches(dataDir: string, scans: string) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await mkdir(scans, { recursive: true });
  const db = openQueueDatabase(join(dataDir, 'queue.sqlite'));
  const store = new DocumentStore(db);
  const batches = new BatchStore(db);
  const originals = new Spool(join(dataDir, 'capture', 'originals'));
  await originals.init();
  const pdf = await caseBatch();
  const folder = FolderProfileSchema.parse({ id: 'post', label: 'Post', path: scans, ...CASE_BATCH_PROFILE });
  /** A scanner's file taken as a batch: its copy, its seen-file key and its row (one unit, as take-file.ts). */
  const received = async (id: string, fileName: string, o: { autoSubmit: boolean; review?: boolean }) => {
    const sourcePath = join(scans, fileName);
    await writeFile(sourcePath, pdf);
    const s = await stat(sourcePath);
    const copy = await originals.writeBytes(pdf, id);
    const batch: CaptureBatch = {
      id,
      fileName,
      sourceFolder: scans,
      sourcePath,
      sourceSize: s.size,
      sourceMtimeMs: Math.trunc(s.mtimeMs),
      size: copy.size,
      sha256: copy.sha256,
      state: 'received',
      profile: { ...folder.capture!, ...(o.review ? { review: true } : {}) },
      metadata: { caseNumber: 'CLM-2026-000101' },
      autoSubmit: o.autoSubmit,
      requiredFields: [],
      receivedAt: T1,
    };
    const seenKey = seenKeyOf(scans, fileName, s.size, Math.trunc(s.mtimeMs));
    store.transaction(() => {
      store.markSeen(seenKey, id, T1);
      batches.insert(batch);
    });
    return { batch, seenKey };
  };
  return {
    db,
    store,
    batches,
    /**
     * One received and waiting to be split; one held for review with its plan; one half split, its first
     * part made and already uploaded (auto-submit) when the station stopped; and one done long ago.
     */
    async fourBatches() {
      const waiting = await received('batch-waiting', CASE_BATCH_FILE_NAME, { autoSubmit: false });
      const held = await received('batch-held', 'CLM-2026-000101_held.pdf', { autoSubmit: false, review: true });
      batches.setPlan('batch-held', 'held', PLAN, T2);
      const half = await received('batch-half', 'CLM-2026-000101_half.pdf', { autoSubmit: true });
      batches.markAnalysisStart('batch-half', T2);
      // Its first part, as hand-over.ts adopts it (the document and its link in one transaction), then sent.
      store.transaction(() => {
        store.insert(
          {
            id: 'part-half-1',
            fileName: 'CLM-2026-000101_half_p1-2.pdf',
            sourceFolder: scans,
            spoolName: 'part-half-1',
            size: 1234,
            contentType: 'application/pdf',
            sha256: 'a'.repeat(64),
            at: T1,
            state: 'queued',
            metadata: { caseNumber: 'CLM-2026-000101' },
          },
          partStep('CLM-2026-000101_half.pdf', 0, [0, 1], []),
        );
        batches.linkPart({ documentId: 'part-half-1', batchId: 'batch-half', index: 0, count: 0, pages: [0, 1] });
      });
      store.update('part-half-1', { state: 'archived', uploadedAt: T2 }, T3, historyStep('archived'));
      // Done: its original archived and its scanner's file removed (complete-batch.ts).
      const done = await received('batch-done', 'CLM-2026-000101_old.pdf', { autoSubmit: false });
      batches.setState('batch-done', 'done', T3);
      await originals.remove('batch-done');
      await rm(done.batch.sourcePath);
      return { waiting, held, half };
    },
    async close() {
      await store.close();
      db.close();
    },
  };
}
