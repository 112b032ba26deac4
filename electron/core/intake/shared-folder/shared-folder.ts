import { lstat, mkdir, readdir } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { Logger } from '../../util/logger';
import type { StableVerdict } from '../stability/stability-tracker';
import { DEFAULT_STABILITY } from '../stability/stability-tracker';
import { countFilesUnder, filesUnder, moveInto } from './claim';
import { folderIdOf } from './folder-id';
import type { InPlaceReason } from './shared-dir';
import { openSharedDir } from './shared-dir';
import type { StationBeat } from './heartbeat';
import { readBeats, removeBeat, writeBeat } from './heartbeat';
import { beatIntervalOf, LeaseWatch } from './lease';
import type { SharedLayout } from './layout';
import { claimedOf, SHARED_DIR, sharedLayout } from './layout';

/** How a station takes part in shared folders (the same for every folder it watches). */
export interface SharedFolderConfig {
  stationId: string;
  host: string;
  pid: number;
  version: string;
  leaseMs: number;
  /**
   * At most this many files claimed or being worked on, documents queued or uploading included; a station
   * alone counts only the files claimed or being handed to its queue (its claim window).
   */
  lookAhead: number;
  /** A claimed file is committed to only while fewer than this many are worked on. */
  workSlots: number;
  /** Documents this station works on now: queued, uploading, scanned batches waiting to be split. */
  busy(): number;
  /** How often a full look-ahead looks again for room (besides every `onChange`). */
  gatePollMs?: number;
  /** Calls `wake` whenever this station's work may have moved on (a document changed state); returns the unsubscribe. */
  onChange?: (wake: () => void) => () => void;
  /**
   * true: while no other station has a heartbeat in the folder, the queue's documents do not count against
   * the look-ahead (a station alone takes files as fast as its queue takes them in, offline too); the
   * files claimed and not yet with the queue still do: at most `lookAhead` of them (issue #45: a station
   * alone once claimed 20,000 at once and ran out of memory). The full look-ahead applies again from the
   * first look that sees another station.
   */
  windowOnlyWhenAlone?: boolean;
  /**
   * A station upgraded from the in-place way: the files of this folder its queue took in place and has not
   * yet archived. Moved into its `taken/` at start, before it claims anything (docs: "Upgrading").
   */
  inPlace?: InPlaceFiles;
  /** Tests only: called right after each won commit rename (the crash tests kill the process there). */
  afterCommit?: (committed: number) => void;
  /**
   * Tests only: while this says true, claimed files wait before their commit rename (they stay claimed): the
   * kill and freeze tests hold a station's claims at the signal, also on a share slow enough that the
   * station would otherwise commit all it held before the signal lands.
   */
  holdCommits?: () => boolean;
}

/** The queue's documents whose source file still lies in the folder itself (taken in place). */
export interface InPlaceFiles {
  list(root: string): Promise<Array<{ id: string; path: string; size: number; mtimeMs: number }>>;
  /**
   * The document's source now lies at `path` (same size and mtime: a rename keeps both). Resolves once the
   * file is where its document will find it: if the document was archived beside the move, it is removed.
   */
  moved(id: string, path: string): Promise<void>;
}

export type { InPlaceReason } from './shared-dir';

/** A station as another one sees it on the share. */
export interface StationView {
  station: string;
  host: string;
  pid: number;
  version: string;
  lastBeat: string;
  /** Its heartbeat stood still for longer than the lease: its claimed files are taken over. */
  stale: boolean;
  self: boolean;
  claimed: number;
  taken: number;
}

