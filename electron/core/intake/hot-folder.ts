import type { FSWatcher as NativeWatcher } from 'node:fs';
import { watch as watchNative } from 'node:fs';
import { lstat, readdir, readlink } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FSWatcher } from 'chokidar';
import { watch } from 'chokidar';
import type { Metadata } from '../../../shared/domain/metadata';
import type { FolderProfile } from '../../../shared/domain/settings';
import type { Logger } from '../util/logger';
import { FileFilter, isTemporaryName } from './file-filter';
import { FileNamePattern } from './file-name-pattern';
import type { PlaceholderFormats } from './file-name-pattern';
import type { StabilityOptions, StableFile, StableVerdict, UnreadableFile } from './stability/stability-tracker';
import { DEFAULT_STABILITY, StabilityTracker } from './stability/stability-tracker';
import { isInSharedDir } from './shared-folder/layout';
import type { InPlaceReason, SharedFolderConfig, StationView } from './shared-folder/shared-folder';
import type { ClaimedFolder, ClaimProtocol } from './claim-protocol';
import { renameProtocol } from './claim-protocol';

/** Native recursive watching where the OS has it (macOS, Windows); Linux gets one watcher per folder. */
const NATIVE_RECURSIVE = process.platform !== 'linux';

/**
 * `invalid`: the profile cannot run (a bad file-name pattern); set by HotFolderService, never watched.
 * `replaced`: the configured path is now a symbolic link or junction (docs/security.md, "The watched folder is
 * what was configured"); not followed, watched again once a real folder stands there.
 */
export type FolderStatus = 'watching' | 'missing' | 'unreadable' | 'replaced' | 'stopped' | 'invalid';

/** What stands at a folder's configured path, looked at without following a link there. */
type RootLook =
  { kind: 'folder'; identity: string } | { kind: 'link'; target: string } | { kind: 'missing'; detail: string };

async function lookAtRoot(path: string): Promise<RootLook> {
  // lstat, not stat: a link (a junction on Windows, which Node reports as a link) put where the folder was
  // must not lead the watcher, and the uploads and deletes behind it, into another folder.
  const s = await lstat(path).catch((e: NodeJS.ErrnoException) => e);
  if (s instanceof Error) return { kind: 'missing', detail: s.code ?? s.message };
  if (s.isSymbolicLink()) return { kind: 'link', target: await readlink(path).catch(() => '?') };
  if (!s.isDirectory()) return { kind: 'missing', detail: 'not a folder' };
  return { kind: 'folder', identity: `${s.dev}:${s.ino}` };
}

/** What a hot folder hands over: a complete file with the profile's metadata. */
export interface FolderFile {
  profile: FolderProfile;
  path: string;
  relativePath: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  seenKey: string;
  metadata: Metadata;
  /**
   * false when the folder has a file-name pattern and this name did not fill every placeholder with a value
   * of its field's format: such a document waits in the inbox for the clerk even with auto-submit.
   */
  nameMatched?: boolean;
  /** Could not be opened for the tracker's bound: to be recorded as failed (`file.unreadable`), not taken. */
  unreadable?: NodeJS.ErrnoException;
  /** What identifies the scan for its Idempotency-Key (scan-key.ts): the folder's identity and the name. */
  scan?: { folder: string; name: string };
  /** In a shared folder: the station that took it (this one), for the document's history. */
  station?: string;
}

export interface HotFolderOptions {
  stability?: StabilityOptions;
  /** Full rescan of a folder that gets file events (catches what the watcher missed). */
  rescanMs?: number;
  /** How often a missing folder is looked for. */
  reattachMs?: number;
  /** Folders never to descend into (the archive and spool, should someone put them inside). */
  skipDirs?: string[];
  /** The formats file-name placeholders must have, read per file (settings may change). */
  placeholderFormats?: () => PlaceholderFormats;
  /** Taking part in shared folders (docs/intake-pipeline.md, "Several stations, one folder"). */
  shared?: SharedFolderConfig;
  /**
   * How shared folders' files are claimed (claim-protocol.ts); default: the rename protocol with `shared`.
   * A station with an office database claims through it instead (issue #50 item 4).
   */
  claims?: ClaimProtocol;
}

