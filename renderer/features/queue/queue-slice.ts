import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import type { QueueSlice } from './queue-state';

import type { HistoryFilter } from './queue-state';
export type { HistoryFilter } from './queue-state';
export type { QueueSlice } from './queue-state';

/** `to` is a day: include all of it by sending the start of the next day. */
export function historyRequest(f: HistoryFilter): { query?: string; from?: string; to?: string } {
  const nextDay = (d: string) => {
    const t = new Date(`${d}T00:00:00`);
    t.setDate(t.getDate() + 1);
    return t.toISOString();
  };
  return {
    query: f.query.trim() || undefined,
    from: f.from ? new Date(`${f.from}T00:00:00`).toISOString() : undefined,
    to: f.to ? nextDay(f.to) : undefined,
  };
}

export const createQueueSlice: StateCreator<AppState, [], [], QueueSlice> = (set, get) => {
  const act = async (fn: () => Promise<void>) => {
    set({ queueError: undefined });
    try {
      await fn();
    } catch (e) {
      set({ queueError: toIpcError(e) });
    }
  };
  return {
    liveProgress: {},
    history: [],
    historyFilter: { query: '', from: '', to: '' },
    historyLoading: false,
    historySeq: 0,
    setQueueStatus: (queueStatus) => set({ queueStatus }),
    applyUploadProgress: ({ id, sent, total }) =>
      set((s) => ({ liveProgress: { ...s.liveProgress, [id]: { sent, total } } })),
    loadQueueStatus: () => act(async () => set({ queueStatus: await intake().call('queue.status', {}) })),
    setPaused: (paused) =>
      act(async () => set({ queueStatus: await intake().call(paused ? 'queue.pause' : 'queue.resume', {}) })),
    retryDocuments: (ids) =>
      act(async () => get().applyDocumentsChanged(await intake().call('documents.retry', { ids }), [])),
    cancelDocuments: (ids) =>
      act(async () => get().applyDocumentsChanged(await intake().call('documents.cancel', { ids }), [])),
    setHistoryFilter: (filter) => set((s) => ({ historyFilter: { ...s.historyFilter, ...filter } })),
    async loadHistory() {
      const seq = get().historySeq + 1;
      set({ historySeq: seq, historyLoading: true, historyError: undefined });
      try {
        const history = await intake().call('queue.history', { ...historyRequest(get().historyFilter), limit: 200 });
        if (get().historySeq === seq) set({ history, historyLoading: false });
      } catch (e) {
        if (get().historySeq === seq) set({ historyLoading: false, historyError: toIpcError(e) });
      }
    },
  };
};
