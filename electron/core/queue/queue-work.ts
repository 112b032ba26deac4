import { randomUUID } from 'node:crypto';
import type { Notice, NoticeCode, NoticeValues } from '../../../shared/domain/notice';
import type { QueueStatus } from '../../../shared/domain/queue';
import type { EventBus } from '../events/event-bus';
import type { Clock } from '../util/clock';
import type { DocumentStorage, StoredDocument } from './document-storage';
import { toPublic } from './document-storage';

export interface QueueWorkDeps {
  /** The documents' storage port: which spool files they own (the start-up sweep asks it once). */
  storage: Pick<DocumentStorage, 'spoolNames'>;
  bus: EventBus;
  clock: Clock;
  /** The queue's status as it is now (upload-control.ts), sent with queue.changed. */
  status: () => QueueStatus;
  /** Reads the status's counts again (upload-control.ts) before queue.changed carries them. */
  recount?: () => Promise<void>;
  /** Spool files kept by others than the documents (page edits' earlier versions): not swept at start. */
  keptSpoolNames?(): Promise<Set<string>>;
}

/**
 * What the queue's parts tell once a change is committed: documents.changed at once, queue.changed at most
 * every 250 ms, notices; and which spool files the documents own, for the start-up sweep. The parts change
 * documents through the storage port's units of work (DocumentStorage.transaction; docs/architecture.md,
 * "Storage ports"); nothing here stores anything.
 */
export class QueueWork {
  private statusTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private spoolNames: Set<string> | undefined;

  constructor(private readonly deps: QueueWorkDeps) {}

  now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  changed(docs: StoredDocument[]): void {
    this.deps.bus.emit({ type: 'documents.changed', documents: docs.map(toPublic), removed: [] });
    this.statusChanged();
  }

  removed(id: string): void {
    this.deps.bus.emit({ type: 'documents.changed', documents: [], removed: [id] });
    this.statusChanged();
  }

  /**
   * queue.changed at most every 250 ms, with the counts read again first: counts are a GROUP BY over every
   * document, and the status bar needs no more.
   */
  statusChanged(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = undefined;
      void Promise.resolve(this.deps.recount?.()).then(() => {
        if (!this.stopped) this.deps.bus.emit({ type: 'queue.changed', status: this.deps.status() });
      });
    }, 250);
    this.statusTimer.unref();
  }

  /** No queue.changed after the queue stopped. */
  stop(): void {
    this.stopped = true;
    if (this.statusTimer) clearTimeout(this.statusTimer);
  }

  notice(level: Notice['level'], code: NoticeCode, values: NoticeValues, documentId?: string): void {
    this.deps.bus.emit({
      type: 'notice.raised',
      notice: {
        id: randomUUID(),
        level,
        code,
        values,
        count: 1,
        at: this.now(),
        ...(documentId ? { documentId } : {}),
      },
    });
  }

  /**
   * Which spool files the start-up sweep keeps: the documents' (read once through the port) and other
   * owners' (page edits, read once too). A file a document comes to own from the moment this is asked (told
   * by `spoolNameAdded`) is kept too, also one told while the names are being read. A name is never taken
   * off while the sweep runs: a document taken back meanwhile may be a merge's, whose record (read before)
   * keeps its file; who takes back a document removes its file itself.
   */
  async spoolFilesKept(): Promise<(name: string) => boolean> {
    const owned = (this.spoolNames = new Set<string>());
    const [documents, others] = await Promise.all([
      this.deps.storage.spoolNames(),
      this.deps.keptSpoolNames?.() ?? Promise.resolve(new Set<string>()),
    ]);
    for (const name of documents) owned.add(name);
    return (name) => owned.has(name) || others.has(name);
  }

  /** A spool file a document now owns (known only once the sweep asked). */
  spoolNameAdded(name: string): void {
    this.spoolNames?.add(name);
  }
}
