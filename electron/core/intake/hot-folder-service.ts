import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Notice, NoticeCode, NoticeValues } from '../../../shared/domain/notice';
import type { FolderProfile } from '../../../shared/domain/settings';
import type { EventBus } from '../events/event-bus';
import type { IncomingFile, IngestResult } from './incoming-file';
import type { Logger } from '../util/logger';
import type { FolderFile, FolderStatus, HotFolderOptions } from './hot-folder';
import { HotFolder } from './hot-folder';
import type { InPlaceReason, StationView } from './shared-folder/shared-folder';
import type { StableVerdict } from './stability/stability-tracker';

/**
 * What the folders hand files to, with the file as it takes it. CaptureIntake implements it (intake-pipeline.ts):
 * it takes the scans of capture folders as batches and hands every other file on to the document queue.
 */
export interface IntakeTarget {
  hasSeen(seenKey: string): boolean | Promise<boolean>;
  ingest(file: IncomingFile): Promise<{ outcome: IngestResult['outcome'] }>;
  /** A file that stayed unopenable: recorded as a failed document (`file.unreadable`) with the OS error. */
  failUnreadable?(file: IncomingFile, error: NodeJS.ErrnoException): unknown;
  /**
   * A file this station took whose claim another station won before it was marked taken (office claims,
   * issue #50: this station stopped beating meanwhile): its document goes, unsent. False when it could not
   * (already sent: its Idempotency-Key, the same at both stations, has the platform store it once).
   */
  letGo?(file: IncomingFile): Promise<boolean>;
}

/** A shared folder and the stations its heartbeats show (docs/deployment.md, "Shared scan folders"). */
export interface SharedFolderStations {
  folderId: string;
  path: string;
  /** false: the folder is taken in place (`reason` says why), and `stations` is empty. */
  claims: boolean;
  reason?: InPlaceReason;
  stations: StationView[];
}

/**
 * What intake asks of the data folder's health: may it try now, and how did it go. The queue's
 * ResourceHealth (queue/resource-health.ts) is the one the app passes; intake names only what it uses, so
 * it stands below the queue and not on it.
 */
export interface IntakeHealth {
  mayTry(): boolean;
  succeeded(places: readonly ('spool' | 'database')[]): void;
  /** True when the error was the data folder's (logged there), false when it is this file's to report. */
  failed(error: unknown, place: 'spool'): boolean;
}

/** All configured hot folders; reports a folder that disappears or comes back as a notice. */
export class HotFolderService {
  private folders: HotFolder[] = [];
  private readonly statuses = new Map<string, FolderStatus>();
  /** The profiles last started, as JSON: apply() restarts only when they changed. */
  private applied: string | undefined;
  /** apply() calls run one after another, so two quick saves cannot interleave a stop and a start. */
  private applying: Promise<void> = Promise.resolve();
  /** Set by stop(), cleared by start(): settings applied in between start no folder. */
  private stopped = false;

  constructor(
    private readonly target: IntakeTarget,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: HotFolderOptions = {},
    private readonly onStatus?: (profile: FolderProfile, status: FolderStatus) => void,
    /** The data folder's health (shared with the upload worker): a full disk is tried with its backoff. */
    private readonly health?: IntakeHealth,
  ) {}

  /** Files found but not yet handed to the queue, over all folders. */
  pending(): number {
    return this.folders.reduce((n, f) => n + f.pending, 0);
  }

  folderStatuses(): ReadonlyMap<string, FolderStatus> {
    return this.statuses;
  }

  /**
   * Per watched folder, whether files are claimed there and the stations seen on it (this one first), or why
   * it is taken in place; folders not watched now (missing, stopped) are left out.
   */
  sharedStations(): SharedFolderStations[] {
    const out: SharedFolderStations[] = [];
    for (const f of this.folders) {
      const sharing = f.sharing;
      if (!sharing) continue;
      const base = { folderId: f.profile.id, path: f.profile.path };
      if (sharing.claims) out.push({ ...base, claims: true, stations: f.stations ?? [] });
      else out.push({ ...base, claims: false, reason: sharing.reason, stations: [] });
    }
    return out;
  }

  /**
   * Starts one hot folder per profile. A profile that cannot run (a file-name pattern an older settings file
   * still holds) is marked `invalid`, with a notice naming the folder and the problem; the others run.
   */
  async start(profiles: FolderProfile[]): Promise<void> {
    this.stopped = false;
    await this.startFolders(profiles);
  }

