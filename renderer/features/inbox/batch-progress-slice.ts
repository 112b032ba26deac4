import type { StateCreator } from 'zustand';
import type { CaptureBatchProgress, HeldBatch } from '../../../shared/domain/capture';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';

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

export const createBatchProgressSlice: StateCreator<AppState, [], [], BatchProgressSlice> = (set) => ({
  captureBatches: [],
  applyCaptureBatches: (batches) => set({ captureBatches: [...batches] }),
  loadCaptureBatches: async () => {
    try {
      set({ captureBatches: (await intake().call('capture.batches', {})).batches });
    } catch {
      // Only a progress line: the next event brings it.
    }
    try {
      set({ heldBatches: (await intake().call('capture.held', {})).batches });
    } catch {
      // The next event brings them.
    }
  },
  heldBatches: [],
  applyHeldBatches: (batches) => set({ heldBatches: [...batches] }),
});

/** Newest batch first, as the inbox lists documents (a batch's documents take its arrival). */
export function batchesNewestFirst(batches: readonly CaptureBatchProgress[]): CaptureBatchProgress[] {
  return [...batches].sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : a.receivedAt > b.receivedAt ? -1 : 0));
}