/** The duplicate key: folder + NFC relative path + size + mtime (persisted with the document). */
export function seenKeyOf(folder: string, relativePath: string, size: number, mtimeMs: number): string {
  return [folder.normalize('NFC'), relativePath.normalize('NFC').split(sep).join('/'), size, mtimeMs].join('\u0000');
}

/**
 * One watched folder: a recursive fs.watch (or chokidar polling, for network shares that send no events), a periodic rescan,
 * and a periodic check that the folder still exists (USB stick, network share) with re-attach.
 */
export class HotFolder {
  private watcher: FSWatcher | undefined;
  private readonly natives = new Map<string, NativeWatcher>();
  private nativeMode = false;
  private readonly tracker: StabilityTracker;
  private readonly filter: FileFilter;
  private readonly pattern: FileNamePattern | undefined;
  private rescanTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private status: FolderStatus = 'stopped';
  private readonly root: string;
  /** dev:ino of the folder being watched; a file is only taken while the path still names that folder. */
  private rootIdentity: string | undefined;
  /** Set while the folder's files are claimed (shared with other stations). */
  private shared: ClaimedFolder | undefined;
  /** How files are claimed, chosen once at wiring; undefined: the station takes part in no sharing. */
  private readonly claims: ClaimProtocol | undefined;
  /** Set while the folder is taken in place although this station takes part in shared folders: why. */
  private inPlace: { reason: InPlaceReason; detail?: string } | undefined;
  /** Set by stop(): no walk goes on after it, because the queue behind isSeen closes next. */
  private stopping = false;
  /** The periodic rescan under way, if any. */
  private periodicWalk: Promise<void> | undefined;
  /** The queue did not answer whether it has a file, and has not since: said once. */
  private queueSilent = false;
  /** Walks under way (rescans and new subfolders), awaited by stop(). */
  private readonly walks = new Set<Promise<void>>();

  constructor(
    readonly profile: FolderProfile,
    private readonly deliver: (file: FolderFile) => Promise<StableVerdict>,
    private readonly isSeen: (seenKey: string) => boolean | Promise<boolean>,
    private readonly onStatus: (profile: FolderProfile, status: FolderStatus, detail?: string) => void,
    private readonly logger: Logger,
    private readonly options: HotFolderOptions = {},
    /** A file handed over whose claim another station won before it was taken: its copy goes (claim-protocol.ts). */
    private readonly letGo?: (file: FolderFile) => Promise<boolean>,
  ) {
    this.root = profile.path;
    this.claims = options.claims ?? (options.shared ? renameProtocol(options.shared) : undefined);
    this.filter = new FileFilter(profile);
    this.pattern = profile.fileNamePattern ? new FileNamePattern(profile.fileNamePattern) : undefined;
    const stability = options.stability ?? DEFAULT_STABILITY;
    this.tracker = new StabilityTracker(
      (f) => this.handOver(f),
      profile.recognizeCompleteFiles ? stability : { ...stability, endMarkerQuietMs: undefined },
      undefined,
      { onUnreadable: (f) => this.reportUnreadable(f) },
    );
  }

  /** Files seen but not yet handed over (still being written, locked, or waiting for the next look). */
  get pending(): number {
    return this.tracker.size + (this.shared?.pending ?? 0);
  }

  /** The stations seen on the folder when it is shared (this one first); undefined when it is not. */
  get stations(): StationView[] | undefined {
    return this.shared?.stations();
  }

  /**
   * How files are taken here: by claims (the default), or in place and why (opted out, read-only, a link
   * at `.intake`); undefined while the folder is not watched or the station takes no part in sharing.
   */
  get sharing(): { claims: true } | { claims: false; reason: InPlaceReason; detail?: string } | undefined {
    if (this.shared) return { claims: true };
    return this.inPlace ? { claims: false, ...this.inPlace } : undefined;
  }

