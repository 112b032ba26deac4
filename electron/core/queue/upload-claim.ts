import { historyStep } from '../../../shared/domain/history';
import type { DocumentStorage, StoredDocument, TakenOver } from './document-storage';

/**
 * The upload worker's claim of due documents: read, checked and marked `uploading` (its attempt counted, in
 * its history) in one unit of work on the storage port, so that two workers (later two stations on one
 * office database) never take one document. Inside the unit `due` answers documents no other unit gets
 * meanwhile, and each is read again before it is marked: a document another claim (or a clerk's cancel)
 * changed since is left out. In an office, documents of gone stations are taken over first, in the same unit
 * (`takeOverDue`): taken over and claimed commit together, or neither. What was claimed (and taken over) is
 * told, and uploaded, after the unit resolved.
 */
export async function claimDue(
  storage: DocumentStorage,
  o: {
    nowMs: number;
    limit: number;
    exclude: ReadonlySet<string>;
    at: string;
    /** Told, once the unit committed, of the documents taken over from gone stations (none: not called). */
    tookOver?: (taken: TakenOver[]) => void;
  },
): Promise<StoredDocument[]> {
  let taken: TakenOver[] = [];
  const claimed = await storage.transaction(async (documents) => {
    // A unit run again (a deadlock broken) starts over: only the last run's take-over committed.
    taken = (await documents.takeOverDue?.(o.nowMs, o.limit, o.exclude, o.at)) ?? [];
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
  if (taken.length > 0) o.tookOver?.(taken);
  return claimed;
}
