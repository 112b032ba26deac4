import { IntakeError, isIntakeError } from '../errors';
import { historyStep, type HistoryStep } from '../../../shared/domain/history';
import type { DocumentError } from '../../../shared/domain/document';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { Archiver } from './archiver';
import type { BackoffPolicy } from './backoff';
import { fullJitterDelay } from './backoff';
import type { DocumentPatch, DocumentStorage, StoredDocument, TakenOver } from './document-storage';
import type { InboxUploader } from './inbox-uploader';
import type { ResourceHealth } from './resource-health';
import { ALL_PLACES } from './resource-health';
import { claimDue } from './upload-claim';
import { decideAfterFailure } from './upload-outcome';
import { OutputCutOff, type SendFile } from '../output/outgoing-files';

/** Why an in-flight upload was aborted by us, which decides the state it goes back to. */
type AbortReason = 'cancel' | 'shutdown' | 'pause';

/** After a searchable PDF was cut off by the program closing: the queue has stopped long before this. */
const CUT_OFF_RETRY_MS = 5_000;
const WAKE = 'wake';

export interface UploadWorkerDeps {
  /** The queue's storage port: each step of an upload reads and writes through it. */
  storage: DocumentStorage;
  spoolPath(name: string): string;
  spoolExists(name: string): Promise<boolean>;
  uploader: InboxUploader;
  archiver: Archiver;
  clock: Clock;
  logger: Logger;
  /** Applies a transition and tells listeners (documents.changed, queue.changed) once it is committed. */
  apply(id: string, patch: DocumentPatch, step?: HistoryStep): Promise<StoredDocument>;
  /** Tells listeners of changes committed in a unit of work here (the claim, a requeue). */
  applied(docs: StoredDocument[]): void;
  progress(id: string, sent: number, total: number): void;
  /** A cheap request to see whether the platform answers at all; absent → the next upload is the probe. */
  probe?: () => Promise<boolean>;
  concurrency: number;
  /** A write into the data folder (a small file, a database write), when a try finds nothing else to do. */
  checkDataFolder?: () => Promise<void>;
  /** The data folder's health: a full disk or a read-only database pauses every upload, with backoff. */
  health: ResourceHealth;
  backoff: BackoffPolicy;
  probeBackoff: BackoffPolicy;
  random?: () => number;
  onNetwork?(online: boolean): void;
  onPaused?(reason: { code: string; message: string } | undefined): void;
  /** The platform said it is busy (429/503) until this time (ms), or answered normally again (undefined). */
  onBusy?(until: number | undefined): void;
  /**
   * What is sent (issue #39, core/output/outgoing-files.ts): asked before each upload, after the key is on
   * disk; the same answer for every try of a document. Absent: the spool copy.
   */
  outgoing?: {
    prepare(doc: StoredDocument, spoolPath: string): Promise<{ send?: SendFile; step?: HistoryStep }>;
    remove(id: string): Promise<void>;
  };
  /** Offline: the next probe was scheduled (the queue's status says when it asks again). */
  onProbeScheduled?(): void;
  /**
   * Brings a document's bytes to its spool path when this station has no copy: an office's document taken
   * over from a gone station (office/office-document-bytes.ts). Absent: a missing spool copy fails it.
   */
  fetchContent?(doc: StoredDocument, toPath: string): Promise<void>;
  /** Documents of gone stations this station took over in a claim (office: upload-claim.ts), once committed. */
  tookOver?(taken: TakenOver[]): void;
}

/**
 * The bytes of a document this station has no copy of could not be brought from where they are kept (the
 * office database out of reach, a copy cut off): not the document's fault and not the platform's, so it is
 * tried again later with the same key, never failed (failing drops a key a cut-off upload may have used).
 */
class ContentNotHere extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** How often the upload loop looks again while its storage (the office database) is out of reach. */
const OUT_OF_REACH_LOOK_MS = 2_000;

interface InFlight {
  controller: AbortController;
  sent: number;
  total: number;
  done: Promise<void>;
}