  get currentStatus(): FolderStatus {
    return this.status;
  }

  async start(): Promise<void> {
    this.stopping = false;
    await this.attach();
    const check = this.options.reattachMs ?? 2_000;
    this.checkTimer = setInterval(() => void this.checkPresence(), check);
    const rescan = this.profile.polling.enabled ? this.profile.polling.intervalMs : (this.options.rescanMs ?? 30_000);
    this.rescanTimer = setInterval(() => {
      // One periodic walk at a time: on a share with tens of thousands of scans a walk can outlast the
      // polling interval, and walks started on top of each other would pile up.
      if (this.status !== 'watching' || this.periodicWalk) return;
      // Files still waiting their turn in the tracker: a walk would find them again (a readdir and a path
      // per file: with 100,000 waiting, tens of MB of garbage every walk) and nothing it could take sooner;
      // what arrived meanwhile is found by the first walk once the backlog is worked through.
      if (this.tracker.waitingTurn > 0) return;
      this.periodicWalk = this.rescan().finally(() => (this.periodicWalk = undefined));
    }, rescan);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.checkTimer) clearInterval(this.checkTimer);
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    await Promise.allSettled([...this.walks]);
    this.tracker.close();
    await this.detach();
    this.setStatus('stopped');
  }

  private setStatus(status: FolderStatus, detail?: string): void {
    if (status === this.status) return;
    this.status = status;
    this.onStatus(this.profile, status, detail);
  }

  private async attach(): Promise<void> {
    const look = await lookAtRoot(this.root);
    if (look.kind === 'link') {
      this.logger.warn('watched folder is a link; not followed', { folder: this.profile.id, target: look.target });
      this.setStatus('replaced', look.target);
      return;
    }
    if (look.kind === 'missing') {
      this.setStatus('missing', look.detail);
      return;
    }
    this.rootIdentity = look.identity;
    try {
      await readdir(this.root);
    } catch (e) {
      this.setStatus('unreadable', (e as NodeJS.ErrnoException).code);
      return;
    }
    await this.openShared();
    if (!this.profile.polling.enabled) this.watchNatively();
    else this.watchWithChokidar();
    this.setStatus('watching');
    // Files written while the app was not running: the rescan finds them.
    await this.rescan();
  }

  /**
   * Local folders: fs.watch, whose events only name paths to look at (the stability tracker stats them).
   * Not chokidar: it re-reads and lstats the whole folder after every change (every deleted source file),
   * which with thousands of waiting scans cost more CPU than the uploads. On Linux not `recursive` either:
   * Node emulates it there with a synchronous readdir of the folder on every event; one watcher per
   * folder instead (walk() adds subfolders, onNativeEvent new ones).
   */
  private watchNatively(): void {
    this.nativeMode = true;
    this.watchDir(this.root);
  }

  private watchDir(dir: string): void {
    if (!this.nativeMode || this.natives.has(dir)) return;
    if (NATIVE_RECURSIVE && dir !== this.root) return;
    let watcher: NativeWatcher;
    try {
      watcher = watchNative(dir, { recursive: NATIVE_RECURSIVE, persistent: true }, (event, name) => {
        if (name) this.onNativeEvent(event, join(dir, name.toString()));
      });
    } catch (e) {
      this.logger.warn('watch failed; periodic rescans only', { folder: this.profile.id, dir, error: e });
      return;
    }
    // A removed subfolder ends its watcher; the root going away is handled by checkPresence.
    watcher.on('error', (e: unknown) => {
      this.logger.debug('watcher ended', { folder: this.profile.id, dir, error: e });
      watcher.close();
      if (this.natives.get(dir) === watcher) this.natives.delete(dir);
    });
    this.natives.set(dir, watcher);
  }

  private onNativeEvent(event: string, path: string): void {
    if (this.skip(path)) return;
    const rel = relative(this.root, path);
    const depth = rel.split(sep).length - 1;
    if (rel.startsWith('..') || depth > 8) return;
    // Every event is offered to the tracker at once: it is what counts the file as pending (agent --once
    // must not see an empty folder while a name's lstat is still on its way).
    this.consider(path);
    // A new subfolder needs its own watcher (Linux), and one moved in whole brings files without events.
    // lstat: a link to a folder is not walked or watched (links are never followed).
    if (event === 'rename')
      void lstat(path).then(
        (s) => {
          if (!s.isDirectory() || depth >= 8) return;
          this.watchDir(path);
          return this.tracked(this.walk(path, depth + 1));
        },
        () => undefined,
      );
  }

  /** Network shares send no events: chokidar's polling. */
  private watchWithChokidar(): void {
    this.watcher = watch(this.root, {
      persistent: true,
      ignoreInitial: false,
      usePolling: this.profile.polling.enabled,
      interval: this.profile.polling.intervalMs,
      binaryInterval: this.profile.polling.intervalMs,
      ignorePermissionErrors: true,
      // Links are never followed (docs/intake-pipeline.md "Links"); a link itself reaches the stability
      // tracker, whose lstat drops it.
      followSymlinks: false,
      depth: 8,
      ignored: (p: string) => p !== this.root && this.skip(p),
    });
    this.watcher.on('add', (p: string) => this.consider(p));
    this.watcher.on('change', (p: string) => this.consider(p));
    this.watcher.on('error', (e: unknown) => this.logger.warn('watcher error', { folder: this.profile.id, error: e }));
  }

  /** Joins the folder's stations when it has `.intake/` (or the settings say to share it). */
  private async openShared(): Promise<void> {
    const claims = this.claims;
    if (!claims || this.shared) return;
    try {
      const shared = await claims.join(
        this.root,
        {
          deliver: (path, rel, size, mtimeMs) => this.deliverFile(path, rel, size, mtimeMs),
          letGo: async (path, rel, size, mtimeMs) =>
            (await this.letGo?.(this.folderFileOf(path, rel, size, mtimeMs))) ?? false,
          logger: this.logger,
        },
        // Every folder is claimed from by default: no one has to know that another station watches it too.
        this.profile.shared !== false,
      );
      if ('inPlace' in shared) {
        if (this.inPlace?.reason !== shared.inPlace)
          this.logger.info('folder taken in place, without claims', {
            folder: this.profile.id,
            reason: shared.inPlace,
          });
        this.inPlace = { reason: shared.inPlace, ...(shared.detail ? { detail: shared.detail } : {}) };
        return;
      }
      this.inPlace = undefined;
      this.shared = shared;
      await shared.start();
    } catch (e) {
      this.logger.error('shared folder could not be joined; files are not taken meanwhile', { error: e });
      this.shared = undefined;
      throw e;
    }
  }

  private async detach(): Promise<void> {
    const shared = this.shared;
    this.shared = undefined;
    await shared?.stop().catch((e: unknown) => this.logger.warn('shared folder stop failed', { error: e }));
    const w = this.watcher;
    this.watcher = undefined;
    this.nativeMode = false;
    for (const w of this.natives.values()) w.close();
    this.natives.clear();
    await w?.close().catch(() => undefined);
  }

  private async checkPresence(): Promise<void> {
    const look = await lookAtRoot(this.root);
    if (this.stopping) return;
    if (this.status === 'watching') {
      if (look.kind === 'folder' && look.identity === this.rootIdentity) {
        // A folder another station made shared since: this one joins at once, before it takes another file.
        if (this.claims && !this.shared) await this.openShared().catch(() => undefined);
        return;
      }
      await this.detach();
      this.tracker.forget((p) => p.startsWith(this.root));
      this.rootIdentity = undefined;
      if (look.kind === 'link') {
        this.logger.warn('watched folder replaced by a link; not followed', {
          folder: this.profile.id,
          path: this.root,
          target: look.target,
        });
        this.setStatus('replaced', look.target);
      } else if (look.kind === 'missing') {
        this.logger.warn('folder gone', { folder: this.profile.id, path: this.root });
        this.setStatus('missing');
      } else {
        // Deleted and made again between two looks: the old watchers watch nothing any more.
        this.logger.info('folder made again; watched anew', { folder: this.profile.id, path: this.root });
        await this.attach();
      }
    } else if (this.status !== 'stopped' && look.kind === 'folder') {
      this.logger.info('folder back', { folder: this.profile.id, path: this.root });
      await this.attach();
    } else if (this.status !== 'stopped' && this.status !== 'replaced' && look.kind === 'link') {
      // Moved away and a link put in its place: a look between the two saw it missing; it is replaced now.
      this.logger.warn('watched folder replaced by a link; not followed', {
        folder: this.profile.id,
        path: this.root,
        target: look.target,
      });
      this.setStatus('replaced', look.target);
    }
  }

  /** The configured path still names the folder that was attached (not a link put in its place since). */
  private async rootUnchanged(): Promise<boolean> {
    const look = await lookAtRoot(this.root);
    return look.kind === 'folder' && look.identity === this.rootIdentity;
  }

  private skip(path: string): boolean {
    // The stations' own folder is never a scan (its dot name alone would skip it too).
    if (isInSharedDir(this.root, path)) return true;
    const rel = relative(this.root, path);
    if (rel.split(sep).some((seg) => isTemporaryName(seg))) return true;
    return (this.options.skipDirs ?? []).some((d) => path === d || path.startsWith(d + sep));
  }

  private consider(path: string): void {
    const rel = relative(this.root, path);
    if (rel.startsWith('..') || !this.filter.accepts(rel.split(sep).join('/'))) return;
    this.tracker.consider(path);
  }

  /** Walks the folder and offers every candidate file not yet taken (cheap: a stat and a key lookup). */
  async rescan(): Promise<void> {
    await this.tracked(this.walk(this.root, 0));
  }

  /**
   * A walk under way, awaited by stop(). A walk the queue could not answer (`asked`) ends there; the files
   * it did not reach are looked at by the next rescan or event. Never a rejection nobody awaits: that would
   * end the station.
   */
  private tracked(walk: Promise<void>): Promise<void> {
    const looked = walk.catch((e: unknown) => {
      if (e instanceof QueueDidNotAnswer) return;
      this.logger.error('folder look failed; the next rescan looks again', { folder: this.profile.id, error: e });
    });
    this.walks.add(looked);
    return looked.finally(() => this.walks.delete(looked));
  }

  /**
   * Whether the queue has the file (its seen-file key), or undefined when it could not say (its storage out
   * of reach: the office database down; its file failing): the file waits in the folder and is looked at
   * again. Said once until the queue answers again, not once per file.
   */
  private async asked(seenKey: string): Promise<boolean | undefined> {
    try {
      const seen = await this.isSeen(seenKey);
      if (this.queueSilent) {
        this.queueSilent = false;
        this.logger.info('the queue answers again: files are taken from the folder again', {
          folder: this.profile.id,
        });
      }
      return seen;
    } catch (e) {
      if (!this.queueSilent)
        this.logger.warn('the queue could not say which files it has taken: files wait in the folder', {
          folder: this.profile.id,
          error: e,
        });
      this.queueSilent = true;
      return undefined;
    }
  }

  private async walk(dir: string, depth: number): Promise<void> {
    if (this.stopping) return;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (this.stopping) return;
      const p = join(dir, e.name);
      if (this.skip(p)) continue;
      if (e.isDirectory() && depth < 8) {
        this.watchDir(p);
        await this.walk(p, depth + 1);
      } else if (e.isFile()) {
        const rel = relative(this.root, p);
        if (!this.filter.accepts(rel.split(sep).join('/'))) continue;
        // Already looked at or waiting its turn: with thousands waiting, a rescan stats none of them again.
        if (this.tracker.has(p)) continue;
        const s = await lstat(p).catch(() => undefined);
        if (this.stopping) return;
        if (s) {
          const seen = await this.asked(seenKeyOf(this.root, rel, s.size, Math.trunc(s.mtimeMs)));
          // The queue did not answer: the rest of the walk would ask it again for each file.
          if (seen === undefined) throw new QueueDidNotAnswer();
          if (seen) continue;
        }
        if (this.stopping) return;
        this.tracker.consider(p);
      }
    }
  }

  /** A file the tracker gave up on (no permission, held locked): handed over as unreadable, once. */
  private async reportUnreadable(f: UnreadableFile): Promise<void> {
    if (!(await this.rootUnchanged())) return;
    const relativePath = relative(this.root, f.path);
    this.logger.warn('file cannot be read; given up for now', { file: relativePath, code: f.error.code });
    await this.deliver({
      profile: this.profile,
      path: f.path,
      relativePath,
      fileName: (relativePath.split(sep).pop() ?? relativePath).normalize('NFC'),
      size: f.size,
      mtimeMs: f.mtimeMs,
      seenKey: seenKeyOf(this.root, relativePath, f.size, f.mtimeMs),
      metadata: { ...this.profile.defaultMetadata },
      unreadable: f.error,
    }).catch((e: unknown) =>
      this.logger.error('could not record an unreadable file', { file: relativePath, error: e }),
    );
  }

  private async handOver(f: StableFile): Promise<StableVerdict> {
    // The presence check runs every few seconds; a link swapped in between must not hand over a file of
    // the folder it points to. The next presence check marks the folder.
    if (!(await this.rootUnchanged())) {
      void this.checkPresence();
      return 'again';
    }
    const relativePath = relative(this.root, f.path);
    const seen = await this.asked(seenKeyOf(this.root, relativePath, f.size, f.mtimeMs));
    if (seen === undefined) return 'again';
    if (seen) return 'done';
    // Shared with other stations: claimed first; the claim hands the file over once it is this station's.
    if (this.shared) return this.shared.take(relativePath, { size: f.size, mtimeMs: f.mtimeMs });
    return this.deliverFile(f.path, relativePath, f.size, f.mtimeMs);
  }

  /** A complete file at `path` (in the folder, or this station's `.intake/taken/`), under its name in the folder. */
  private async deliverFile(path: string, relativePath: string, size: number, mtimeMs: number): Promise<StableVerdict> {
    const seen = await this.asked(seenKeyOf(this.root, relativePath, size, mtimeMs));
    if (seen === undefined) return 'again';
    if (seen) return 'done';
    return this.deliver(this.folderFileOf(path, relativePath, size, mtimeMs));
  }

  /** What the folder hands over for the file: its name's metadata read (and any problem with it logged). */
  private folderFileOf(path: string, relativePath: string, size: number, mtimeMs: number): FolderFile {
    const seenKey = seenKeyOf(this.root, relativePath, size, mtimeMs);
    const fileName = (relativePath.split(sep).pop() ?? relativePath).normalize('NFC');
    const fromName = this.pattern?.read(fileName, this.options.placeholderFormats?.());
    // The document still arrives (untagged by its name); the log says which value broke which rule.
    if (fromName?.problem)
      this.logger.warn('file name metadata not taken', { file: relativePath, problem: fromName.problem });
    if (fromName?.unmatched)
      this.logger.info('file name values without their field format left empty', {
        file: relativePath,
        fields: fromName.unmatched,
      });
    const nameMatched = !this.pattern || (fromName?.metadata !== undefined && !fromName.unmatched);
    const metadata: Metadata = { ...this.profile.defaultMetadata, ...(fromName?.metadata ?? {}) };
    return {
      profile: this.profile,
      path,
      relativePath,
      fileName,
      size,
      mtimeMs,
      seenKey,
      metadata,
      nameMatched,
      scan: {
        folder: this.shared?.folderIdentity ?? this.root,
        name: relativePath.normalize('NFC').split(sep).join('/'),
      },
      ...(this.shared ? { station: this.shared.stationId } : {}),
    };
  }
}

/** A walk ends where the queue could not say whether it has a file (said once by `asked`). */
class QueueDidNotAnswer extends Error {}
