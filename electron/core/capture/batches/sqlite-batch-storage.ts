import type { BatchStore } from './batch-store';
import type { BatchState, BatchStorage, CaptureBatch, CapturePartLink, StoredPlan } from './batch-storage';

/**
 * Today's engine behind the batches' port: capture's SQLite store (batch-store.ts), each call the store's
 * own; a throw becomes a rejection, as a network engine's would. Its units of work are the connection's,
 * shared with the documents' engine (queue/sqlite-units-of-work.ts): a unit of either port is one
 * transaction over both, a call from inside one joins it, and a call from outside waits while another's unit
 * holds the connection. A write from outside a unit is a unit of its own (committed, counted and flushed
 * like the documents').
 */
export class SqliteBatchStorage implements BatchStorage {
  constructor(private readonly store: BatchStore) {}

  transaction<T>(work: (batches: BatchStorage) => Promise<T>): Promise<T> {
    return this.store.units.run(() => work(this));
  }

  /** A read in its turn: at once, unless another's unit holds the connection. */
  private read<T>(call: () => T): Promise<T> {
    return this.store.units.outside(call);
  }

  /** A write: in the caller's unit, else in one of its own. */
  private write(call: () => void): Promise<void> {
    return this.store.units.run(async () => call());
  }

  get(id: string): Promise<CaptureBatch | undefined> {
    return this.read(() => this.store.get(id));
  }

  inState(state: BatchState): Promise<CaptureBatch[]> {
    return this.read(() => this.store.inState(state));
  }

  openIds(): Promise<Set<string>> {
    return this.read(() => this.store.openIds());
  }

  waiting(): Promise<number> {
    return this.read(() => this.store.waiting());
  }

  insert(batch: CaptureBatch): Promise<void> {
    return this.write(() => this.store.insert(batch));
  }

  setState(id: string, state: BatchState, at: string): Promise<void> {
    return this.write(() => this.store.setState(id, state, at));
  }

  setScanOpen(id: string, open: boolean, at: string): Promise<void> {
    return this.write(() => this.store.setScanOpen(id, open, at));
  }

  setPlan(id: string, state: 'held' | 'released', plan: StoredPlan, at: string): Promise<void> {
    return this.write(() => this.store.setPlan(id, state, plan, at));
  }

  setArchivePath(id: string, archivePath: string | null, at: string): Promise<void> {
    return this.write(() => this.store.setArchivePath(id, archivePath, at));
  }

  markAnalysisStart(id: string, at: string): Promise<void> {
    return this.write(() => this.store.markAnalysisStart(id, at));
  }

  unmarkAnalysisStart(id: string, at: string): Promise<void> {
    return this.write(() => this.store.unmarkAnalysisStart(id, at));
  }

  linkPart(part: CapturePartLink): Promise<void> {
    return this.write(() => this.store.linkPart(part));
  }

  partsMade(batchId: string): Promise<{ count: number; nextPage: number }> {
    return this.read(() => this.store.partsMade(batchId));
  }

  setPartCount(batchId: string, count: number): Promise<void> {
    return this.write(() => this.store.setPartCount(batchId, count));
  }

  partOf(documentId: string): Promise<CapturePartLink | undefined> {
    return this.read(() => this.store.partOf(documentId));
  }

  partsPending(batchId: string): Promise<number> {
    return this.read(() => this.store.partsPending(batchId));
  }
}
