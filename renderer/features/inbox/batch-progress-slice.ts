import type { StateCreator } from 'zustand';
import type { CaptureBatchProgress } from '../../../shared/domain/capture';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import type { BatchProgressSlice } from './batch-progress-state';

export type { BatchProgressSlice } from './batch-progress-state';

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
