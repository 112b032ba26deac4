import { historyStep } from '../../../shared/domain/history';
import type { DocumentStorage, StoredDocument } from './document-storage';

/**
 * The upload worker's claim of due documents: read, checked and marked `uploading` (its attempt counted, in
 * its history) in one unit of work on the storage port, so that two workers (later two stations on one
 * office database) never take one document. Inside the unit `due` answers documents no other unit gets
 * meanwhile, and each is read again before it is marked: a document another claim (or a clerk's cancel)
 * changed since is left out. What was claimed is told, and uploaded, after the unit resolved.
 */
export function claimDue(
  storage: DocumentStorage,
  o: { nowMs: number; limit: number; exclude: ReadonlySet<string>; at: string },
): Promise<StoredDocument[]> {
  return storage.transaction(async (documents) => {
    const claimed: StoredDocument[] = [];
    for (const due of await documents.due(o.nowMs, o.limit, o.exclude)) {
      const d = await documents.get(due.id);
      if (d?.state !== 'queued') continue;
      const attempt = d.attempts + 1;
      claimed.push(
        await documents.update(
          d.id,
          { state: 'uploading', attempts: attempt, nextAttemptAtMs: null },
          o.at,
          historyStep('attempt', { n: attempt }),
        ),
      );
    }
    return claimed;
  });
}
