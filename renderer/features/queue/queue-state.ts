import type { HistoryEntry, QueueStatus } from '../../../shared/domain/queue';
import type { IpcError } from '../../../shared/ipc/errors';
import type { Progress } from './queue-model';

export interface HistoryFilter {
  query: string;
  from: string;
  to: string;
}

export interface QueueSlice {
  queueStatus?: QueueStatus;
  liveProgress: Record<string, Progress>;
  queueError?: IpcError;
  history: HistoryEntry[];
  historyFilter: HistoryFilter;
  historyLoading: boolean;
  historyError?: IpcError;
  historySeq: number;
  setQueueStatus(status: QueueStatus): void;
  applyUploadProgress(p: { id: string; sent: number; total: number }): void;
  loadQueueStatus(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  retryDocuments(ids: string[]): Promise<void>;
  cancelDocuments(ids: string[]): Promise<void>;
  setHistoryFilter(filter: Partial<HistoryFilter>): void;
  loadHistory(): Promise<void>;
}
