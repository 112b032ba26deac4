import { historyStep } from '../../../shared/domain/history';
import type { HistoryEntry } from '../../../shared/domain/queue';
import type { CaptureBatch, CapturePartLink } from '../capture/batches/batch-storage';
import type { PageEditStorage } from '../capture/page-tools/page-edit-storage';
import type { StoredDocument } from '../queue/document-storage';
import type { SqliteDraftStorage } from '../drafts/sqlite-draft-storage';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { OfficeDatabase } from './office-database';
import type { PostgresBatchStorage } from './postgres-batch-storage';
import { isOfficeOutOfReach } from './office-reachability';
import type { JoiningDocument, PostgresDocumentStorage } from './postgres-document-storage';
import type { PostgresDraftStorage } from './postgres-draft-storage';
import type { PostgresPageEditStorage } from './postgres-page-edit-storage';
import { inUnitOfWork } from './postgres-units-of-work';

export interface OfficeJoiningDeps {
  db: OfficeDatabase;
  /** This station's id (office_stations): whose documents these are. */
  stationId: string;
  /** The station's own file: what waits in it, and what is removed once it is in the office. */
  local: OwnQueueFile;
  localDrafts: Pick<SqliteDraftStorage, 'draftOf' | 'discard'>;
  /** The capture batches in the station's own file (sqlite-own-batch-file.ts). */
  localBatches: OwnBatchFile;
  /** The page tools' records in the station's own file (the earlier versions a page edit can be undone to). */
  localPageEdits: Pick<PageEditStorage, 'all' | 'removeAll'>;
  /** The office's tables, as this station's. */
  documents: Pick<PostgresDocumentStorage, 'insertJoining' | 'markSeen'>;
  drafts: Pick<PostgresDraftStorage, 'keepJoining'>;
  batches: Pick<PostgresBatchStorage, 'insertJoining'>;
  pageEdits: Pick<PostgresPageEditStorage, 'insert'>;
  clock: Clock;
  logger: Logger;
}

/**
 * What joining reads and removes in the station's own file (queue.sqlite): the SQLite store
 * (queue/document-store.ts) itself, read directly on purpose, since what is moved is that file's content.
 */
export interface OwnQueueFile {
  /** The documents not archived, in upload order. */
  waitingDocuments(): StoredDocument[];
  /** Oldest first. */
  historyOf(documentId: string): HistoryEntry[];
  seenKeysOf(documentId: string): Array<{ key: string; at: string }>;
  /** The document, its history and its seen-file keys, in one transaction. */
  forgetMoved(documentId: string): void;
}

/** What joining reads and removes of the capture batches in the station's own file (sqlite-own-batch-file.ts). */
export interface OwnBatchFile {
  /** The batches not done (received, held, released, split), oldest first, with their last change's time. */
  notDone(): Array<{ batch: CaptureBatch; updatedAt: string }>;
  /** The parts the batch made so far, in its order. */
  partsOf(batchId: string): CapturePartLink[];
  /** A part's document if it is archived in the station's file (uploaded before joining). */
  archivedDocument(documentId: string): StoredDocument | undefined;
  /**
   * The batch, its part links, its file's seen key and its archived part documents (with their history and
   * keys) that went with it, in one transaction.
   */
  forgetMoved(batchId: string, archivedParts: string[]): void;
}

/**
 * What one pass did: documents now in the office, and those left in the station's file (each warned of);
 * the same for capture batches.
 */
export interface JoiningOutcome {
  moved: number;
  left: number;
  batches: { moved: number; left: number };
}