/**
 * Takes due documents (state queued, next attempt reached) and uploads up to `concurrency` at a time.
 * Offline: stops taking documents and probes with backoff until the platform answers, then drains.
 */
export class UploadWorker {
  private readonly inFlight = new Map<string, InFlight>();
  /** Documents being archived now, each with its archiving: not half-done, whatever their state says. */
  private readonly archiving = new Map<string, Promise<void>>();
  /**
   * Documents may be half-done (left `uploading` or `uploaded` by a step whose bookkeeping failed): look
   * for them once the data folder takes writes again, as start-up recovery would.
   */
  private unfinished = false;
  /** Archiving failed for another reason than the data folder: tried again at this time (ms). */
  private archiveRetryAt: number | undefined;
  private archiveRetries = 0;
  private running = false;
  private paused = false;
  private pauseReason: { code: string; message: string } | undefined;
  private online: boolean | undefined;
  private busy: number | undefined;
  private probeAttempt = 0;
  private nextProbeAt = 0;
  private wake = new AbortController();
  private loopDone: Promise<void> = Promise.resolve();

  constructor(private readonly deps: UploadWorkerDeps) {
    // Another part (the intake) may be the one whose write got through: the queue goes on at once, and
    // first finishes what the failure left half-done (here, or at start-up, which could not requeue).
    deps.health.subscribe((state) => {
      if (state.state !== 'ok') return;
      this.unfinished = true;
      this.kick();
    });
  }

  get isPaused(): boolean {
    return this.paused;
  }
  get isOnline(): boolean {
    return this.online !== false;
  }
  /** When the platform, busy (429/503), expects the next try (epoch ms); undefined when it is not busy. */
  get busyUntil(): number | undefined {
    return this.busy;
  }
  get configurationError(): { code: string; message: string } | undefined {
    return this.pauseReason;
  }
  get activeIds(): string[] {
    return [...this.inFlight.keys()];
  }
  get progress(): { sent: number; total: number } {
    let sent = 0;
    let total = 0;
    for (const f of this.inFlight.values()) {
      sent += f.sent;
      total += f.total;
    }
    return { sent, total };
  }

  progressOf(id: string): { sent: number; total: number } | undefined {
    const f = this.inFlight.get(id);
    return f ? { sent: f.sent, total: f.total } : undefined;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.loop();
  }

  /** Aborts in-flight uploads (they go back to queued, same key) and waits until they settled. */
  async stop(): Promise<void> {
    this.running = false;
    for (const f of this.inFlight.values()) f.controller.abort('shutdown' satisfies AbortReason);
    this.kick();
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
    await Promise.all([...this.archiving.values()]);
    await this.loopDone;
  }

  pause(reason?: { code: string; message: string }): void {
    this.paused = true;
    this.pauseReason = reason;
    this.deps.onPaused?.(reason);
  }

  resume(): void {
    this.paused = false;
    this.pauseReason = undefined;
    this.deps.onPaused?.(undefined);
    this.kick();
  }

  /** Retry now: also cuts a pending probe wait short. */
  retryNow(): void {
    this.nextProbeAt = 0;
    this.kick();
  }

  /**
   * Someone else saw the platform answer (the connection monitor: a token, the status bar's check): the
   * probe's wait is cut short, so the queue does not sleep out a backoff the platform no longer needs.
   */
  reachable(): void {
    if (this.online !== false) return;
    this.nextProbeAt = 0;
    this.kick();
  }

  /** When the next reachability probe is due while offline (epoch ms); undefined when online. */
  get nextProbe(): number | undefined {
    return this.online === false ? Math.max(this.nextProbeAt, this.deps.clock.now()) : undefined;
  }

  cancel(id: string): boolean {
    const f = this.inFlight.get(id);
    if (!f) return false;
    f.controller.abort('cancel' satisfies AbortReason);
    return true;
  }

  async settled(id: string): Promise<void> {
    await this.inFlight.get(id)?.done;
  }

  /** Waits for the document's archiving under way, if any (its files deleted or archived, or left to retry). */
  async archived(id: string): Promise<void> {
    await this.archiving.get(id);
  }

