import type { Document, DocumentState } from '../../../shared/domain/document';

export const QUEUE_STATES: readonly DocumentState[] = ['queued', 'uploading', 'failed', 'uploaded', 'archived'];
/** How long an uploaded document stays in the queue view before only the history shows it. */
export const RECENT_MS = 24 * 60 * 60 * 1000;

const rank: Record<DocumentState, number> = {
  uploading: 0,
  failed: 1,
  queued: 2,
  uploaded: 3,
  archived: 4,
  tagged: 5,
  new: 6,
};

/** Uploading first, then failures (they need the clerk), then waiting, then recently done. */
export function queueEntries(docs: Readonly<Record<string, Document>>, now: number): Document[] {
  return Object.values(docs)
    .filter((d) => QUEUE_STATES.includes(d.state))
    .filter((d) => {
      if (d.state !== 'uploaded' && d.state !== 'archived') return true;
      const at = Date.parse(d.uploadedAt ?? d.updatedAt);
      return Number.isNaN(at) || now - at < RECENT_MS;
    })
    .sort((a, b) => rank[a.state] - rank[b.state] || (a.updatedAt < b.updatedAt ? 1 : -1));
}

export interface Progress {
  sent: number;
  total: number;
}

/** A fraction 0…1, or undefined when nothing is known. */
export function fraction(p: Progress | undefined): number | undefined {
  if (!p || p.total <= 0) return undefined;
  return Math.min(1, Math.max(0, p.sent / p.total));
}

/** Progress of one document: the live upload.progress event if newer than the record, else the record's. */
export function documentProgress(doc: Document, live: Readonly<Record<string, Progress>>): Progress | undefined {
  if (doc.state !== 'uploading') return undefined;
  return live[doc.id] ?? doc.progress;
}

/** Overall progress over the documents now uploading. */
export function overallProgress(docs: readonly Document[], live: Readonly<Record<string, Progress>>): Progress {
  let sent = 0;
  let total = 0;
  for (const doc of docs) {
    const p = documentProgress(doc, live);
    if (!p) continue;
    sent += p.sent;
    total += p.total;
  }
  return { sent, total };
}

/** Documents waiting or failing: what the status bar counts. */
export function pendingCount(counts: Partial<Record<DocumentState, number>> | undefined): number {
  if (!counts) return 0;
  return (counts.queued ?? 0) + (counts.uploading ?? 0) + (counts.failed ?? 0);
}
