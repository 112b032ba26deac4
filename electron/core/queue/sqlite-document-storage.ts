import type { DocumentState } from '../../../shared/domain/document';
import type { HistoryStep } from '../../../shared/domain/history';
import type { HistoryEntry } from '../../../shared/domain/queue';
import type { DocumentStore } from './document-store';
import type { DocumentPatch, DocumentStorage, ListQuery, NewDocument, StoredDocument } from './document-storage';
import type { HistoryQuery, HistoryStorage } from './history-storage';

/**
 * Today's engine behind the storage ports: the queue's SQLite store (document-store.ts). Each call is the
 * store's own, whose commits are already atomic; a throw becomes a rejection, as a network engine's would.
 */
export class SqliteDocumentStorage implements DocumentStorage, HistoryStorage {
  constructor(private readonly store: DocumentStore) {}

  async get(id: string): Promise<StoredDocument | undefined> {
    return this.store.get(id);
  }

  async hasSeen(key: string): Promise<boolean> {
    return this.store.hasSeen(key);
  }

  async markSeen(key: string, documentId: string, at: string): Promise<void> {
    this.store.transaction(() => this.store.markSeen(key, documentId, at));
  }

  async insert(document: NewDocument, step?: HistoryStep): Promise<StoredDocument> {
    return this.store.insert(document, step);
  }

  async update(id: string, patch: DocumentPatch, at: string, step?: HistoryStep): Promise<StoredDocument> {
    return this.store.update(id, patch, at, step);
  }

  async remove(id: string): Promise<void> {
    this.store.remove(id);
  }

  async list(query: ListQuery): Promise<{ documents: StoredDocument[]; total: number }> {
    return this.store.list(query);
  }

  async inStates(states: DocumentState[]): Promise<StoredDocument[]> {
    return this.store.inStates(states);
  }

  async due(nowMs: number, limit: number, exclude: ReadonlySet<string>): Promise<StoredDocument[]> {
    return this.store.due(nowMs, limit, exclude);
  }

  async nextDueAt(): Promise<number | undefined> {
    return this.store.nextDueAt();
  }

  async uploadedWithHash(sha256: string, exceptId: string): Promise<string | undefined> {
    return this.store.uploadedWithHash(sha256, exceptId);
  }

  async activeCount(): Promise<number> {
    return this.store.activeCount();
  }

  async counts(): Promise<Record<DocumentState, number>> {
    return this.store.counts();
  }

  async inPlaceSources(folder: string): Promise<Array<{ id: string; path: string; size: number; mtimeMs: number }>> {
    return this.store.inPlaceSources(folder);
  }

  async moveSource(id: string, path: string): Promise<void> {
    this.store.moveSource(id, path);
  }

  async unreadableDocuments(): Promise<Map<string, string>> {
    return this.store.unreadableDocuments();
  }

  async spoolNames(): Promise<Set<string>> {
    return this.store.spoolNames();
  }

  durable(): Promise<void> {
    return this.store.durable();
  }

  keyDurable(id: string): Promise<void> {
    return this.store.keyDurable(id);
  }

  async history(query: HistoryQuery): Promise<HistoryEntry[]> {
    return this.store.history(query);
  }
}
