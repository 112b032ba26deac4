import type { CaptureBatchProgress, HeldBatch } from '../../../shared/domain/capture';

/** Scanned batches being made into documents (issue #30 item 6): shown at their place in the inbox. */
export interface BatchProgressSlice {
  captureBatches: CaptureBatchProgress[];
  /** `capture.batches`: the whole list, whenever a batch advances, appears or is finished. */
  applyCaptureBatches(batches: readonly CaptureBatchProgress[]): void;
  loadCaptureBatches(): Promise<void>;
  /** Batches held for review (issue #38 item 8), with their planned split. */
  heldBatches: HeldBatch[];
  /** `capture.held`: the whole list, whenever one is held or released. */
  applyHeldBatches(batches: readonly HeldBatch[]): void;
}
