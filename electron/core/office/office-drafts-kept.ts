import type { DocumentDraft, DraftValues } from '../../../shared/domain/drafts';
import type { DraftStorage } from '../drafts/draft-storage';
import type { Logger } from '../util/logger';
import type { OfficeDatabase } from './office-database';
import { isOfficeOutOfReach } from './office-reachability';

/**
 * The clerks' typed work of an office station, kept while the office database is out of reach (issue #50
 * item 5: "keeps the clerk's typed work"). Drafts live in the office database (postgres-draft-storage.ts);
 * a save it cannot take (out of reach, not joined yet) is kept in the station's own file instead (`held`,
 * the SQLite drafts' table, unused otherwise in an office) and moved to the office once it answers again
 * (its reachability turns connected, or the next list). Listing while it is out of reach shows what is held
 * here, so a window opened again still has the clerk's values. Said in the log once per outage.
 */
export class OfficeDraftsKept implements DraftStorage {
  private holding = false;
  private moving: Promise<void> | undefined;
  private readonly unsubscribe: () => void;

  private mayMove: boolean;

  constructor(
    private readonly deps: {
      office: DraftStorage;
      held: DraftStorage;
      db: OfficeDatabase;
      logger: Logger;
      /**
       * Resolves once the station's own queue has been moved into the office (joining): until then the
       * station's file also holds the drafts of its own documents, which joining moves with them; moving
       * them here first would find their documents not in the office yet and lose them.
       */
      joined?: Promise<void>;
    },
  ) {
    this.mayMove = deps.joined === undefined;
    void deps.joined?.then(() => {
      this.mayMove = true;
      void this.moveHeld().catch(() => undefined);
    });
    this.unsubscribe = deps.db.onChange((r) => {
      if (r.state === 'connected') void this.moveHeld().catch(() => undefined);
    });
  }

  close(): void {
    this.unsubscribe();
  }

  async list(): Promise<DocumentDraft[]> {
    const held = await this.deps.held.list();
    try {
      await this.moveHeld();
      return await this.deps.office.list();
    } catch (e) {
      if (!isOfficeOutOfReach(e)) throw e;
      return held;
    }
  }

  async save(documentId: string, values: DraftValues): Promise<DocumentDraft | null> {
    try {
      const saved = await this.deps.office.save(documentId, values);
      await this.deps.held.discard([documentId]);
      return saved;
    } catch (e) {
      if (!isOfficeOutOfReach(e)) throw e;
      if (!this.holding) {
        this.holding = true;
        this.deps.logger.warn(
          "office database out of reach: the clerks' typed values are kept on this station until it answers",
          { error: e },
        );
      }
      return this.deps.held.save(documentId, values);
    }
  }

  async discard(documentIds: readonly string[]): Promise<void> {
    await this.deps.held.discard(documentIds);
    await this.deps.office.discard(documentIds);
  }

  /** What was held here goes to the office, each draft once it is there; one move at a time. */
  private moveHeld(): Promise<void> {
    if (!this.mayMove) return Promise.resolve();
    this.moving ??= (async () => {
      try {
        for (const d of await this.deps.held.list()) {
          const moved = await this.deps.office.save(d.documentId, d.values).then(
            () => true,
            (e: unknown) => {
              const code = (e as { code?: unknown }).code;
              // A document sent or gone meanwhile: its draft has nowhere to go (as at any station).
              if (code === 'drafts.document_not_open') return true;
              // Another clerk took it meanwhile (this one's hold lapsed): the values stay here, not over theirs.
              if (code === 'office.held') {
                this.deps.logger.warn(
                  'office: typed values kept on this station: another clerk has the document open',
                  {
                    documentId: d.documentId,
                  },
                );
                return false;
              }
              throw e;
            },
          );
          if (moved) await this.deps.held.discard([d.documentId]);
        }
        if (this.holding) this.deps.logger.info("office database back: the clerks' held typed values moved to it");
        this.holding = false;
      } finally {
        this.moving = undefined;
      }
    })();
    return this.moving;
  }
}