/**
 * Joining (issue #50 item 2): a station that worked with its own queue (queue.sqlite) and is then given an
 * office database moves what waits there into the office once, before its queue starts, so nothing it took
 * in is forgotten and nothing is sent twice. Every document not archived goes with its id, state,
 * Idempotency-Key, attempts, error and times (an upload a crash cut off goes as `queued` with its key, as
 * start-up recovery does), its whole history with the original times, its seen-file keys, its draft and its
 * page edits' records (the earlier versions it can be undone to). Its spool file stays where it is: the
 * office records the station and the spool name, and the station's bytes copier (office-document-bytes.ts)
 * copies it into the office by itself. The earlier versions' files stay in its spool too, and the office's
 * records name them as this station's: an undo works here and is refused elsewhere, as for an edit made in
 * the office. Archived documents and their
 * history stay in the station's file: they are done, and the office's history starts with what it sends.
 *
 * One document per transaction in the office, then removed from the station's file: a crash anywhere is
 * resumed at the next start, where a document the office has already (same id, this station's) is not
 * inserted again, only removed from the station's file. A document the office refuses (its row, or the id
 * is another station's) is a warning naming it and stays in the station's file, tried again at the next
 * start; the others go on. The office going out of reach stops the pass (office.unreachable), and the
 * caller tries again later.
 *
 * Capture's batches not done go too (received and waiting to be split or being split, held for the clerk's
 * review with their plan, released, split and waiting for their parts' uploads), each with its id, state,
 * plan, archive path, analysis starts, times and part links, one batch per transaction in the office, then
 * removed from the station's file, resumed and refused as documents are. Their files (the original's copy
 * in capture/originals/, a scan's pages in capture/scans/, the work folder) stay in the station's data folder,
 * where its capture line reads them whichever database holds the rows; a batch's file's seen key goes with
 * it (the scanner's file stays in the folder until the batch is done and is not taken a second time).
 */
export async function joinOffice(
  deps: OfficeJoiningDeps,
  cancelled: () => boolean = () => false,
): Promise<JoiningOutcome> {
  const { local, logger } = deps;
  const outcome: JoiningOutcome = { moved: 0, left: 0, batches: { moved: 0, left: 0 } };
  try {
    // Batches before documents, so that in the office a part's document is never there without its link to
    // its batch. A link (office_capture_parts) needs its batch there (a foreign key) and commits with it, so a
    // batch in the office knows every part it made: a half-split batch resumes after its last part and makes
    // none twice (BatchStorage.partsMade). In between (a crash, a part's document refused) a link may name a
    // document still in the station's file: it reads as a part not uploaded (partsPending counts a part whose
    // document is not there), so the batch waits and never completes early (its original and the scanner's
    // file stay) until the document follows, at the latest at the next start. The other order would put part
    // documents in the office before their links: one uploaded there meanwhile would be archived as no
    // batch's part (partChanged finds none), and its batch, once moved, would count on a look at the next
    // start. Parts uploaded before joining (archived in the station's file, which the documents' pass leaves)
    // go with their batch in its transaction, so the office counts them uploaded and the batch completes.
    for (const open of deps.localBatches.notDone()) {
      if (cancelled()) break;
      try {
        if (await moveBatch(deps, open.batch, open.updatedAt)) outcome.batches.moved++;
        else outcome.batches.left++;
      } catch (e) {
        if (isOfficeOutOfReach(e)) throw e;
        outcome.batches.left++;
        logger.warn(
          "joining: a capture batch of this station's own queue could not be moved into the office database; it stays in the station's file and is tried again at the next start",
          { batch: open.batch.id, file: open.batch.fileName, error: e },
        );
      }
    }
    for (const document of local.waitingDocuments()) {
      if (cancelled()) break;
      try {
        if (await moveOne(deps, document)) outcome.moved++;
        else outcome.left++;
      } catch (e) {
        if (isOfficeOutOfReach(e)) throw e;
        outcome.left++;
        logger.warn(
          "joining: a document of this station's own queue could not be moved into the office database; it stays in the station's file and is tried again at the next start",
          { document: document.id, file: document.fileName, error: e },
        );
      }
    }
  } finally {
    if (outcome.batches.moved > 0)
      logger.info(
        `moved ${outcome.batches.moved} capture batches of this station's own queue into the office database`,
        { moved: outcome.batches.moved, left: outcome.batches.left },
      );
    if (outcome.moved > 0)
      logger.info(`moved ${outcome.moved} documents of this station's own queue into the office database`, {
        moved: outcome.moved,
        left: outcome.left,
      });
  }
  return outcome;
}

