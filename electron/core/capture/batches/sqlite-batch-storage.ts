import type { BatchStore } from './batch-store';
import type { BatchState, BatchStorage, CaptureBatch, CapturePartLink, StoredPlan } from './batch-storage';

/**
 * Today's engine behind the batches' port: capture's SQLite store (batch-store.ts), each call the store's
 * own; a throw becomes a rejection, as a network engine's would.
 */
export class SqliteBatchStorage implements BatchStorage {
  constructor(private readonly store: BatchStore) {}

  async get(id: string): Promise<CaptureBatch | undefined> {
    return this.store.get(id);
  }

  async inState(state: BatchState): Promise<CaptureBatch[]> {
    return this.store.inState(state);
  }

  async openIds(): Promise<Set<string>> {
    return this.store.openIds();
  }

  async insert(batch: CaptureBatch): Promise<void> {
    this.store.insert(batch);
  }

  async setState(id: string, state: BatchState, at: string): Promise<void> {
    this.store.setState(id, state, at);
  }

  async setScanOpen(id: string, open: boolean, at: string): Promise<void> {
    this.store.setScanOpen(id, open, at);
  }

  async setPlan(id: string, state: 'held' | 'released', plan: StoredPlan, at: string): Promise<void> {
    this.store.setPlan(id, state, plan, at);
  }

  async setArchivePath(id: string, archivePath: string | null, at: string): Promise<void> {
    this.store.setArchivePath(id, archivePath, at);
  }

  async markAnalysisStart(id: string, at: string): Promise<void> {
    this.store.markAnalysisStart(id, at);
  }

  async unmarkAnalysisStart(id: string, at: string): Promise<void> {
    this.store.unmarkAnalysisStart(id, at);
  }

  async linkPart(part: CapturePartLink): Promise<void> {
    this.store.linkPart(part);
  }

  async partsMade(batchId: string): Promise<{ count: number; nextPage: number }> {
    return this.store.partsMade(batchId);
  }

  async setPartCount(batchId: string, count: number): Promise<void> {
    this.store.setPartCount(batchId, count);
  }

  async partOf(documentId: string): Promise<CapturePartLink | undefined> {
    return this.store.partOf(documentId);
  }

  async partsPending(batchId: string): Promise<number> {
    return this.store.partsPending(batchId);
  }
}