  private async startFolders(profiles: FolderProfile[]): Promise<void> {
    await this.stopFolders();
    this.applied = JSON.stringify(profiles);
    const folders: HotFolder[] = [];
    for (const p of profiles) {
      try {
        folders.push(
          new HotFolder(
            { ...p, path: resolve(p.path) },
            (f) => this.deliver(f),
            (k) => this.target.hasSeen(k),
            (profile, status, detail) => this.statusChanged(profile, status, detail),
            this.logger.child({ folder: p.id }),
            this.options,
            (f) => this.letGo(f),
          ),
        );
      } catch (e) {
        this.statusChanged(p, 'invalid', e instanceof Error ? e.message : String(e));
      }
    }
    this.folders = folders;
    await Promise.all(this.folders.map((f) => f.start()));
  }

  /**
   * Stops every folder. A settings change being applied ends first and one asked for later starts nothing:
   * the queue behind the folders closes right after this (app shutdown), and a folder started by a late
   * apply would watch, and write into a closed database, after stop() returned.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.applying;
    await this.stopFolders();
  }

  private async stopFolders(): Promise<void> {
    await Promise.all(this.folders.map((f) => f.stop()));
    this.folders = [];
  }

  /**
   * Saved settings: when the folder profiles differ from those running, the watchers re-attach with the new
   * ones (a running upload is not affected); the same profiles leave every watcher as it is. Failures are
   * logged, not thrown: the caller is a settings subscription.
   */
  apply(profiles: FolderProfile[]): Promise<void> {
    this.applying = this.applying.then(async () => {
      if (this.stopped || JSON.stringify(profiles) === this.applied) return;
      try {
        await this.startFolders(profiles);
      } catch (e) {
        this.logger.error('watched folders could not be restarted', { error: e });
      }
    });
    return this.applying;
  }

  /** Rescans every folder now (after a restore, or from a "scan now" button). */
  async rescan(): Promise<void> {
    await Promise.all(this.folders.map((f) => f.rescan()));
  }

  private async letGo(f: FolderFile): Promise<boolean> {
    return (await this.target.letGo?.(this.incomingOf(f))) ?? false;
  }

  private incomingOf(f: FolderFile): IncomingFile {
    return {
      sourcePath: f.path,
      folder: f.profile.path,
      fileName: f.fileName,
      size: f.size,
      mtimeMs: f.mtimeMs,
      seenKey: f.seenKey,
      metadata: f.metadata,
      ...(f.scan ? { scan: f.scan } : {}),
      ...(f.station ? { station: f.station, pathInFolder: join(f.profile.path, f.relativePath) } : {}),
      // A name that did not fill its pattern's fields, or a document without a field the folder requires,
      // is left to the clerk (the same rule the tagging form applies before queuing).
      autoSubmit:
        f.profile.autoSubmit &&
        f.nameMatched !== false &&
        (f.profile.requiredFields ?? []).every((field) => !!f.metadata[field]?.trim()),
      ...(f.profile.capture
        ? {
            capture: {
              profile: f.profile.capture,
              autoSubmit: f.profile.autoSubmit && f.nameMatched !== false,
              requiredFields: f.profile.requiredFields ?? [],
            },
          }
        : {}),
    };
  }

  private async deliver(f: FolderFile): Promise<StableVerdict> {
    const incoming = this.incomingOf(f);
    if (f.unreadable) {
      await this.target.failUnreadable?.(incoming, f.unreadable);
      return 'done';
    }
    // The data folder fails (full, read-only): the file waits for its backoff step, not a copy every poll.
    if (this.health && !this.health.mayTry()) return 'again';
    try {
      const r = await this.target.ingest(incoming);
      if (r.outcome === 'created') this.health?.succeeded(['spool', 'database']);
      return r.outcome === 'changed' ? 'changed' : 'done';
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      // A resource error is the health's to log (once per change); any other is this file's.
      if (!this.health?.failed(e, 'spool'))
        this.logger.warn('could not take file; will try again', { file: f.relativePath, code, error: e });
      // Every error here is "not now" (a locked file, a full disk, a share gone for a moment): never failed.
      return 'again';
    }
  }

  private statusChanged(profile: FolderProfile, status: FolderStatus, detail?: string): void {
    const before = this.statuses.get(profile.id);
    this.statuses.set(profile.id, status);
    this.onStatus?.(profile, status);
    this.logger.info('folder status', { folder: profile.id, status, detail });
    const folder = { folder: profile.label, path: profile.path };
    if (status === 'invalid') {
      this.logger.error('folder not watched: its profile is invalid', { folder: profile.id, detail });
      this.raise('error', 'folder.invalid', { ...folder, reason: detail ?? 'invalid profile' });
    } else if (status === 'missing' || status === 'unreadable' || status === 'replaced') {
      this.raise('warning', `folder.${status}`, folder);
    } else if (status === 'watching' && before !== undefined && before !== 'stopped') {
      this.raise('info', 'folder.back', folder);
    }
  }

  private raise(level: Notice['level'], code: NoticeCode, values: NoticeValues): void {
    this.bus.emit({
      type: 'notice.raised',
      notice: { id: randomUUID(), level, code, values, count: 1, at: new Date().toISOString() },
    });
  }
}
