import type { DocumentDraft, DraftValues } from '../../../shared/domain/drafts';
import { DraftValuesSchema } from '../../../shared/domain/drafts';
import type { DraftStorage } from '../drafts/draft-storage';
import { IntakeError } from '../errors';
import { heldByAnother } from '../queue/document-checks';
import type { Clock } from '../util/clock';
import type { OfficeDatabase } from './office-database';
import { queryInUnit } from './postgres-units-of-work';

export interface PostgresDraftStorageDeps {
  db: OfficeDatabase;
  /** Whether the document is still in the inbox (can still be tagged); unknown documents answer false. */
  isOpen(documentId: string): boolean | Promise<boolean>;
  clock: Clock;
  /** Who typed it, for the supervisor and for a clerk who takes the document over at another station. */
  stationId?: string;
  clerk?: string;
}

interface Row {
  document_id: string;
  draft_values: unknown;
  saved_at: Date;
}

/**
 * The clerks' typed work in the office database (issue #50): the drafts' port (drafts/draft-storage.ts)
 * over `office_drafts`, so what a clerk typed is kept where every station reaches it: a document whose
 * station was switched off comes back to another clerk with what was saved. Same rules as the station's
 * own (drafts/sqlite-draft-storage.ts), the same contract tests.
 */
export class PostgresDraftStorage implements DraftStorage {
  constructor(private readonly deps: PostgresDraftStorageDeps) {}

  async list(): Promise<DocumentDraft[]> {
    await this.deps.db.whenOpened();
    const { rows } = await this.deps.db.query<Row>('SELECT document_id, draft_values, saved_at FROM office_drafts');
    const kept: DocumentDraft[] = [];
    const gone: string[] = [];
    for (const row of rows) {
      const values = DraftValuesSchema.safeParse(row.draft_values);
      if (!values.success || !(await this.deps.isOpen(row.document_id))) gone.push(row.document_id);
      else kept.push({ documentId: row.document_id, values: values.data, savedAt: row.saved_at.toISOString() });
    }
    if (gone.length) await this.discard(gone);
    return kept;
  }

  async save(documentId: string, values: DraftValues): Promise<DocumentDraft | null> {
    const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as DraftValues;
    if (Object.keys(kept).length === 0) {
      await this.discard([documentId]);
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
    await this.deps.db.whenOpened();
    await this.deps.db.transaction(async (c) => {
      // Typed values are a change too (issue #50 item 3): not while another clerk has the document open.
      // The row is read FOR SHARE, so a take (an UPDATE of it) waits for this draft and a draft after a take
      // sees it.
      const { rows } = await c.query<{
        file_name: string;
        held_by_station: string;
        held_by_clerk: string;
        held_since: Date;
        station_name: string | null;
      }>(
        `SELECT file_name, held_by_station, held_by_clerk, held_since,
           (SELECT s.name FROM office_stations s WHERE s.id = held_by_station) AS station_name
         FROM office_documents
         WHERE id = $1 AND hold_expires_at > clock_timestamp()
           AND NOT (held_by_station IS NOT DISTINCT FROM $2 AND held_by_clerk IS NOT DISTINCT FROM $3)
         FOR SHARE`,
        [documentId, this.deps.stationId ?? null, this.deps.clerk ?? null],
      );
      const held = rows[0];
      if (held)
        throw heldByAnother(held.file_name, {
          station: held.station_name ?? held.held_by_station,
          clerk: held.held_by_clerk,
          since: held.held_since.toISOString(),
        });
      await c.query(
        `INSERT INTO office_drafts (document_id, draft_values, saved_at, station_id, clerk) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (document_id) DO UPDATE SET draft_values = EXCLUDED.draft_values, saved_at = EXCLUDED.saved_at,
           station_id = EXCLUDED.station_id, clerk = EXCLUDED.clerk`,
        [documentId, JSON.stringify(kept), savedAt, this.deps.stationId ?? null, this.deps.clerk ?? null],
      );
    });
    return { documentId, values: kept, savedAt };
  }

  /**
   * A draft a station kept in its own file before it was given the office database (office-joining.ts), as
   * it was saved: written in the caller's unit of work (with its document), and left as it is when the
   * office has one for the document already (a move resumed after a crash).
   */
  async keepJoining(draft: DocumentDraft): Promise<void> {
    await this.deps.db.whenOpened();
    await queryInUnit(
      this.deps.db,
      `INSERT INTO office_drafts (document_id, draft_values, saved_at, station_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (document_id) DO NOTHING`,
      [draft.documentId, JSON.stringify(draft.values), draft.savedAt, this.deps.stationId ?? null],
    );
  }

  async discard(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.deps.db.whenOpened();
    await this.deps.db.query('DELETE FROM office_drafts WHERE document_id = ANY($1)', [ids]);
  }
}
