import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/event-bus';
import type { IncomingFile } from '../intake/incoming-file';
import type { DocumentQueue } from '../queue/document-queue';
import type { Spool } from '../queue/spool';
import type { OfficeDatabase } from './office-database';
import type { OfficeReachability } from './office-reachability';

// What a station's intake needs beside the office's claim protocol (issue #50), wired in intake-pipeline.ts.

/**
 * A scan this station copied into its queue whose claim another station won before it was marked taken
 * (office claims, issue #50): its document goes, unsent (an upload under way is cancelled first); its seen
 * key stays, so this station does not take the file again. False when it is sent already (or gone): the
 * scan's Idempotency-Key, the same at every station, has the platform store it once. A scan split by
 * capture is no document here: false too.
 */
export async function letGoOfCopy(queue: DocumentQueue, spool: Spool, file: IncomingFile): Promise<boolean> {
  const open = await queue.list({
    states: ['new', 'tagged', 'queued', 'uploading', 'failed'],
    limit: 100_000,
    offset: 0,
  });
  let doc: (typeof open.documents)[number] | undefined;
  for (const d of open.documents) {
    // Gone since the list was read: not this file's.
    const s = await queue.stored(d.id).catch(() => undefined);
    if (s && s.sourcePath === file.sourcePath && s.sourceSize === file.size && s.sourceMtimeMs === file.mtimeMs) {
      doc = d;
      break;
    }
  }
  if (!doc) return false;
  // Sent meanwhile (no longer cancellable): left as it is, the next look below says so.
  if (doc.state === 'queued' || doc.state === 'uploading') await queue.cancel([doc.id]).catch(() => undefined);
  const now = await queue.get(doc.id);
  if (now.state !== 'new' && now.state !== 'tagged' && now.state !== 'failed') return false;
  await spool.remove(await queue.discard(doc.id));
  return true;
}

/**
 * The office database out of reach, refusing this station, and back (issue #50 item 5), as a notice to the
 * clerk (the log says it once too, office-database.ts): once per change of state, not per failing call.
 */
export function sayOfficeReachability(db: OfficeDatabase, bus: EventBus): () => void {
  let said: OfficeReachability['state'] = db.reachability().state;
  return db.onChange((r) => {
    if (r.state === said) return;
    const was = said;
    said = r.state;
    const values = { database: db.label, ...('reason' in r ? { reason: r.reason } : {}) };
    const notice =
      r.state === 'unreachable'
        ? { level: 'warning' as const, code: 'office.unreachable' as const }
        : r.state === 'refused'
          ? { level: 'error' as const, code: 'office.refused' as const }
          : r.state === 'connected' && (was === 'unreachable' || was === 'refused')
            ? { level: 'info' as const, code: 'office.back' as const }
            : undefined;
    if (notice)
      bus.emit({
        type: 'notice.raised',
        notice: { id: randomUUID(), ...notice, values, count: 1, at: new Date().toISOString() },
      });
  });
}
