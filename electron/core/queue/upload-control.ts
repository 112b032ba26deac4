import { AsyncResource } from 'node:async_hooks';
import { dirname, join } from 'node:path';
import type { DocumentState } from '../../../shared/domain/document';
import { DOCUMENT_STATES } from '../../../shared/domain/document';
import { historyStep, type HistoryStep } from '../../../shared/domain/history';
import type { Notice, NoticeCode, NoticeValues } from '../../../shared/domain/notice';
import type { QueueStatus } from '../../../shared/domain/queue';
import { DEFAULT_UPLOAD_CONCURRENCY } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { Archiver } from './archiver';
import type { BackoffPolicy } from './backoff';
import { DEFAULT_BACKOFF, DEFAULT_PROBE_BACKOFF } from './backoff';
import type { DocumentPatch, DocumentStorage, StoredDocument, TakenOver } from './document-storage';
import type { InboxUploader } from './inbox-uploader';
import { ResourceHealth } from './resource-health';
import type { Spool } from './spool';
import { KeyedThrottle } from './throttle';
import { UploadWorker } from './upload-worker';
import type { UploadWorkerDeps } from './upload-worker';

/** What upload control tells, and the spool files the queue keeps (queue-work.ts gives both). */
export interface UploadsTold {
  now(): string;
  /** documents.changed, and queue.changed soon after. */
  changed(docs: StoredDocument[]): void;
  statusChanged(): void;
  notice(level: Notice['level'], code: NoticeCode, values: NoticeValues): void;
  /** Which spool files the start-up sweep keeps (asked once, when it begins). */
  spoolFilesKept(): Promise<(name: string) => boolean>;
  /** No queue.changed after the queue stopped. */
  stop(): void;
}

export interface UploadControlDeps {
  work: UploadsTold;
  /** The queue's storage port: recovery, every step of an upload and the status's counts go through it. */
  storage: DocumentStorage;
  spool: Spool;
  archiver: Archiver;
  uploader: InboxUploader;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  concurrency?: number;
  backoff?: BackoffPolicy;
  probeBackoff?: BackoffPolicy;
  probe?: () => Promise<boolean>;
  random?: () => number;
  /** Minimum gap between two upload.progress events of one document. */
  progressIntervalMs?: number;
  onNetwork?(online: boolean): void;
  /** The data folder's health, shared with the intake (default: one of its own, over the spool's parent). */
  health?: ResourceHealth;
  /** A write into the data folder for a backoff step's try when nothing else waits (pipeline: checkDataFolder). */
  checkDataFolder?: () => Promise<void>;
  /** What is sent for a document (issue #39); absent: its spool copy. */
  outgoing?: UploadWorkerDeps['outgoing'];
  /** Brings a document's bytes here when another station took it in (an office: office-document-bytes.ts). */
  fetchContent?: (d: StoredDocument, toPath: string) => Promise<void>;
}

/**
 * Upload control: the upload worker, start-up recovery and the queue's status. Start-up recovery finishes
 * or rolls back whatever a crash interrupted, like Postfix's queue manager: uploading → queued (same
 * Idempotency-Key), uploaded → archive again, half-written spool copies removed.
 */
export class UploadControl {
  private readonly worker: UploadWorker;
  private readonly progressThrottle: KeyedThrottle<{ sent: number; total: number }>;
  /** The data folder's health (full disk, read-only database …), which status() reports as `storage`. */
  readonly health: ResourceHealth;
  /**
   * The documents' counts by state as of the last read (`recount`), which status() answers: its readers
   * (status bar, metrics, queue.changed, the status file) read it synchronously, and a network engine answers
   * later. It is read again before each queue.changed (at most every 250 ms after a change told, the cadence
   * the status bar had), not at every change: the read is a GROUP BY over every document ever kept. Who must
   * not see counts from before a change (the agent's `--once`, an IPC query) awaits `freshStatus`.
   */
  private counts = noDocuments();
  private counting: Promise<void> | undefined;
  private countAgain: Promise<void> | undefined;
  /**
   * The counts read outside any unit of work, whoever asks: the timer that asks may have been set by a change
   * told inside an open unit (the page tools' joined edits), whose async context it inherits, and must not
   * read that unit's writes before they commit; outside it, the read waits for the unit.
   */
  private readonly countsOutsideUnits: () => Promise<Record<DocumentState, number>>;
  private stopped = false;

