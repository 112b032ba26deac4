import type { CaptureBatchProgress, HeldBatch } from '../../../shared/domain/capture';
import type { ConnectionState } from '../../../shared/domain/connection';
import type { Document } from '../../../shared/domain/document';
import type { Navigate, Notice } from '../../../shared/domain/notice';
import type { QueueStatus } from '../../../shared/domain/queue';
import type { Settings } from '../../../shared/domain/settings';

/**
 * What happened in the core, told to the core's own services (capture, page tools, health, the shell's tray
 * and notifications) and, through one projection (ipc/ipc-projection.ts), to the screen. Each event is an
 * object with its `type`, so a listener that takes several narrows with a `switch` and no cast.
 */
export type DomainEvent =
  /**
   * Documents added or changed (full records); `removed` lists ids that left the queue. `elsewhere`: changes
   * another station of the office made (told by the office database): on this station's screen as its own,
   * but not this station's work (its log and its counters are the other station's).
   */
  | { type: 'documents.changed'; documents: Document[]; removed: string[]; elsewhere?: true }
  /** Bytes of one upload sent so far. */
  | { type: 'upload.progress'; id: string; sent: number; total: number }
  /** The queue's counts, pause and network state (at most every 250 ms). */
  | { type: 'queue.changed'; status: QueueStatus }
  /** Something the clerk should read (a banner, an OS notification on error). */
  | { type: 'notice.raised'; notice: Notice }
  /** The platform became reachable or not, or the token's state changed. */
  | { type: 'connection.changed'; state: ConnectionState }
  /** The settings in force after a load or a save (the settings service publishes them: the one route). */
  | { type: 'settings.saved'; settings: Settings }
  /** New events were stored for these cases. */
  | { type: 'cases.activity'; caseNumbers: string[] }
  /** The shell asks to show something (a click on an OS notification). */
  | { type: 'navigation.requested'; target: Navigate }
  /** Scanned batches being made into documents, all of them, whenever one advances, appears or is done. */
  | { type: 'capture.progress'; batches: CaptureBatchProgress[] }
  /** Batches held for review (issue #38 item 8), all of them, whenever one is held or released. */
  | { type: 'capture.held'; batches: HeldBatch[] };

export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

export function isDomainEventOf<T extends DomainEventType>(event: DomainEvent, type: T): event is DomainEventOf<T> {
  return event.type === type;
}