export interface SharedFolderHooks {
  /** Hands a file this station committed to over to the queue, as the watcher does (docs: commit point). */
  deliver(path: string, relativePath: string, size: number, mtimeMs: number): Promise<StableVerdict>;
  /**
   * A file handed over whose claim another station won before this one marked it taken (the office's claims;
   * the rename protocol commits before it hands over): its document goes, unsent. True when it went.
   */
  letGo?(path: string, relativePath: string, size: number, mtimeMs: number): Promise<boolean>;
  logger: Logger;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One watched folder shared with other stations (docs/intake-pipeline.md, "Several stations, one folder"):
 * a stable file is claimed by renaming it into `.intake/claimed/<station>/`, committed to by renaming it on
 * into `.intake/taken/<station>/` once a work slot is free, and only then handed to the queue. A station
 * whose heartbeat stands still for a lease has its claimed (not its taken) files taken over through the
 * same rename, so a station that was only frozen finds them gone at its commit and never works on them.
 */
export class SharedFolder {
  readonly layout: SharedLayout;
  /** Claimed, waiting for a work slot. */
  private claimedNow = 0;
  /** Committed, being handed to the queue. */
  private workingNow = 0;
  private readonly background = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  /** The heartbeat and look at the others under way (stop waits for it: no beat written after its removal). */
  private ticking: Promise<void> | undefined;
  private stopped = false;
  private seq = 0;
  private commits = 0;
  private readonly leases = new LeaseWatch();
  private seen: StationView[] = [];
  /** No other station's heartbeat or claim folder at the last look (and `windowOnlyWhenAlone`). */
  private alone = false;
  private identity: string;
  /** One timer for every waiting hand-over, and `busy()` asked once per look (it counts the queue). */
  private look: { promise: Promise<void>; resolve: () => void; timer: NodeJS.Timeout } | undefined;
  private busyNow = 0;
  private unsubscribe: (() => void) | undefined;
  /** Files found in this station's own claimed/ and taken/ at start, not yet worked on (taken in turn). */
  private leftOver = 0;
  /** Files in this station's claimed/ and taken/ at the last heartbeat (counted on the share). */
  private held = { claimed: 0, taken: 0 };

  private constructor(
    private readonly config: SharedFolderConfig,
    private readonly hooks: SharedFolderHooks,
    root: string,
  ) {
    this.layout = sharedLayout(root, config.stationId);
    this.identity = root;
  }

  /** The folder's shared part, when it is shared (or `create` says to make it so); undefined otherwise. */
  static async open(
    root: string,
    config: SharedFolderConfig,
    hooks: SharedFolderHooks,
    create = false,
  ): Promise<SharedFolder | undefined> {
    const r = await SharedFolder.join(root, config, hooks, create);
    return r instanceof SharedFolder ? r : undefined;
  }

  /**
   * The folder's shared part, or why the folder is taken in place. `create`: make `.intake/` when it is
   * not there (the default for every folder; false only where the admin opted out). A folder another
   * station made shared is joined whatever `create` says: taking in place beside claiming stations would
   * take files a second time.
   */
  static async join(
    root: string,
    config: SharedFolderConfig,
    hooks: SharedFolderHooks,
    create: boolean,
  ): Promise<SharedFolder | { inPlace: InPlaceReason; detail?: string }> {
    const opened = await openSharedDir(root, hooks.logger, create);
    if ('inPlace' in opened) return opened;
    return new SharedFolder(config, hooks, root);
  }

  get stationId(): string {
    return this.config.stationId;
  }

  /** The folder's identity for scan keys: its `.intake/folder-id`, the same from every station. */
  get folderIdentity(): string {
    return this.identity;
  }

  /** Files claimed or committed and not yet with the queue (`agent --once` waits for them). */
  get pending(): number {
    return this.claimedNow + this.workingNow + this.leftOver;
  }

  /** Files claimed or being handed to the queue now (the claim window; never above `lookAhead`). */
  get inWindow(): number {
    return this.claimedNow + this.workingNow;
  }

  /**
   * No room for another claim. Alone: the files claimed or being handed to the queue fill the window;
   * with other stations, the queue's documents count too, so a station takes no more than it works on.
   */
  private full(): boolean {
    const ahead = this.claimedNow + this.workingNow;
    return (this.alone ? ahead : ahead + this.busyNow) >= this.config.lookAhead;
  }

  /** Every station with a heartbeat in the folder, this one first. */
  stations(): StationView[] {
    return this.seen;
  }

