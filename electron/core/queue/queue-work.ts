import { randomUUID } from 'node:crypto';
import type { HistoryStep } from '../../../shared/domain/history';
import type { Notice, NoticeCode, NoticeValues } from '../../../shared/domain/notice';
import type { DocumentState } from '../../../shared/domain/document';
import type { QueueStatus } from '../../../shared/domain/queue';
import type { EventBus } from '../events/event-bus';
import type { Clock } from '../util/clock';
import type { DocumentPatch, DocumentStore, StoredDocument } from './document-store';
import { toPublic } from './document-store';
import { noSuchDocument, requireState } from './document-checks';

export interface QueueWorkDeps {
  store: DocumentStore;
  bus: EventBus;
  clock: Clock;
  /** The queue's status as it is now (upload-control.ts), sent with queue.changed. */
  status: () => QueueStatus;
  /** Reads the status's counts again (upload-control.ts) before queue.changed carries them. */
  recount?: () => Promise<void>;
  /** Spool files kept by others than the documents (page edits' earlier versions): not swept at start. */
  ownsSpoolName?(name: string): boolean;
}

/**
 * The queue's synchronous unit of work. The queue's parts not yet on the storage ports (intake) and the
 * services that share its database (page tools, capture) change documents through it: one transaction
 * around their own records too, the flush to disk, and the change told once (documents.changed at once,
 * queue.changed at most every 250 ms). The clerk's commands, the page tools' edits and the uploads use only
 * its telling (`now`, `changed` …) and change documents through the port's unit of work
 * (DocumentStorage.transaction; docs/architecture.md, "Storage ports").
 */
export class QueueWork {
  private statusTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private spoolNames: Set<string> | undefined;

  constructor(private readonly deps: QueueWorkDeps) {}

  /** The documents' table, for the queue's own parts. */
  get store(): DocumentStore {
    return this.deps.store;
  }

  /** Runs `fn` in one transaction (inside another, it joins it). */
  transaction<T>(fn: () => T): T {
    return this.deps.store.transaction(fn);
  }

  /** Resolves once every commit so far is on disk (before a file is removed or a copy is answered). */
  durable(): Promise<void> {
    return this.deps.store.durable();
  }

  /** Whether a watched folder's file was taken already (its seen-file key; capture asks before a batch). */
  hasSeen(key: string): boolean {
    return this.deps.store.hasSeen(key);
  }

  /** Records a file as taken without a document of its own (a capture batch: its parts come later). */
  markSeen(key: string, id: string, at: string): void {
    this.deps.store.markSeen(key, id, at);
  }

  now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  require(id: string): StoredDocument {
    const d = this.deps.store.get(id);
    if (!d) throw noSuchDocument(id);
    return d;
  }

  requireState(d: StoredDocument, allowed: readonly DocumentState[], action: string): void {
    requireState(d, allowed, action);
  }

  /** One document's change, stored and told. */
  apply(id: string, patch: DocumentPatch, step?: HistoryStep): StoredDocument {
    const d = this.deps.store.update(id, patch, this.now(), step);
    this.changed([d]);
    return d;
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

  /** Whether the start-up sweep keeps a spool file: a document's, or another owner's (page edits). */
  ownsSpoolName(name: string): boolean {
    this.spoolNames ??= this.deps.store.spoolNames();
    return this.spoolNames.has(name) || (this.deps.ownsSpoolName?.(name) ?? false);
  }

  /** A spool file a document now owns (known only once the sweep asked). */
  spoolNameAdded(name: string): void {
    this.spoolNames?.add(name);
  }

  spoolNameGone(name: string): void {
    this.spoolNames?.delete(name);
  }
}
