import type { HeldPage } from '../../../../shared/domain/capture';
import type { CaptureProfile } from '../../../../shared/domain/capture';
import type { Metadata } from '../../../../shared/domain/metadata';
import type { MetadataField } from '../../../../shared/platform/inbox';

/**
 * The batches' storage port: the scanned batches capture has taken, their plans and which documents are
 * their parts, owned by the core so that an engine is an implementation and not a fork. Today's is SQLite
 * in the queue's file (`batch-store.ts`, capture's synchronous store; `sqlite-batch-storage.ts` is it behind
 * this port); an office's PostgreSQL is a second one (issue #50). Every implementation runs the same tests:
 * `test-support/batch-storage-contract.ts`.
 *
 * The batches live beside the documents (DocumentStorage) in one database: a part's link commits with its
 * document, and `partsPending` reads the documents' states. Methods answer Promises, as a network database
 * must; each is atomic on its own. A read, a check and a write that belong together are one unit of work
 * (`transaction`), which is one with the documents' (docs/architecture.md, "Storage ports").
 */
export interface BatchStorage {
  /**
   * One unit of work, the same as the documents' (DocumentStorage.transaction): what `work` writes through
   * the batches, and through the documents' storage beside them, commits together once it resolves, or none
   * of it when it throws (a part's document and its link to the batch). Inside a unit of either port, this
   * joins it, and a call of either storage belongs to it (the caller's async context tells). A batch the
   * unit reads is its own until it commits: a second unit deciding on it reads the first's commit. The work
   * does only storage (files, events after it resolved); an engine may run it again from the start.
   */
  transaction<T>(work: (batches: BatchStorage) => Promise<T>): Promise<T>;
  get(id: string): Promise<CaptureBatch | undefined>;
  /** Oldest first. */
  inState(state: BatchState): Promise<CaptureBatch[]>;
  /** Batches not done (their original copy is still needed). */
  openIds(): Promise<Set<string>>;
  /**
   * How many batches wait to be made into documents: received and not a scan the clerk is still scanning
   * into, or released by the clerk (the station's busy count, `agent --once`'s end).
   */
  waiting(): Promise<number>;
  insert(batch: CaptureBatch): Promise<void>;
  setState(id: string, state: BatchState, at: string): Promise<void>;
  /** A scan the clerk finished (false), or takes up again to scan more into it (true). */
  setScanOpen(id: string, open: boolean, at: string): Promise<void>;
  /** The batch's plan, with its new state (held: planned; released: as the clerk released it). */
  setPlan(id: string, state: 'held' | 'released', plan: StoredPlan, at: string): Promise<void>;
  setArchivePath(id: string, archivePath: string | null, at: string): Promise<void>;
  /** An analysis begins: counted, so one that takes the process down is known at the next start. */
  markAnalysisStart(id: string, at: string): Promise<void>;
  /** The analysis was cut off by a clean stop: it does not count against the batch (never below 0). */
  unmarkAnalysisStart(id: string, at: string): Promise<void>;
  /** A part's document belongs to the batch (commit it with the document). */
  linkPart(part: CapturePartLink): Promise<void>;
  /** The parts linked so far, and the page after the last part's last page (where a restart resumes). */
  partsMade(batchId: string): Promise<{ count: number; nextPage: number }>;
  /** Every part of the batch learns the number of parts, once its last part is made. */
  setPartCount(batchId: string, count: number): Promise<void>;
  /** The batch and place of a part's document, if it is one. */
  partOf(documentId: string): Promise<CapturePartLink | undefined>;
  /** The batch's parts whose documents are not archived (or are gone). */
  partsPending(batchId: string): Promise<number>;
}

/**
 * received → held (review: analysed, waiting for the clerk) → released (the clerk's split, stored) → split
 * → done; without review received → split → done as before.
 */
export type BatchState = 'received' | 'held' | 'released' | 'split' | 'done';

/** A held batch's plan, then the split the clerk released (capture_batches.plan, JSON). */
export interface StoredPlan {
  pages: HeldPage[];
  documents: Array<{ pages: number[]; metadata: Record<string, string> }>;
}

export interface CaptureBatch {
  id: string;
  fileName: string;
  /** The watched folder (absolute). */
  sourceFolder: string;
  /** The scanner's file: removed (if unchanged) once every part is uploaded, as for any document. */
  sourcePath: string;
  sourceSize: number;
  sourceMtimeMs: number;
  size: number;
  sha256: string;
  state: BatchState;
  /** The folder's settings when the file arrived: a restart finishes the batch as it was begun. */
  profile: CaptureProfile;
  metadata: Metadata;
  autoSubmit: boolean;
  requiredFields: MetadataField[];
  archivePath?: string;
  receivedAt: string;
  /** Analyses begun and not finished or cleanly stopped (0 for a new batch). */
  analysisStarts?: number;
  /** A watched folder's file, or a scan from the desk (issue #38): its pages in capture/scans/<id>/. */
  kind?: 'file' | 'scan';
  /** A scan the clerk may still scan more pages into; its last document is made when it is finished. */
  scanOpen?: boolean;
  /** The scanner it was scanned on (`https://…/eSCL`, `sane:…`). */
  scanner?: string;
  /** Held: the planned split; released: the clerk's. */
  plan?: StoredPlan;
}

export interface CapturePartLink {
  documentId: string;
  batchId: string;
  /** 0-based. */
  index: number;
  count: number;
  /** 0-based pages of the original. */
  pages: number[];
}
