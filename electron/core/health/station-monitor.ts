import type { Document, DocumentState } from '../../../shared/domain/document';
import type { QueueStatus } from '../../../shared/domain/queue';
import type { TokenStatus } from '../auth/token-client';
import type { EventBus } from '../events/event-bus';
import type { ListQuery } from '../queue/document-storage';
import type { Clock } from '../util/clock';
import { onDocumentTransitions } from '../queue/document-transitions';
import type { StationStatus } from './station-status';

/** What the monitor reads from the queue. */
export interface MonitoredQueue {
  status(): QueueStatus;
  /** The counts read now, not the snapshot of the last change (upload-control.ts). */
  freshStatus?(): Promise<QueueStatus>;
  readonly pauseReason: { code: string; message: string } | undefined;
  list(q: ListQuery): Promise<{ documents: Document[]; total: number }>;
}

export interface StationCounters {
  uploads: number;
  uploadFailures: number;
  uploadedBytes: number;
  tokenFailures: number;
  /** Documents sent as scanned where a searchable PDF was asked for (issue #45). */
  sentAsScanned: number;
  /** Documents of gone office stations this station took over to send (issue #50 item 3). */
  takenOver: number;
}

const WAITING: DocumentState[] = ['new', 'tagged', 'queued', 'uploading'];

/**
 * Follows one agent's queue for fleet monitoring: counts since start (uploads, failures, bytes, token
 * failures), the last success, since when the platform is unreachable. `status()` is what the status file
 * and the metrics endpoint report.
 */
export class StationMonitor {
  readonly counters: StationCounters = {
    uploads: 0,
    uploadFailures: 0,
    uploadedBytes: 0,
    tokenFailures: 0,
    sentAsScanned: 0,
    takenOver: 0,
  };
  private lastSuccessAt: string | undefined;
  /** Carried over restarts from the last status file: an admin reading `status` sees every one so far. */
  private sentAsScanned: StationStatus['sentAsScanned'];
  private offlineSince: string | undefined;
  private readonly startedAt: string;
  private readonly unsubscribe: Array<() => void> = [];
  /**
   * The oldest document waiting for the clerk, as read after the queue's last change (queue.changed, at
   * most every 250 ms): the storage answers later, the status is asked for at once (metrics, status file).
   */
  private waiting: Pick<StationStatus, 'oldestWaiting'> = {};
  private waitingRead: 'idle' | 'reading' | 'again' = 'idle';

  constructor(
    private readonly deps: {
      bus: EventBus;
      queue: MonitoredQueue;
      clock: Clock;
      version: string;
      /** The build's commit ("unknown" when the build has none); absent where the caller knows none. */
      commit?: string;
      pid: number;
      /** The last status file of this data folder, to carry the last success over a restart. */
      previous?: StationStatus;
    },
  ) {
    this.startedAt = new Date(deps.clock.now()).toISOString();
    this.lastSuccessAt = deps.previous?.lastSuccessAt;
    this.sentAsScanned = deps.previous?.sentAsScanned;
    this.unsubscribe.push(
      onDocumentTransitions(deps.bus, (d) => {
        if (d.state === 'uploaded') {
          this.counters.uploads++;
          this.counters.uploadedBytes += d.size;
          this.lastSuccessAt = d.uploadedAt ?? new Date(deps.clock.now()).toISOString();
        } else if (d.state === 'failed') this.counters.uploadFailures++;
      }),
      deps.bus.on('queue.changed', (e) => {
        this.noteOnline(e.status.online);
        this.readWaiting();
      }),
      deps.bus.on('notice.raised', ({ notice }) => {
        if (notice.code === 'office.takenOver') this.counters.takenOver += Number(notice.values['count'] ?? 0) || 0;
        if (notice.code !== 'output.failed') return;
        this.counters.sentAsScanned++;
        this.sentAsScanned = {
          count: (this.sentAsScanned?.count ?? 0) + 1,
          last: {
            ...(notice.documentId ? { id: notice.documentId } : {}),
            fileName: String(notice.values['file'] ?? ''),
            reason: String(notice.values['reason'] ?? ''),
            at: new Date(deps.clock.now()).toISOString(),
          },
        };
      }),
    );
    this.readWaiting();
  }

  /** Pass to createPlatformClient's onTokenStatus. */
  readonly onTokenStatus = (status: TokenStatus): void => {
    if (status.token === 'error') this.counters.tokenFailures++;
  };

  /** As status(), with the queue's counts read now: for a reader outside the process (a metrics scrape). */
  async freshStatus(): Promise<StationStatus> {
    await this.deps.queue.freshStatus?.();
    return this.status();
  }

  status(): StationStatus {
    const { queue, clock } = this.deps;
    const q = queue.status();
    this.noteOnline(q.online);
    const reason = queue.pauseReason;
    return {
      pid: this.deps.pid,
      version: this.deps.version,
      ...(this.deps.commit ? { commit: this.deps.commit } : {}),
      startedAt: this.startedAt,
      updatedAt: new Date(clock.now()).toISOString(),
      counts: q.counts,
      ...this.waiting,
      ...(this.lastSuccessAt ? { lastSuccessAt: this.lastSuccessAt } : {}),
      ...(this.sentAsScanned ? { sentAsScanned: this.sentAsScanned } : {}),
      ...(this.counters.takenOver > 0 ? { takenOver: this.counters.takenOver } : {}),
      connection: {
        online: q.online,
        ...(this.offlineSince ? { offlineSince: this.offlineSince } : {}),
        paused: q.paused,
        ...(reason ? { stopReason: { code: reason.code, message: reason.message } } : {}),
      },
      ...(q.storage ? { storage: q.storage } : {}),
    };
  }

  dispose(): void {
    for (const u of this.unsubscribe.splice(0)) u();
  }

  private noteOnline(online: boolean): void {
    if (online) this.offlineSince = undefined;
    else this.offlineSince ??= new Date(this.deps.clock.now()).toISOString();
  }

  /** One read at a time; a change during it reads once more after it. */
  private readWaiting(): void {
    if (this.waitingRead !== 'idle') {
      this.waitingRead = 'again';
      return;
    }
    this.waitingRead = 'reading';
    void this.oldestWaiting()
      .then(
        (waiting) => void (this.waiting = waiting),
        // A storage that fails is the queue's to report (the status's `storage`); the last answer stays.
        () => undefined,
      )
      .finally(() => {
        const again = this.waitingRead === 'again';
        this.waitingRead = 'idle';
        if (again) this.readWaiting();
      });
  }

  /** The list is newest first: the oldest is the last row, two indexed queries whatever the queue size. */
  private async oldestWaiting(): Promise<Pick<StationStatus, 'oldestWaiting'>> {
    const { total } = await this.deps.queue.list({ states: WAITING, limit: 1, offset: 0 });
    if (total === 0) return {};
    const oldest = (await this.deps.queue.list({ states: WAITING, limit: 1, offset: total - 1 })).documents[0];
    return oldest ? { oldestWaiting: { id: oldest.id, fileName: oldest.fileName, since: oldest.arrivedAt } } : {};
  }
}