  /**
   * Heartbeat first (so no other station takes over what this one left), then its own claim folder: a
   * restarted station finishes what it claimed and what it committed to, before anything new.
   */
  async start(): Promise<void> {
    const { layout, hooks } = this;
    await mkdir(layout.claimed, { recursive: true });
    await mkdir(layout.taken, { recursive: true });
    await mkdir(layout.stations, { recursive: true });
    this.identity = await folderIdOf(layout.folderId).catch((e: unknown) => {
      hooks.logger.error('shared folder has no readable folder-id; its path stands in', { error: e });
      return layout.root;
    });
    await this.tick();
    await this.adoptInPlace();
    // A few at a time (the look-ahead): a station stopped with thousands committed (a queue that took a
    // backlog offline) must not hand them all to its queue at once.
    const taken = await filesUnder(layout.taken);
    const claimed = await filesUnder(layout.claimed);
    this.inTurn([...taken.map((rel) => ({ rel, claimed: false })), ...claimed.map((rel) => ({ rel, claimed: true }))]);
    this.timer = setInterval(() => void this.tick(), beatIntervalOf(this.config.leaseMs));
    // A document leaving the queue frees a slot: the waiting hand-overs look at once, not at the next poll.
    this.unsubscribe = this.config.onChange?.(() => this.endLook());
    hooks.logger.info('shared folder', { folder: layout.root, station: this.config.stationId });
  }

  /**
   * Upgraded from the in-place way: the files its queue took in place (still in the folder until their
   * upload) become this station's before it claims anything, by the commit rename straight into its
   * `taken/`, so no other station claims a file this one already has. The document's source follows the
   * file; the archiver removes it there after the upload, as for every committed file.
   */
  private async adoptInPlace(): Promise<void> {
    const { config, layout, hooks } = this;
    const held = (await config.inPlace?.list(layout.root)) ?? [];
    // Only files an older version took in place, and moved now, count: a document this station claimed
    // has its file in `.intake/taken/` already (listed too, as it lies under the folder), and saying
    // "taken in place" for those at every restart told of an upgrade that never happened (issue #45).
    let adopted = 0;
    for (const f of held) {
      const rel = relative(layout.root, f.path);
      if (rel.startsWith('..') || rel.startsWith(SHARED_DIR + sep) || isAbsolute(rel)) continue;
      const s = await lstat(f.path).catch(() => undefined);
      // Gone or written again since the queue took it: not the document's file any more.
      if (!s?.isFile() || s.size !== f.size || Math.trunc(s.mtimeMs) !== f.mtimeMs) continue;
      const to = join(layout.taken, rel);
      const r = await moveInto(f.path, to).catch(() => 'busy' as const);
      if (r === 'won') {
        await config.inPlace?.moved(f.id, to);
        adopted++;
      } else
        hooks.logger.warn('file taken in place before the upgrade not moved into this station’s taken folder', {
          file: rel,
          result: r,
        });
    }
    if (adopted > 0) hooks.logger.info('files taken in place finished as this station’s', { count: adopted });
  }

  /**
   * No new claims or commits; what is being handed to the queue finishes; what is claimed but not committed
   * to goes back into the folder for the others; the heartbeat goes, so no one waits a lease for it.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    this.endLook();
    await this.ticking;
    while (this.background.size > 0) await Promise.all([...this.background]);
    const { layout } = this;
    for (const rel of await filesUnder(layout.claimed)) {
      const r = await moveInto(join(layout.claimed, rel), join(layout.root, rel));
      if (r === 'busy') this.hooks.logger.info('claimed file kept for the next start', { file: rel });
    }
    await removeBeat(layout.beat).catch(() => undefined);
  }

  /**
   * A stable file of the folder (relative path `rel`): claimed when the look-ahead has room. The tracker
   * hears 'done' once the file has left the folder, whoever took it; 'again' when it could not be moved now.
   */
  async take(rel: string, seen?: { size: number; mtimeMs: number }): Promise<StableVerdict> {
    const { config, layout } = this;
    this.busyNow = config.busy();
    // Checked and counted with no await between: waiting hand-overs cannot all pass at once.
    while (this.full()) {
      if (this.stopped) return 'again';
      await this.nextLook();
    }
    if (this.stopped) return 'again';
    // The wait for room may have been long: a file written again meanwhile goes back to the stability rules.
    if (seen) {
      const now = await lstat(join(layout.root, rel)).catch(() => undefined);
      if (!now) return 'done';
      if (now.size !== seen.size || Math.trunc(now.mtimeMs) !== seen.mtimeMs) return 'changed';
      // The look-ahead may have filled while this one looked.
      if (this.full()) return this.take(rel, seen);
    }
    this.claimedNow++;
    const r = await moveInto(join(layout.root, rel), join(layout.claimed, rel)).catch(() => 'busy' as const);
    if (r !== 'won') {
      this.claimedNow--;
      return r === 'lost' ? 'done' : 'again';
    }
    const working = this.work(rel);
    this.track(working);
    await working;
    return 'done';
  }

