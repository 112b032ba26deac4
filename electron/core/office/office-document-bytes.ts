import type { EventBus } from '../events/event-bus';
import type { DocumentContent } from '../queue/document-content';
import type { StoredDocument } from '../queue/document-storage';
import type { Spool } from '../queue/spool';
import type { Logger } from '../util/logger';
import type { OfficeDatabase } from './office-database';
import { isOfficeOutOfReach } from './office-reachability';

/** How often the publisher looks again without being told of a change (a failed store is tried again then). */
const LOOK_AGAIN_MS = 15_000;
/** Documents stored per round: one at a time, a round ends so that a change told meanwhile is seen soon. */
const PER_ROUND = 20;

/**
 * The documents' bytes of an office station (issue #50 item 1; the choice and its figures: docs/deployment.md
 * §11 "The documents' bytes"). The station that takes a document in keeps its file in its spool and sends it
 * from there, as every station does; this puts a copy of the bytes in the office database, so that a clerk at
 * another station can open the document, and takes them out again once the document is archived (the archive
 * keeps the original). Another station's clerk opening a document whose bytes are not on that station gets
 * them from the database (`fetch`, used by the read model), checked by size and SHA-256.
 *
 * A document is published after its row is committed (told by documents.changed, and looked for again every
 * 15 s): what could not be stored (the database out of reach, the spool file unreadable) is tried again by
 * itself, and said in the log once per document; until then other stations' clerks are told where the
 * document is ("its bytes are at station …") rather than shown nothing.
 */
export class OfficeDocumentBytes {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly warned = new Set<string>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: {
      db: OfficeDatabase;
      stationId: string;
      content: DocumentContent;
      spool: Pick<Spool, 'pathOf'>;
      bus: EventBus;
      logger: Logger;
      lookAgainMs?: number;
    },
  ) {}

  start(): void {
    this.unsubscribe = this.deps.bus.on('documents.changed', () => this.soon());
    this.soon();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** A copy of the document's bytes at `toPath`, from the office database (another station took it in). */
  async fetch(d: StoredDocument, toPath: string): Promise<void> {
    await this.deps.content.copyOut(d.id, toPath, { size: d.size, sha256: d.sha256 });
  }

  private soon(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.round()
      .catch((e: unknown) => {
        if (!isOfficeOutOfReach(e)) this.deps.logger.warn('office: documents not published', { error: e });
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.soon();
        } else {
          this.timer = setTimeout(() => this.soon(), this.deps.lookAgainMs ?? LOOK_AGAIN_MS);
          this.timer.unref();
        }
      });
  }

  private async round(): Promise<void> {
    const { db, stationId } = this.deps;
    await db.whenOpened();
    // Archived: the archive keeps the original; the office's copy goes.
    await db.query(
      `DELETE FROM office_document_content c USING office_documents d
       WHERE c.document_id = d.id AND d.station_id = $1 AND d.state = 'archived'`,
      [stationId],
    );
    const skip = new Set<string>();
    for (;;) {
      const { rows } = await db.query<{ id: string; spool_name: string; size: string; sha256: string }>(
        `SELECT d.id, d.spool_name, d.size, d.sha256 FROM office_documents d
         LEFT JOIN office_document_content c ON c.document_id = d.id
         WHERE d.station_id = $1 AND d.state NOT IN ('archived', 'uploaded')
           AND (c.document_id IS NULL OR c.sha256 <> d.sha256) AND NOT (d.id = ANY($2))
         ORDER BY d.row_seq LIMIT $3`,
        [stationId, [...skip], PER_ROUND],
      );
      if (rows.length === 0 || this.stopped) return;
      for (const r of rows) {
        if (this.stopped) return;
        try {
          await this.deps.content.store(r.id, this.deps.spool.pathOf(r.spool_name), {
            size: Number(r.size),
            sha256: r.sha256,
          });
        } catch (e) {
          if (isOfficeOutOfReach(e)) throw e;
          // Tried again at the next look, not in a tight loop; said once.
          skip.add(r.id);
          if (this.warned.has(r.id)) continue;
          this.warned.add(r.id);
          this.deps.logger.warn("office: a document's bytes could not be stored; other stations cannot open it yet", {
            document: r.id,
            error: e,
          });
        }
      }
      if (this.again) return;
    }
  }
}