/** One document into the office (one transaction), then out of the station's file; false: left there. */
async function moveOne(deps: OfficeJoiningDeps, stored: StoredDocument): Promise<boolean> {
  const { local, localDrafts, logger } = deps;
  const joining: JoiningDocument = {
    document: stored,
    history: local.historyOf(stored.id),
    seenKeys: local.seenKeysOf(stored.id),
  };
  if (stored.state === 'uploading') {
    // Cut off in its upload by the station's last stop: queued again with the same key (the platform answers
    // a repeat of it with the first upload's answer), as the queue's start-up recovery does.
    const at = new Date(deps.clock.now()).toISOString();
    const { nextAttemptAt: _next, ...rest } = stored;
    joining.document = { ...rest, state: 'queued', updatedAt: at };
    joining.history = [
      ...joining.history,
      {
        documentId: stored.id,
        fileName: stored.fileName,
        ...(stored.metadata.caseNumber === undefined ? {} : { caseNumber: stored.metadata.caseNumber }),
        state: 'queued',
        step: historyStep('recovered'),
        at,
      },
    ];
  }
  const draft = await localDrafts.draftOf(stored.id);
  const edits = await deps.localPageEdits.all(stored.id);
  const result = await inUnitOfWork(deps.db, async () => {
    const r = await deps.documents.insertJoining(joining);
    if (r.moved && draft) await deps.drafts.keepJoining(draft);
    if (r.moved) for (const edit of edits) await deps.pageEdits.insert(edit);
    return r;
  });
  if (result.stationId !== deps.stationId) {
    logger.warn(
      "joining: the office database has a document of another station under this document's id; it stays in this station's file",
      { document: stored.id, file: stored.fileName, station: result.stationId },
    );
    return false;
  }
  // In the office now (committed): out of the station's file, its draft and page edits first (a crash in
  // between leaves the document, which the next start finds in the office and removes).
  await localDrafts.discard([stored.id]);
  await deps.localPageEdits.removeAll(stored.id);
  local.forgetMoved(stored.id);
  return true;
}

/**
 * One batch into the office with its part links, its file's seen key and its archived parts (one
 * transaction), then out of the station's file; false: left there.
 */
async function moveBatch(deps: OfficeJoiningDeps, batch: CaptureBatch, updatedAt: string): Promise<boolean> {
  const { local, localBatches, logger } = deps;
  const parts = localBatches.partsOf(batch.id);
  const archived = parts.flatMap((p) => localBatches.archivedDocument(p.documentId) ?? []);
  const seenKeys = local.seenKeysOf(batch.id);
  const result = await inUnitOfWork(deps.db, async () => {
    const r = await deps.batches.insertJoining({ batch, updatedAt, parts });
    if (!r.moved) return r;
    for (const k of seenKeys) await deps.documents.markSeen(k.key, batch.id, k.at);
    for (const d of archived) {
      const part = await deps.documents.insertJoining({
        document: d,
        history: local.historyOf(d.id),
        seenKeys: local.seenKeysOf(d.id),
      });
      // Rolls the batch back too: it stays whole in the station's file, warned of.
      if (part.stationId !== deps.stationId)
        throw new Error(`the office database has a document of another station under the id of part ${d.id}`);
    }
    return r;
  });
  if (result.stationId !== deps.stationId) {
    logger.warn(
      "joining: the office database has a capture batch of another station under this batch's id; it stays in this station's file",
      { batch: batch.id, file: batch.fileName, station: result.stationId },
    );
    return false;
  }
  // In the office now (committed): out of the station's file in one transaction (a crash before it leaves
  // the batch there, which the next start finds in the office and only removes).
  localBatches.forgetMoved(
    batch.id,
    archived.map((d) => d.id),
  );
  return true;
}