  /** Something changed (submit, resume, an upload ended): look for work now. */
  /** Settings changed: more slots start at once; fewer take effect as running uploads finish. */
  setConcurrency(concurrency: number): void {
    this.deps.concurrency = concurrency;
    this.kick();
  }

  /** The storage answers again after an outage (the office database back): what it cut off is looked at now. */
  storageBack(): void {
    this.unfinished = true;
    this.kick();
  }

  kick(): void {
    // A reason of our own: abort() without one builds a DOMException (with a stack) on every wake.
    this.wake.abort(WAKE);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      // A fresh wake before the step, not after: a kick while the step runs (an upload ending, the
      // connection monitor's "reachable") must cut the following sleep short, not be lost with it.
      this.wake = new AbortController();
      let waitMs: number;
      try {
        waitMs = await this.step();
      } catch (e) {
        // The database or disk failed under us; keep the loop alive and look again shortly (a full disk
        // or read-only database: at the data folder's backoff, logged once by it).
        // The office database out of reach: said once by it; the step is tried again at a calm pace (a refused
        // connection is cheap), and what the outage left half-done is looked at once it answers.
        if (this.deps.storage.outOfReach?.(e)) {
          this.unfinished = true;
          waitMs = OUT_OF_REACH_LOOK_MS;
        } else {
          const resource = this.deps.health.failed(e, 'database');
          if (!resource) this.deps.logger.error('upload loop step failed', { error: e });
          waitMs = resource ? Math.max(1, this.deps.health.retryInMs()) : 1_000;
        }
      }
      if (!this.running) break;
      await this.deps.clock.sleep(Math.max(waitMs, 1), this.wake.signal).catch(() => undefined);
    }
  }

  /** One pass: probe if offline, start due uploads; returns how long to sleep unless woken. */
  private async step(): Promise<number> {
    {
      const now = this.deps.clock.now();
      // Idle look every few seconds: another process (the CLI's `retry`) may have queued documents.
      let waitMs = 5_000;
      const { health } = this.deps;
      if (!this.paused && health.failing) {
        // Nothing is taken while the data folder fails: one try per backoff step, not one per document.
        if (!health.mayTry()) return Math.max(1, health.retryInMs());
        await this.tryDataFolder(now);
        return health.failing ? Math.max(1, health.retryInMs()) : 0;
      }
      if (!this.paused && this.unfinished) await this.finishUnfinished();
      if (!this.paused && this.archiveRetryAt !== undefined) {
        if (now >= this.archiveRetryAt) await this.finishUnfinished();
        else waitMs = Math.min(waitMs, this.archiveRetryAt - now);
      }
      if (!this.paused) {
        if (this.online === false) {
          if (now >= this.nextProbeAt) await this.runProbe();
          waitMs = Math.max(0, this.nextProbeAt - this.deps.clock.now());
        }
        // Every slot busy: no query. Each arrival and each finished upload wakes the loop, and in a batch
        // most wakes find the slots full; the upload that frees one wakes it again.
        if (this.online !== false && this.inFlight.size < this.deps.concurrency) {
          await this.takeDue(now);
          const nextDue = this.inFlight.size < this.deps.concurrency ? await this.deps.storage.nextDueAt() : undefined;
          if (nextDue !== undefined) waitMs = Math.min(waitMs, Math.max(0, nextDue - now));
        }
      }
      return waitMs;
    }
  }

  /**
   * Claims what is due for the free slots (one unit of work: upload-claim.ts) and starts their uploads. Only
   * the loop calls it, one step at a time, so the slots it counts are not taken by another call meanwhile.
   */
  private async takeDue(now: number, limit = this.deps.concurrency): Promise<void> {
    const free = Math.min(limit, this.deps.concurrency) - this.inFlight.size;
    if (free <= 0 || !this.running) return;
    const at = new Date(this.deps.clock.now()).toISOString();
    const claimed = await claimDue(this.deps.storage, {
      nowMs: now,
      limit: free,
      exclude: new Set(this.inFlight.keys()),
      at,
      ...(this.deps.tookOver ? { tookOver: this.deps.tookOver } : {}),
    });
    if (claimed.length === 0) return;
    this.deps.applied(claimed);
    if (!this.running) {
      // Stopped while claiming: nothing was sent, so back to queued with the same key (as `stop` does).
      for (const d of claimed)
        await this.deps.apply(d.id, { state: 'queued', nextAttemptAtMs: null }, historyStep('interrupted'));
      return;
    }
    for (const doc of claimed) this.begin(doc);
  }

  /**
   * The one try of a backoff step while the data folder fails: the folder's own check (a write to each of
   * its places) when there is one, else the documents a failure left half-done, else one due document.
   * Whatever gets through tells the health, and the next step finishes the half-done documents.
   */
  private async tryDataFolder(now: number): Promise<void> {
    this.unfinished = true;
    if (this.deps.checkDataFolder) {
      // Every place written (database, spool, archive): a full spool is not called healthy by an upload.
      await this.deps.checkDataFolder();
      this.deps.health.succeeded(ALL_PLACES);
      return;
    }
    if (await this.finishUnfinished()) return;
    if (this.deps.health.failing && this.inFlight.size === 0 && (await this.deps.storage.nextDueAt()) !== undefined) {
      const before = this.inFlight.size;
      await this.takeDue(now, 1);
      if (this.inFlight.size > before) return;
    }
  }

  /**
   * What start-up recovery does, in the running process: a document left `uploading` with no upload
   * running goes back to queued (same Idempotency-Key), one left `uploaded` is archived again. Returns
   * whether there was any (it was the try).
   */
  private async finishUnfinished(): Promise<boolean> {
    const { storage, health } = this.deps;
    this.archiveRetryAt = undefined;
    this.unfinished = false;
    let left: StoredDocument[];
    try {
      // Read, checked and requeued in one unit: an upload is begun only by this loop (not meanwhile), so a
      // document uploading here is in `inFlight`; one left uploading by a failed step is not.
      const found = await storage.transaction(async (documents) => {
        const here = (d: StoredDocument) => !this.inFlight.has(d.id) && !this.archiving.has(d.id);
        const unfinished = (await documents.inStates(['uploading', 'uploaded'])).filter(here);
        const requeued: StoredDocument[] = [];
        const at = new Date(this.deps.clock.now()).toISOString();
        for (const d of unfinished.filter((x) => x.state === 'uploading'))
          requeued.push(
            await documents.update(
              d.id,
              { state: 'queued', nextAttemptAtMs: null },
              at,
              historyStep('storageRequeued'),
            ),
          );
        return { unfinished, requeued };
      });
      left = found.unfinished;
      if (found.requeued.length > 0) this.deps.applied(found.requeued);
      if (left.length === 0) return false;
    } catch (e) {
      this.unfinished = true;
      throw e;
    }
    if (left.some((x) => x.state === 'uploading')) health.succeeded(['database']);
    for (const d of left.filter((x) => x.state === 'uploaded')) await this.archive(d);
    this.kick();
    return true;
  }

  private async runProbe(): Promise<void> {
    const ok = this.deps.probe ? await this.deps.probe().catch(() => false) : true;
    if (ok) {
      await this.setOnline(true);
      this.probeAttempt = 0;
      return;
    }
    this.probeAttempt++;
    this.nextProbeAt =
      this.deps.clock.now() +
      Math.max(
        this.deps.probeBackoff.baseMs / 2,
        fullJitterDelay(this.probeAttempt, this.deps.probeBackoff, this.deps.random),
      );
    this.deps.onProbeScheduled?.();
  }

  private async suspectOffline(): Promise<void> {
    if (!this.deps.probe || this.online === false) return;
    const ok = await this.deps.probe().catch(() => false);
    // Re-read: another upload may have set it while the probe ran.
    if (!ok && this.isOnline) {
      await this.setOnline(false);
      this.probeAttempt = 0;
      this.nextProbeAt = this.deps.clock.now() + this.deps.probeBackoff.baseMs;
      this.kick();
    }
  }

  private async setOnline(online: boolean): Promise<void> {
    if (this.online === online) return;
    this.online = online;
    // Unreachable is worth a warning (an admin filtering on warn must see it); reachable again is news only.
    if (online) this.deps.logger.info('platform reachable');
    else this.deps.logger.warn('platform unreachable');
    if (online) await this.dueAgain();
    this.deps.onNetwork?.(online);
  }

  /**
   * Reachable again: documents waiting out a backoff that a lost connection (no HTTP answer) gave them
   * are due now. Their backoff grew while the platform was away; it was never the platform asking for
   * time (a 429/503 keeps its Retry-After, a 5xx its backoff).
   */
  private async dueAgain(): Promise<void> {
    const now = this.deps.clock.now();
    try {
      const due = await this.deps.storage.transaction(async (documents) => {
        const out: StoredDocument[] = [];
        const at = new Date(now).toISOString();
        for (const d of await documents.inStates(['queued'])) {
          if (!d.nextAttemptAt || Date.parse(d.nextAttemptAt) <= now) continue;
          if (!d.error || d.error.status !== undefined) continue;
          out.push(await documents.update(d.id, { nextAttemptAtMs: null }, at, historyStep('dueAgain')));
        }
        return out;
      });
      if (due.length > 0) this.deps.applied(due);
    } catch (e) {
      if (!this.deps.health.failed(e, 'database')) throw e;
    }
  }

  private setBusy(until: number | undefined): void {
    if (this.busy === until) return;
    this.busy = until;
    this.deps.onBusy?.(until);
  }

  private begin(doc: StoredDocument): void {
    const controller = new AbortController();
    const entry: InFlight = { controller, sent: 0, total: doc.size, done: Promise.resolve() };
    this.inFlight.set(doc.id, entry);
    entry.done = this.upload(doc, entry)
      .catch((e: unknown) => {
        // The data folder (full, read-only): its health logs once and spaces the tries out; the document
        // may be left half-done, and is finished once the folder takes writes again.
        if (this.deps.storage.outOfReach?.(e) || this.deps.health.failed(e, 'database')) this.unfinished = true;
        else this.deps.logger.error('upload bookkeeping failed', { documentId: doc.id, error: e });
      })
      .finally(() => {
        this.inFlight.delete(doc.id);
        this.kick();
      });
  }

  /** `current` was claimed (uploading, its attempt counted: takeDue). */
  private async upload(current: StoredDocument, entry: InFlight): Promise<void> {
    const { apply, logger, clock } = this.deps;
    const doc = current;
    const attempt = current.attempts;
    try {
      // The Idempotency-Key must be on disk before the platform can see it: after a power cut the retry
      // has to send the same key. ('uploading' need not be: recovery treats it as queued, same key.)
      await this.deps.storage.keyDurable(doc.id);
      const spoolPath = this.deps.spoolPath(current.spoolName);
      if (!(await this.deps.spoolExists(current.spoolName))) {
        const missing = new IntakeError(
          'local',
          'file.missing',
          'The spooled copy of this document is missing; import the file again.',
        );
        if (!this.deps.fetchContent) throw missing;
        // Another station took it in (an office's document taken over): its bytes come from the office.
        await this.deps.fetchContent(current, spoolPath).catch((e: unknown) => {
          // Nowhere at all (never stored there, or removed): as a station alone, it is missing.
          if (isIntakeError(e) && e.code === 'content.missing') throw missing;
          throw new ContentNotHere(e);
        });
      }
      const prepared = this.deps.outgoing ? await this.deps.outgoing.prepare(current, spoolPath) : {};
      const send = prepared.send;
      const fileName = send?.fileName ?? current.fileName;
      const metadata = { ...current.metadata, primaryFileName: current.metadata.primaryFileName || fileName };
      const response = await this.deps.uploader.uploadToInbox({
        filePath: send?.path ?? spoolPath,
        fileName,
        contentType: send?.contentType ?? current.contentType,
        size: send?.size ?? current.size,
        metadata,
        ...(current.idempotencyKey ? { idempotencyKey: current.idempotencyKey } : {}),
        signal: entry.controller.signal,
        onProgress: (sent, total) => {
          entry.sent = sent;
          entry.total = total;
          this.deps.progress(doc.id, sent, total);
        },
      });
      if (!response.success) {
        throw new IntakeError(
          'validation',
          'platform.rejected',
          response.errors.map((e) => e.message).join('; ') || 'The platform did not accept the document.',
          { platformErrors: response.errors },
        );
      }
      await this.setOnline(true);
      this.setBusy(undefined);
      const uploaded = await apply(
        doc.id,
        { state: 'uploaded', uploadedAt: new Date(clock.now()).toISOString(), error: null },
        prepared.step ?? historyStep('uploaded'),
      );
      // The slot is free once the platform has the document: archiving (local deletes and a commit) runs
      // beside the next upload instead of delaying it.
      this.deps.health.succeeded(['database']);
      void this.archive(uploaded);
    } catch (e) {
      const reason = entry.controller.signal.aborted ? (entry.controller.signal.reason as AbortReason) : undefined;
      // The storage stopped answering during the step (the office database restarted): neither the document's
      // failure nor the platform's, which may well hold it now. Its row stays as the storage last took it
      // (uploading); once the storage answers, the unfinished look sends it again with the same key, which
      // the platform answers with the first upload, or archives it if it was recorded uploaded.
      if (this.deps.storage.outOfReach?.(e)) {
        this.unfinished = true;
        logger.debug('upload step cut off: the storage is out of reach', { documentId: doc.id });
        return;
      }
      // The data folder, not the document: never a failed document, and the same key next time.
      if (reason === undefined && this.deps.health.failed(e, 'database')) {
        this.unfinished = true;
        await apply(doc.id, { state: 'queued', nextAttemptAtMs: null }, historyStep('storageRequeued'));
        return;
      }
      if (reason === 'cancel') {
        await apply(doc.id, { state: 'tagged', nextAttemptAtMs: null }, historyStep('cancelled'));
        return;
      }
      if (e instanceof ContentNotHere) {
        const error: DocumentError = {
          code: isIntakeError(e.reason) ? e.reason.code : 'content.copy_failed',
          message: e.message,
          retryable: true,
        };
        const delayMs = Math.max(1_000, fullJitterDelay(attempt, this.deps.backoff, this.deps.random));
        logger.warn("upload waits: the document's bytes could not be brought to this station", {
          documentId: doc.id,
          attempt,
          code: error.code,
          error: e.reason,
        });
        await apply(doc.id, { state: 'queued', nextAttemptAtMs: clock.now() + delayMs, error }, errorStep(error));
        return;
      }
      if (reason === 'shutdown' || reason === 'pause') {
        await apply(doc.id, { state: 'queued', nextAttemptAtMs: null }, historyStep('interrupted'));
        return;
      }
      // The text workers closed before the uploads (the program ends): not a failure of the document, and
      // not tried again at once, which would only meet the closed workers again until the queue stops.
      if (e instanceof OutputCutOff) {
        const at = clock.now() + CUT_OFF_RETRY_MS;
        await apply(doc.id, { state: 'queued', nextAttemptAtMs: at }, historyStep('interrupted'));
        return;
      }
      const decision = decideAfterFailure(e, attempt, this.deps.backoff, this.deps.random);
      logger.warn('upload failed', {
        documentId: doc.id,
        attempt,
        decision: decision.action,
        code: decision.error.code,
      });
      // Busy until its Retry-After; any other answer (or none) means it is no longer saying "busy".
      this.setBusy(decision.action === 'retry' && decision.busy ? clock.now() + decision.delayMs : undefined);
      if (decision.action === 'retry') {
        if (decision.offline) {
          await this.setOnline(false);
          this.nextProbeAt = Math.min(this.nextProbeAt || Infinity, clock.now() + this.deps.probeBackoff.baseMs);
          if (this.nextProbeAt < clock.now()) this.nextProbeAt = clock.now() + this.deps.probeBackoff.baseMs;
        }
        // A connection lost with no HTTP answer may mean the network just went: ask the probe.
        if (!decision.offline && decision.error.status === undefined) void this.suspectOffline();
        const at = decision.delayMs > 0 ? clock.now() + decision.delayMs : null;
        await apply(doc.id, { state: 'queued', nextAttemptAtMs: at, error: decision.error }, errorStep(decision.error));
      } else if (decision.action === 'pause') {
        await apply(
          doc.id,
          { state: 'queued', nextAttemptAtMs: null, error: decision.error },
          errorStep(decision.error),
        );
        this.pause({ code: decision.error.code, message: decision.error.message });
      } else {
        await apply(
          doc.id,
          {
            state: 'failed',
            nextAttemptAtMs: null,
            error: decision.error,
            ...(decision.keyConsumed ? {} : { idempotencyKey: null }),
          },
          errorStep(decision.error),
        );
      }
    }
  }

  /**
   * After success: archive or delete, then `archived`. A failure here leaves `uploaded`: tried again in
   * this process (once the data folder is ok again, or after a backoff) and at the next start.
   */
  archive(doc: StoredDocument): Promise<void> {
    const running = this.archiving.get(doc.id);
    if (running) return running;
    const archiving = this.archiveNow(doc).finally(() => this.archiving.delete(doc.id));
    this.archiving.set(doc.id, archiving);
    return archiving;
  }

  private async archiveNow(given: StoredDocument): Promise<void> {
    // Read again: the copy passed in may be older than a move of the scanner's file (an upgraded station's
    // in-place files move into its taken/ at start, beside this). A move after this read waits for the
    // archiving to end (`archived`) and then removes the file where it now lies.
    let doc = given;
    try {
      doc = (await this.deps.storage.get(given.id)) ?? given;
      // 'uploaded' on disk before any file goes: a power cut must not bring back a document whose files
      // are gone. 'archived' needs no wait: if a power cut loses it, start-up re-runs this idempotent step.
      // The background flush the `uploaded` commit scheduled (≤ 20 ms) is enough: no upload waits for this,
      // and the uploads finishing together then share one fsync of the WAL.
      await this.deps.storage.durableSoon();
      const now = new Date(this.deps.clock.now());
      // Where the copy goes is saved, and on disk, before it moves: a crash after the move is then
      // recovered to the file's real place (the path names the day, and the restart may be on another).
      const planned = this.deps.archiver.plannedPath(doc, now);
      let current = doc;
      if (planned && planned !== doc.archivePath) {
        current = await this.deps.apply(doc.id, { archivePath: planned });
        await this.deps.storage.durable();
      }
      const archivePath = await this.deps.archiver.archive(current, now);
      // Its searchable PDF (if one was sent) is no longer needed: the platform has it, the archive the
      // original. Removed before the document is recorded archived, so whoever sees it archived finds it gone
      // (a loaded run's test read the folder between the two); a crash in between archives it again.
      await this.deps.outgoing?.remove(doc.id).catch(() => undefined);
      await this.deps.apply(
        doc.id,
        { state: 'archived', archivePath: archivePath ?? null },
        historyStep(archivePath ? 'archived' : 'filesRemoved'),
      );
      this.archiveRetries = 0;
      this.deps.health.succeeded(['archive', 'database']);
    } catch (e) {
      // The storage out of reach (said once by it) or the data folder failing: archived once it answers.
      if (this.deps.storage.outOfReach?.(e) || this.deps.health.failed(e, 'archive')) this.unfinished = true;
      else {
        this.archiveRetries++;
        const delay = Math.max(1_000, fullJitterDelay(this.archiveRetries, this.deps.backoff, this.deps.random));
        this.archiveRetryAt = Math.min(this.archiveRetryAt ?? Infinity, this.deps.clock.now() + delay);
        this.deps.logger.warn('archiving failed; will retry', { documentId: doc.id, inMs: delay, error: e });
      }
    }
  }
}

/** An upload that did not succeed, in the history: the error's code (its sentence in the catalogs) and text. */
function errorStep(error: DocumentError): HistoryStep {
  return historyStep('error', { errorCode: error.code, reason: error.message });
}
