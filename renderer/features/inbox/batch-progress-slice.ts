import type { StateCreator } from 'zustand';
import type { CaptureBatchProgress } from '../../../shared/domain/capture';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';

/** Scanned batches being made into documents (issue #30 item 6): shown at their place in the inbox. */
export interface BatchProgressSlice {
  captureBatches: CaptureBatchProgress[];
  /** `capture.batches`: the whole list, whenever a batch advances, appears or is finished. */
  applyCaptureBatches(batches: readonly CaptureBatchProgress[]): void;
  loadCaptureBatches(): Promise<void>;
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
  },
});

/** Newest batch first, as the inbox lists documents (a batch's documents take its arrival). */
export function batchesNewestFirst(batches: readonly CaptureBatchProgress[]): CaptureBatchProgress[] {
  return [...batches].sort((a, b) => (a.receivedAt < b.receivedAt ? 1 : a.receivedAt > b.receivedAt ? -1 : 0));
}
