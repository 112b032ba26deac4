import type { DocumentDraft, DraftValues } from '../../../shared/domain/drafts';
import { DraftValuesSchema } from '../../../shared/domain/drafts';
import { IntakeError } from '../errors';
import type { QueueDatabase } from '../queue/queue-database';
import type { Clock } from '../util/clock';

export interface DraftStoreDeps {
  /** The queue's database (table `drafts`, made by its migrations). */
  db: QueueDatabase;
  /** Whether the document is still in the inbox (can still be tagged); unknown documents answer false. */
  isOpen(documentId: string): boolean;
  clock: Clock;
}

interface Row {
  document_id: string;
  draft_values: string;
  saved_at: string;
}

/**
 * What the clerk typed per document and has not sent (issue #31 item 2), in the queue's database so it
 * survives a reload and a restart with the documents it belongs to. A draft lives as long as its document
 * is in the inbox: once the document is sent or gone, its draft is dropped the next time drafts are listed.
 */
export class DraftStore {
  constructor(private readonly deps: DraftStoreDeps) {}

  list(): DocumentDraft[] {
    const rows = this.deps.db.prepare('SELECT document_id, draft_values, saved_at FROM drafts').all() as Row[];
    const kept: DocumentDraft[] = [];
    const gone: string[] = [];
    for (const row of rows) {
      const values = this.parse(row.draft_values);
      if (!values || !this.deps.isOpen(row.document_id)) gone.push(row.document_id);
      else kept.push({ documentId: row.document_id, values, savedAt: row.saved_at });
    }
    if (gone.length) this.discard(gone);
    return kept;
  }

  /** What the clerk typed for the document and has not sent, if anything. */
  valuesOf(documentId: string): DraftValues | undefined {
    const row = this.deps.db.prepare('SELECT draft_values FROM drafts WHERE document_id = ?').get(documentId) as
      Pick<Row, 'draft_values'> | undefined;
    return row ? this.parse(row.draft_values) : undefined;
  }

  save(documentId: string, values: DraftValues): DocumentDraft | null {
    const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as DraftValues;
    if (Object.keys(kept).length === 0) {
      this.discard([documentId]);
      return null;
    }
    if (!this.deps.isOpen(documentId)) {
      throw new IntakeError(
        'validation',
        'drafts.document_not_open',
        'The document is no longer in the inbox; its typed values cannot be kept.',
      );
    }
    const savedAt = new Date(this.deps.clock.now()).toISOString();
    this.deps.db
      .prepare(
        `INSERT INTO drafts (document_id, draft_values, saved_at) VALUES (?, ?, ?)
         ON CONFLICT(document_id) DO UPDATE SET draft_values = excluded.draft_values, saved_at = excluded.saved_at`,
      )
      .run(documentId, JSON.stringify(kept), savedAt);
    return { documentId, values: kept, savedAt };
  }

  discard(ids: readonly string[]): void {
    const del = this.deps.db.prepare('DELETE FROM drafts WHERE document_id = ?');
    this.deps.db.transaction(() => {
      for (const id of ids) del.run(id);
    })();
  }

  private parse(text: string): DraftValues | undefined {
    try {
      const parsed = DraftValuesSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }
}
