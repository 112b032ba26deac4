import type { DocumentDraft, DraftValues } from '../../../shared/domain/drafts';
import { DraftValuesSchema } from '../../../shared/domain/drafts';
import { IntakeError } from '../errors';
import type { QueueDatabase } from '../queue/queue-database';
import { unitsOfWork } from '../queue/sqlite-units-of-work';
import type { Clock } from '../util/clock';
import type { DraftStorage } from './draft-storage';

export interface SqliteDraftStorageDeps {
  /** The queue's database (table `drafts`, made by its migrations). */
  db: QueueDatabase;
  /**
   * Whether the document is still in the inbox (can still be tagged); unknown documents answer false. Asked
   * outside the drafts' turn on the connection: it reads the documents' port, which takes its own.
   */
  isOpen(documentId: string): boolean | Promise<boolean>;
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
 * Today's engine behind the drafts' port (draft-storage.ts). Each call takes its turn on the file's one
 * connection: while a unit of work of the documents' port holds it, a draft waits instead of landing in (and
 * being rolled back with) that unit's transaction (queue/sqlite-units-of-work.ts).
 */
export class SqliteDraftStorage implements DraftStorage {
  constructor(private readonly deps: SqliteDraftStorageDeps) {}

  async list(): Promise<DocumentDraft[]> {
    const rows = await this.inTurn(
      () => this.deps.db.prepare('SELECT document_id, draft_values, saved_at FROM drafts').all() as Row[],
    );
    const kept: DocumentDraft[] = [];
    const gone: string[] = [];
    for (const row of rows) {
      const values = this.parse(row.draft_values);
      if (!values || !(await this.deps.isOpen(row.document_id))) gone.push(row.document_id);
      else kept.push({ documentId: row.document_id, values, savedAt: row.saved_at });
    }
    if (gone.length) await this.inTurn(() => this.discardNow(gone));
    return kept;
  }

  async save(documentId: string, values: DraftValues): Promise<DocumentDraft | null> {
    const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as DraftValues;
    if (Object.keys(kept).length === 0) {
      await this.inTurn(() => this.discardNow([documentId]));
      return null;
    }
    if (!(await this.deps.isOpen(documentId))) {
      throw new IntakeError(
        'validation',
        'drafts.document_not_open',
        'The document is no longer in the inbox; its typed values cannot be kept.',
      );
    }
    const savedAt = new Date(this.deps.clock.now()).toISOString();
    await this.inTurn(() =>
      this.deps.db
        .prepare(
          `INSERT INTO drafts (document_id, draft_values, saved_at) VALUES (?, ?, ?)
           ON CONFLICT(document_id) DO UPDATE SET draft_values = excluded.draft_values, saved_at = excluded.saved_at`,
        )
        .run(documentId, JSON.stringify(kept), savedAt),
    );
    return { documentId, values: kept, savedAt };
  }

  /**
   * The draft kept for one document as it is, whether or not the document is still open (what a station
   * given an office database moves into it: office/office-joining.ts); unreadable values answer none.
   */
  async draftOf(documentId: string): Promise<DocumentDraft | undefined> {
    const row = await this.inTurn(
      () =>
        this.deps.db
          .prepare('SELECT document_id, draft_values, saved_at FROM drafts WHERE document_id = ?')
          .get(documentId) as Row | undefined,
    );
    const values = row ? this.parse(row.draft_values) : undefined;
    return row && values ? { documentId, values, savedAt: row.saved_at } : undefined;
  }

  discard(ids: readonly string[]): Promise<void> {
    return this.inTurn(() => this.discardNow(ids));
  }

  /** A call at once, or after the unit of work that holds the connection now. */
  private inTurn<T>(call: () => T): Promise<T> {
    return unitsOfWork(this.deps.db).outside(call);
  }

  private discardNow(ids: readonly string[]): void {
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