  /** This station's own files found at start: committed ones handed over, claimed ones worked on, in turn. */
  private inTurn(files: Array<{ rel: string; claimed: boolean }>): void {
    let next = 0;
    this.leftOver = files.length;
    const lane = async (): Promise<void> => {
      while (next < files.length && !this.stopped) {
        const f = files[next++]!;
        this.leftOver--;
        if (f.claimed) {
          this.claimedNow++;
          await this.work(f.rel);
        } else await this.deliverOwned(f.rel);
      }
      if (this.stopped) this.leftOver = 0;
    };
    const lanes = Math.min(files.length, Math.max(1, this.config.lookAhead));
    for (let i = 0; i < lanes; i++) this.track(lane());
  }

  private nextLook(): Promise<void> {
    if (!this.look) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((r) => (resolve = r));
      const timer = setTimeout(() => this.endLook(), this.config.gatePollMs ?? 50);
      this.look = { promise, resolve, timer };
    }
    return this.look.promise;
  }

  /** Every waiting hand-over looks again, with `busy()` asked once for all of them. */
  private endLook(): void {
    const look = this.look;
    if (!look) return;
    this.look = undefined;
    clearTimeout(look.timer);
    this.busyNow = this.config.busy();
    look.resolve();
  }

  private track(p: Promise<void>): void {
    const q = p.catch((e: unknown) => this.hooks.logger.error('shared folder work failed', { error: e }));
    this.background.add(q);
    void q.finally(() => this.background.delete(q));
  }

  /** A claimed file (counted in claimedNow): waits for a work slot, commits to it, hands it over. */
  private async work(rel: string): Promise<void> {
    let committed = false;
    try {
      committed = await this.commit(rel);
    } finally {
      // Committed: commit() counted it as working instead (counted once, so the window is exact).
      if (!committed) this.claimedNow--;
    }
    if (!committed) return;
    try {
      await this.handOver(rel);
    } finally {
      this.workingNow--;
      // Room in the window: a claim waiting for it goes on now, not at the next poll.
      this.endLook();
    }
  }

  /** Waits for a work slot and commits to the claimed file; true: it is this station's (counted working). */
  private async commit(rel: string): Promise<boolean> {
    const { config, layout, hooks } = this;
    const poll = config.gatePollMs ?? 50;
    this.busyNow = config.busy();
    for (;;) {
      // Alone: at most the look-ahead handed to the queue at once (a gone station's claims taken over, or
      // this station's own found at start, may be thousands); with others, the work slots, queue included.
      while (this.alone ? this.workingNow >= config.lookAhead : this.workingNow + this.busyNow >= config.workSlots) {
        if (this.stopped) return false;
        await this.nextLook();
      }
      if (this.stopped) return false;
      if (config.holdCommits?.()) {
        await sleep(poll);
        continue;
      }
      // Counted as working from here on, no longer as claimed (back if the rename does not win).
      this.workingNow++;
      this.claimedNow--;
      // The commit point: of this rename and another station's takeover of the same claimed file, one wins.
      const r = await moveInto(join(layout.claimed, rel), join(layout.taken, rel)).catch(() => 'busy' as const);
      if (r === 'won') {
        config.afterCommit?.(++this.commits);
        return true;
      }
      this.workingNow--;
      this.claimedNow++;
      if (r === 'lost') {
        hooks.logger.info('claimed file taken over by another station; left to it', { file: rel });
        return false;
      }
      // The same name still being worked on, or held open: look again shortly.
      await sleep(Math.max(poll, 500));
    }
  }

  /** A committed file found at start (counted as working while it is handed over). */
  private async deliverOwned(rel: string): Promise<void> {
    this.workingNow++;
    try {
      await this.handOver(rel);
    } finally {
      this.workingNow--;
    }
  }

  /** The file is this station's: handed to the queue until it is taken (or this station stops). */
  private async handOver(rel: string): Promise<void> {
    const path = join(this.layout.taken, rel);
    for (;;) {
      const s = await lstat(path).catch(() => undefined);
      if (!s?.isFile()) return;
      const verdict = await this.hooks.deliver(path, rel, s.size, Math.trunc(s.mtimeMs));
      if (verdict === 'done' || this.stopped) return;
      // Still written to after it looked complete (an open handle follows the renamed file): the same quiet
      // time as in the folder before it is taken again.
      if (verdict === 'changed') await this.quiet(path);
      else await sleep(2_000);
    }
  }