  constructor(private readonly deps: UploadControlDeps) {
    const { work } = deps;
    this.countsOutsideUnits = AsyncResource.bind(() => deps.storage.counts());
    const data = dirname(deps.spool.dir);
    this.health =
      deps.health ??
      new ResourceHealth({
        places: { data, database: join(data, 'queue.sqlite'), spool: deps.spool.dir, archive: join(data, 'archive') },
        clock: deps.clock,
        logger: deps.logger,
      });
    // The clerk hears it once per change (the renderer's catalogs: notice.storage.*), not per try.
    this.health.subscribe((state) => {
      if (state.state === 'failing') work.notice('error', state.code, { reason: state.error });
      else work.notice('info', 'storage.ok', {});
      work.statusChanged();
    });
    this.progressThrottle = new KeyedThrottle(deps.progressIntervalMs ?? 100, (id, p) =>
      deps.bus.emit({ type: 'upload.progress', id, sent: p.sent, total: p.total }),
    );
    this.worker = new UploadWorker({
      storage: deps.storage,
      spoolPath: (n) => deps.spool.pathOf(n),
      spoolExists: (n) => deps.spool.exists(n),
      uploader: deps.uploader,
      archiver: deps.archiver,
      clock: deps.clock,
      logger: deps.logger,
      apply: (id, patch, step) => this.apply(id, patch, step),
      applied: (docs) => this.told(docs),
      progress: (id, sent, total) => this.progressThrottle.push(id, { sent, total }),
      concurrency: deps.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY,
      health: this.health,
      ...(deps.checkDataFolder ? { checkDataFolder: deps.checkDataFolder } : {}),
      ...(deps.outgoing ? { outgoing: deps.outgoing } : {}),
      ...(deps.fetchContent ? { fetchContent: deps.fetchContent } : {}),
      tookOver: (taken) => this.tookOver(taken),
      backoff: deps.backoff ?? DEFAULT_BACKOFF,
      probeBackoff: deps.probeBackoff ?? DEFAULT_PROBE_BACKOFF,
      ...(deps.probe ? { probe: deps.probe } : {}),
      ...(deps.random ? { random: deps.random } : {}),
      onNetwork: (online) => {
        deps.onNetwork?.(online);
        work.statusChanged();
      },
      onBusy: () => work.statusChanged(),
      onProbeScheduled: () => work.statusChanged(),
      onPaused: (reason) => {
        if (reason) work.notice('error', 'queue.paused.configuration', { reason: reason.message });
        work.statusChanged();
      },
    });
    void this.recount();
  }

  /** Recovery, then the upload worker. Call once, before the watcher hands over files. */
  async start(): Promise<{ requeued: number; archived: number; spool: { partial: number; orphaned: number } }> {
    const { work, storage, spool, logger } = this.deps;
    await spool.init();
    const at = work.now();
    let interrupted: StoredDocument[];
    // A full disk or read-only database does not stop the start: the state says failing, and the worker
    // requeues these once the data folder takes writes again (as it does for what it leaves half-done).
    try {
      interrupted = await storage.transaction(async (documents) => {
        const found = await documents.inStates(['uploading']);
        for (const d of found)
          await documents.update(d.id, { state: 'queued', nextAttemptAtMs: null }, at, historyStep('recovered'));
        return found;
      });
    } catch (e) {
      if (!this.health.failed(e, 'database')) throw e;
      interrupted = [];
    }
    // After a crash of the process, what it committed may be only in the OS's cache: on disk before any
    // upload relies on a key from it (keyDurable knows only this run's commits). A disk that cannot
    // flush is reported; new keys then wait for a flush that succeeds.
    await storage.durable().catch((e: unknown) => {
      if (!this.health.failed(e, 'database')) logger.error('queue database flush failed at start', { error: e });
    });
    const sweep = await work
      .spoolFilesKept()
      .then((kept) => spool.sweep(kept))
      .catch((e: unknown) => {
        if (!this.health.failed(e, 'spool')) throw e;
        return { partial: 0, orphaned: 0 };
      });
    let archived = 0;
    for (const d of await storage.inStates(['uploaded'])) {
      await this.worker.archive(d);
      archived++;
    }
    await this.deps.archiver
      .prune(new Date(this.deps.clock.now()))
      .catch((e: unknown) => logger.warn('archive prune failed', { error: e }));
    logger.info('queue recovered', { requeued: interrupted.length, archived, spool: sweep });
    await this.recount();
    this.worker.start();
    work.statusChanged();
    return { requeued: interrupted.length, archived, spool: sweep };
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    this.stopped = true;
    this.deps.work.stop();
    await this.deps.storage
      .durable()
      .catch((e: unknown) => this.deps.logger.error('queue database flush failed', { error: e }));
  }

  /**
   * A document's change, stored (one call of the port, atomic on its own: the upload worker alone changes a
   * document while it uploads) and told once committed; its progress events end once it leaves `uploading`.
   */
  async apply(id: string, patch: DocumentPatch, step?: HistoryStep): Promise<StoredDocument> {
    if (patch.state && patch.state !== 'uploading') this.progressThrottle.forget(id);
    const d = await this.deps.storage.update(id, patch, this.deps.work.now(), step);
    this.deps.work.changed([d]);
    return d;
  }

