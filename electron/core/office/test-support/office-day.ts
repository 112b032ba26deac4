import { randomUUID } from 'node:crypto';
import type { HistoryCode } from '../../../../shared/domain/history';
import { historyStep } from '../../../../shared/domain/history';
import type { DocumentStorage } from '../../queue/document-storage';

/**
 * An office's day as its stations write it, through the office's own storage (postgres-document-storage.ts)
 * with the patches and history steps the queue writes (clerk-commands.ts, upload-claim.ts, upload-worker.ts):
 * tests of the supervisor's view seed the tables with these, never with INSERTs of their own that could drift
 * from what the storage writes.
 */
export async function arrive(
  storage: DocumentStorage,
  o: { folder: string; documentType?: string; at?: string; code?: HistoryCode },
): Promise<string> {
  const id = randomUUID();
  await storage.insert(
    {
      id,
      fileName: `scan-${id.slice(0, 8)}.pdf`,
      sourceFolder: o.folder,
      spoolName: `${id}.pdf`,
      size: 1000,
      contentType: 'application/pdf',
      sha256: id,
      at: o.at ?? new Date().toISOString(),
      state: 'new',
      metadata: o.documentType ? { documentTypeCode: o.documentType } : {},
    },
    historyStep(o.code ?? 'arrived'),
  );
  return id;
}

/** A clerk's send (documents.submit): queued with its key. */
export async function send(storage: DocumentStorage, id: string, at = new Date().toISOString()): Promise<void> {
  await storage.update(
    id,
    { state: 'queued', idempotencyKey: randomUUID(), nextAttemptAtMs: null, error: null, enqueue: true },
    at,
    historyStep('submitted'),
  );
}

/** A clerk's retry of a failed document (documents.retry). */
export async function retry(storage: DocumentStorage, id: string, at = new Date().toISOString()): Promise<void> {
  await storage.update(
    id,
    { state: 'queued', nextAttemptAtMs: null, error: null, enqueue: true },
    at,
    historyStep('retry'),
  );
}

/** An upload the platform refused for good: failed, waiting to be fixed. */
export async function fail(storage: DocumentStorage, id: string, at = new Date().toISOString()): Promise<void> {
  const error = { code: 'platform.validation', message: 'refused', retryable: false };
  await storage.update(
    id,
    { state: 'failed', error },
    at,
    historyStep('error', { errorCode: error.code, reason: error.message }),
  );
}

/** An upload by whichever station's worker claimed it: attempt, uploaded, and the scanner's file archived. */
export async function upload(storage: DocumentStorage, id: string, at = new Date().toISOString()): Promise<void> {
  await storage.update(
    id,
    { state: 'uploading', attempts: 1, nextAttemptAtMs: null },
    at,
    historyStep('attempt', { n: 1 }),
  );
  await storage.update(id, { state: 'uploaded', uploadedAt: at, error: null }, at, historyStep('uploaded'));
  await storage.update(id, { state: 'archived' }, at, historyStep('filesRemoved'));
}
