import type { CaptureBatchProgress } from '../../../../shared/domain/capture';
import type { EventBus } from '../../events/event-bus';
import type { CaptureBatch } from './batch-storage';

/** The batches taken and not yet made into all their documents, as the inbox shows them (`capture.progress`). */
export class BatchProgress {
  private readonly inProgress = new Map<string, CaptureBatchProgress>();

  constructor(private readonly bus: EventBus) {}

  /** The batches being made into documents, oldest first. */
  list(): CaptureBatchProgress[] {
    return [...this.inProgress.values()].map((p) => ({ ...p }));
  }

  /** The batch's row, if it is in progress. */
  get(id: string): CaptureBatchProgress | undefined {
    return this.inProgress.get(id);
  }

  advance(
    batch: CaptureBatch,
    change: Partial<Pick<CaptureBatchProgress, 'pages' | 'analysed' | 'documents' | 'scan'>>,
  ) {
    const p = this.inProgress.get(batch.id) ?? {
      id: batch.id,
      fileName: batch.fileName,
      sourceFolder: batch.sourceFolder,
      receivedAt: batch.receivedAt,
      pages: null,
      analysed: 0,
      documents: 0,
      ...(batch.kind === 'scan'
        ? { pages: 0, scan: { scanner: batch.scanner ?? '', state: batch.scanOpen ? 'scanning' : 'finished' } as const }
        : {}),
    };
    const next = { ...p, ...change };
    if (this.inProgress.has(batch.id) && JSON.stringify(next) === JSON.stringify(p)) return;
    this.inProgress.set(batch.id, next);
    this.bus.emit({ type: 'capture.progress', batches: this.list() });
  }

  finished(id: string) {
    if (this.inProgress.delete(id)) this.bus.emit({ type: 'capture.progress', batches: this.list() });
  }
}