  /**
   * Documents of gone stations this station's claim took over (an office, issue #50 item 3): never silent.
   * The log says which, from which station; the clerk and the station's status and metrics hear it as a
   * notice per gone station (StationMonitor counts them: `takenOver`).
   */
  private tookOver(taken: TakenOver[]): void {
    const byStation = new Map<string, TakenOver[]>();
    for (const t of taken) byStation.set(t.fromStationId, [...(byStation.get(t.fromStationId) ?? []), t]);
    for (const group of byStation.values()) {
      const first = group[0];
      if (!first) continue;
      this.deps.logger.info('office: took over documents of a silent station', {
        fromStation: first.fromStation,
        fromStationId: first.fromStationId,
        silentSince: first.silentSince,
        documents: group.map((t) => t.id),
        cutOffMidUpload: group.filter((t) => t.wasUploading).map((t) => t.id),
      });
      this.deps.work.notice('info', 'office.takenOver', {
        station: first.fromStation,
        since: first.silentSince,
        count: String(group.length),
      });
    }
  }

  /** Changes the upload worker committed in a unit of work of its own (its claim, a requeue), told. */
  private told(docs: StoredDocument[]): void {
    for (const d of docs) if (d.state !== 'uploading') this.progressThrottle.forget(d.id);
    this.deps.work.changed(docs);
  }

  /**
   * Reads the counts again, for status(); resolves once a read that began after the call is in. Calls while
   * a read runs share one more read after it. A read that fails keeps the counts before (the data folder's
   * health tells a failing database, the office database its outage; another failure is logged).
   */
  recount(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (!this.counting) {
      const read = this.countsOutsideUnits().then(
        (counts) => {
          this.counts = counts;
        },
        (e: unknown) => {
          if (this.health.failed(e, 'database') || (e instanceof IntakeError && e.said)) return;
          this.deps.logger.warn('queue counts not read', { error: e });
        },
      );
      this.counting = read.finally(() => (this.counting = undefined));
      return this.counting;
    }
    this.countAgain ??= this.counting.then(() => {
      this.countAgain = undefined;
      return this.recount();
    });
    return this.countAgain;
  }

  /**
   * A change the clerk's commands made through the storage port, once committed: told as `apply` tells its
   * own (its progress events end once it leaves `uploading`).
   */
  applied(d: StoredDocument, patch: DocumentPatch): StoredDocument {
    if (patch.state && patch.state !== 'uploading') this.progressThrottle.forget(d.id);
    this.deps.work.changed([d]);
    return d;
  }

  /** Documents became queued: the worker looks now. */
  kick(): void {
    this.worker.kick();
  }

  /** The storage answers again after an outage: the uploads it cut off are finished now. */
  storageBack(): void {
    this.worker.storageBack();
  }

  /** The connection monitor heard the platform answer: an offline queue probes now instead of waiting. */
  reachable(): void {
    this.worker.reachable();
  }

  /** Retried by the clerk: due now, and an offline probe's wait is cut short. */
  retryNow(): void {
    this.worker.retryNow();
  }

  /** Aborts an upload in flight; false when the document is not uploading here. */
  cancel(id: string): boolean {
    return this.worker.cancel(id);
  }

  settled(id: string): Promise<void> {
    return this.worker.settled(id);
  }

  archived(id: string): Promise<void> {
    return this.worker.archived(id);
  }

  progressOf(id: string): ReturnType<UploadWorker['progressOf']> {
    return this.worker.progressOf(id);
  }

  /** Why uploading is paused when a configuration error paused it (undefined when running or paused by hand). */
  get pauseReason(): { code: string; message: string } | undefined {
    return this.worker.configurationError;
  }

  status(): QueueStatus {
    const storage = this.health.state;
    return {
      paused: this.worker.isPaused,
      online: this.worker.isOnline,
      counts: { ...this.counts },
      progress: this.worker.progress,
      ...(this.worker.busyUntil === undefined ? {} : { busyUntil: new Date(this.worker.busyUntil).toISOString() }),
      ...(this.worker.nextProbe === undefined ? {} : { nextTryAt: new Date(this.worker.nextProbe).toISOString() }),
      ...(storage.state === 'failing'
        ? { storage: { code: storage.code, reason: storage.reason, since: storage.since, error: storage.error } }
        : {}),
    };
  }

  /**
   * The status with its counts read now: for a reader that decides on them (the agent's `--once` end). Not
   * from inside a unit of work: the read waits for the unit to commit.
   */
  async freshStatus(): Promise<QueueStatus> {
    await this.recount();
    return this.status();
  }

  pause(): QueueStatus {
    this.worker.pause();
    return this.status();
  }

  resume(): QueueStatus {
    this.worker.resume();
    return this.status();
  }

  /** Resolves when nothing is queued or uploading any more (failed and new documents may remain). */
  async drained(pollMs = 100): Promise<void> {
    for (;;) {
      const c = await this.deps.storage.counts();
      if (c.queued === 0 && c.uploading === 0 && c.uploaded === 0 && this.worker.activeIds.length === 0) return;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Upload concurrency from the settings, applied without a restart. */
  setConcurrency(concurrency: number): void {
    this.worker.setConcurrency(concurrency);
  }
}

/** Counts before the first read: no documents in any state. */
function noDocuments(): Record<DocumentState, number> {
  return Object.fromEntries(DOCUMENT_STATES.map((s) => [s, 0])) as Record<DocumentState, number>;
}