  private async quiet(path: string): Promise<void> {
    let last = '';
    let since = performance.now();
    while (!this.stopped && performance.now() - since < DEFAULT_STABILITY.stableMs) {
      await sleep(DEFAULT_STABILITY.pollMs);
      const s = await lstat(path).catch(() => undefined);
      if (!s) return;
      const now = `${s.size}:${Math.trunc(s.mtimeMs)}`;
      if (now !== last) {
        last = now;
        since = performance.now();
      }
    }
  }

  /** The heartbeat, and a look at the others: a station gone for longer than its lease is taken over. */
  private tick(): Promise<void> {
    if (this.ticking || this.stopped) return this.ticking ?? Promise.resolve();
    this.ticking = this.beatAndLook().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  private async beatAndLook(): Promise<void> {
    // The heartbeat first: a station that cannot look at the others still says it is alive.
    const { layout, config, hooks } = this;
    const me: StationBeat = {
      station: config.stationId,
      host: config.host,
      pid: config.pid,
      version: config.version,
      lastBeat: new Date().toISOString(),
      seq: ++this.seq,
      leaseMs: config.leaseMs,
      // What lies in its folders on the share (counted after the last beat), not what is under way in memory:
      // `taken` is every committed file until its upload (a queue offline with a backlog holds thousands).
      claimed: this.held.claimed,
      taken: this.held.taken,
    };
    // Made again each time: an admin who cleared `.intake/` must not silence this station (its claims would
    // be taken over while it works).
    await mkdir(layout.stations, { recursive: true })
      .then(() => writeBeat(layout.beat, me))
      .catch((e: unknown) => hooks.logger.warn('heartbeat not written', { error: e }));
    // Counted after the beat is out: a slow share's listing of thousands must not hold the heartbeat back.
    this.held = { claimed: await countFilesUnder(layout.claimed), taken: await countFilesUnder(layout.taken) };
    const beats = await readBeats(layout.stations);
    const claimFolders = await readdir(join(layout.base, 'claimed')).catch(() => [] as string[]);
    const names = new Set([...beats.map((b) => b.station), ...claimFolders]);
    names.delete(config.stationId);
    const views: StationView[] = [{ ...viewOf(me), stale: false, self: true }];
    let others = 0;
    for (const name of names) {
      const beat = beats.find((b) => b.station === name);
      this.leases.observe(name, beat ? `${beat.seq}:${beat.lastBeat}` : '');
      const stale = this.leases.stillFor(name) > Math.max(config.leaseMs, beat?.leaseMs ?? 0);
      if (beat) views.push({ ...viewOf(beat), stale, self: false });
      if (beat && !stale) others++;
      if (stale) await this.takeOver(name);
    }
    this.seen = views;
    const wasAlone = this.alone;
    this.alone = config.windowOnlyWhenAlone === true && others === 0;
    // Hand-overs waiting for the look-ahead go on at once when the others are gone.
    if (this.alone && !wasAlone) this.endLook();
  }

  /** Moves a gone station's claimed files into this station's claim folder, each by one rename. */
  private async takeOver(station: string): Promise<void> {
    const { layout, hooks } = this;
    const from = claimedOf(layout.base, station);
    for (const rel of await filesUnder(from)) {
      // All at once, as soon as the lease is over (they only wait in claimed/): a station whose queue is full
      // takes them over too. What it commits to and hands over at a time is bounded by commit().
      if (this.stopped) return;
      const r = await moveInto(join(from, rel), join(layout.claimed, rel)).catch(() => 'busy' as const);
      if (r !== 'won') continue;
      hooks.logger.info('took over a claimed file of a station gone past its lease', { file: rel, station });
      this.claimedNow++;
      this.track(this.work(rel));
    }
  }
}

function viewOf(b: StationBeat): Omit<StationView, 'stale' | 'self'> {
  return {
    station: b.station,
    host: b.host,
    pid: b.pid,
    version: b.version,
    lastBeat: b.lastBeat,
    claimed: b.claimed,
    taken: b.taken,
  };
}
