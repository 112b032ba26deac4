import type { DocumentState } from '../../../shared/domain/document';
import type { HistoryStep } from '../../../shared/domain/history';
import type { HistoryEntry } from '../../../shared/domain/queue';
import type { DocumentStore } from './document-store';
import type {
  DocumentPatch,
  DocumentStorage,
  ListQuery,
  NewDocument,
  StorageInTransaction,
  StoredDocument,
} from './document-storage';
import type { HistoryQuery, HistoryStorage } from './history-storage';

/**
 * Today's engine behind the storage ports: the queue's SQLite store (document-store.ts). Each call is the
 * store's own, whose commits are already atomic; a throw becomes a rejection, as a network engine's would.
 * A unit of work (`transaction`) has the file's one connection to itself until it commits
 * (sqlite-units-of-work.ts): a call from outside it waits for its turn meanwhile, so it never reads half
 * of a unit.
 */
export class SqliteDocumentStorage implements DocumentStorage, HistoryStorage {
  constructor(private readonly store: DocumentStore) {}

  transaction<T>(work: (documents: StorageInTransaction) => Promise<T>): Promise<T> {
    // Inside the unit this storage's calls run at once (its async context), so the unit is given itself.
    return this.store.units.run(() => work(this));
  }

  /** A call of the store in its turn: at once, unless another's unit holds the connection. */
  private turn<T>(call: () => T): Promise<T> {
    return this.store.units.outside(call);
  }

  get(id: string): Promise<StoredDocument | undefined> {
    return this.turn(() => this.store.get(id));
  }

  getMany(ids: readonly string[]): Promise<StoredDocument[]> {
    // One turn of the station's own file: each a read by primary key, no round trip between them.
    return this.turn(() => ids.flatMap((id) => this.store.get(id) ?? []));
  }

  hasSeen(key: string): Promise<boolean> {
    return this.turn(() => this.store.hasSeen(key));
  }

  markSeen(key: string, documentId: string, at: string): Promise<boolean> {
    return this.turn(() => this.store.transaction(() => this.store.markSeen(key, documentId, at)));
  }

  insert(document: NewDocument, step?: HistoryStep): Promise<StoredDocument> {
    return this.turn(() => this.store.insert(document, step));
  }

  update(id: string, patch: DocumentPatch, at: string, step?: HistoryStep): Promise<StoredDocument> {
    return this.turn(() => this.store.update(id, patch, at, step));
  }

  remove(id: string): Promise<void> {
    return this.turn(() => this.store.remove(id));
  }

  list(query: ListQuery): Promise<{ documents: StoredDocument[]; total: number }> {
    return this.turn(() => this.store.list(query));
  }

  inStates(states: DocumentState[]): Promise<StoredDocument[]> {
    return this.turn(() => this.store.inStates(states));
  }

  due(nowMs: number, limit: number, exclude: ReadonlySet<string>): Promise<StoredDocument[]> {
    return this.turn(() => this.store.due(nowMs, limit, exclude));
  }

  nextDueAt(): Promise<number | undefined> {
    return this.turn(() => this.store.nextDueAt());
  }

  uploadedWithHash(sha256: string, exceptId: string): Promise<string | undefined> {
    return this.turn(() => this.store.uploadedWithHash(sha256, exceptId));
  }

  activeCount(): Promise<number> {
    return this.turn(() => this.store.activeCount());
  }

  counts(): Promise<Record<DocumentState, number>> {
    return this.turn(() => this.store.counts());
  }

  inPlaceSources(folder: string): Promise<Array<{ id: string; path: string; size: number; mtimeMs: number }>> {
    return this.turn(() => this.store.inPlaceSources(folder));
  }

  moveSource(id: string, path: string): Promise<void> {
    return this.turn(() => this.store.moveSource(id, path));
  }

  unreadableDocuments(): Promise<Map<string, string>> {
    return this.turn(() => this.store.unreadableDocuments());
  }

  spoolNames(): Promise<Set<string>> {
    return this.turn(() => this.store.spoolNames());
  }

  durable(): Promise<void> {
    return this.store.durable();
  }

  durableSoon(): Promise<void> {
    return this.store.durableSoon();
  }

  keyDurable(id: string): Promise<void> {
    return this.store.keyDurable(id);
  }

  history(query: HistoryQuery): Promise<HistoryEntry[]> {
    return this.turn(() => this.store.history(query));
  }
}
