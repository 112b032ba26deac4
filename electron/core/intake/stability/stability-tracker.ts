import { lstat, open } from 'node:fs/promises';
import { READ_NO_FOLLOW } from '../../util/open-source-file';
import { formatSaysComplete } from './file-ending';

/** done: taken (or skipped for good); changed: look again now; again: try later (locked, disk error). */
export type StableVerdict = 'done' | 'changed' | 'again';

export interface StableFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface StabilityOptions {
  /** How often tracked files are looked at. */
  pollMs: number;
  /** How long size and mtime must stay unchanged (observed) before the file counts as complete. */
  stableMs: number;
  /**
   * A file whose format says it is complete (file-ending.ts: PDF, PNG, JPEG) needs only this much quiet:
   * two looks that agree, so a writer that seeks back to patch a length has finished too. Unset: every
   * file waits `stableMs` (a folder whose scanner software appends pages to a saved PDF).
   */
  endMarkerQuietMs?: number;
  /** An empty file waits this long: scanners often create the file first and fill it later. */
  emptyStableMs: number;
  /** How long to wait before looking again at a file we could not open (locked, no permission yet). */
  lockedRetryMs: number;
  /**
   * A complete-looking file that could not be opened for this long is given up on: reported once
   * (`onUnreadable`: the queue marks it failed, `file.unreadable`), then looked at quietly whenever it is
   * offered again (rescan, event) and taken as usual once it opens. Unset: 20 s.
   */
  unreadableAfterMs?: number;
  /**
   * At most this many files are looked at or being handed over at once; the rest wait their turn in the
   * order they were offered, not looked at (no stat, no open). Unset: DEFAULT_ACTIVE_FILES.
   */
  maxActive?: number;
}

/** A file that stayed unopenable for `unreadableAfterMs`, with the OS error of the last try. */
export interface UnreadableFile extends StableFile {
  error: NodeJS.ErrnoException;
}

export interface StabilityHooks {
  /**
   * The file is given up on; it counts as pending until the promise settles (its record is written), so
   * `agent --once` cannot see "nothing pending" in between and finish without it.
   */
  onUnreadable?(file: UnreadableFile): void | Promise<void>;
  /**
   * Tries to open the file for reading; resolves with the error when it cannot. Injected by tests: a test
   * run as root can read a chmod 000 file, so the unit tests hand in the EACCES a normal user gets (the
   * agent's process test runs the agent as an unprivileged user on a real chmod 000 file).
   */
  tryOpen?(path: string): Promise<NodeJS.ErrnoException | undefined>;
}

const DEFAULT_UNREADABLE_AFTER_MS = 20_000;

/**
 * Files looked at (stat, format check) or being handed over at once. A folder with 30,000 waiting scans
 * otherwise had every one of them stat'ed and opened on each poll, and handed over all at once: thousands
 * of open files (EMFILE) and a heap full of waiting hand-overs (issue #45). 256 keeps a station at well
 * over 100 files/s (a file needs two looks 250 ms apart) with a few hundred handles at most.
 */
export const DEFAULT_ACTIVE_FILES = 256;

/**
 * Default rule (docs/intake-pipeline.md, "When is a file complete"): a scanner may pause up to 1.5 s
 * between bursts, so a file is complete once size and mtime were seen unchanged for 1.75 s (polled every
 * 250 ms, so at most 2.0 s after its last write) and it can be opened for reading, or, when its format ends
 * with a valid end marker (PDF, PNG, JPEG), once two looks 250 ms apart agree. No fixed multi-second wait.
 */
export const DEFAULT_STABILITY: StabilityOptions = {
  pollMs: 250,
  stableMs: 1_750,
  endMarkerQuietMs: 250,
  emptyStableMs: 10_000,
  lockedRetryMs: 2_000,
};

interface Entry {
  size: number;
  mtimeMs: number;
  /** When the current size/mtime was first observed (our clock, not the file's). */
  since: number;
  notBefore: number;
  /** The format was looked at for this size/mtime and did not say complete (read each version once). */
  endChecked: boolean;
  /** First failed open of this size/mtime (our clock). */
  unopenableSince?: number;
}

/**
 * Watches candidate files until they are completely written, then hands each over once. A file that
 * vanishes is dropped; one that cannot be opened yet is tried again later, never failed.
 */
export class StabilityTracker {
  private readonly entries = new Map<string, Entry>();
  /** Offered while `maxActive` files were active: their turn comes in this order (a Set keeps it). */
  private readonly waiting = new Set<string>();
  /** Hand-overs under way (taken out of `entries` so a slow copy is not looked at again). */
  private handingOver = 0;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private closed = false;
  /** Files given up on as unreadable: looked at once per offer, without a new report. */
  private readonly parked = new Set<string>();

  constructor(
    private readonly onStable: (file: StableFile) => Promise<StableVerdict>,
    private readonly options: StabilityOptions = DEFAULT_STABILITY,
    // Quiet times are durations: a monotonic clock, so a wall-clock step (time sync after the PC wakes)
    // cannot make a file still being written look quiet.
    private readonly now: () => number = () => performance.now(),
    private readonly hooks: StabilityHooks = {},
  ) {}

  /** Files watched, waiting their turn or being handed over: a file whose spool copy is running is not done with yet. */
  get size(): number {
    return this.entries.size + this.waiting.size + this.handingOver;
  }

  /** Files looked at or being handed over now (at most `maxActive`). */
  get active(): number {
    return this.entries.size + this.handingOver;
  }

  /** Files waiting their turn (offered while `maxActive` were active). */
  get waitingTurn(): number {
    return this.waiting.size;
  }

  /** The path is known (looked at or waiting its turn): a rescan need not stat it again. */
  has(path: string): boolean {
    return this.entries.has(path) || this.waiting.has(path);
  }

  /** Start (or keep) tracking a path; repeated and out-of-order events are harmless. */
  consider(path: string): void {
    if (this.closed || this.has(path)) return;
    if (this.active >= (this.options.maxActive ?? DEFAULT_ACTIVE_FILES)) {
      this.waiting.add(path);
      return;
    }
    this.activate(path);
    this.startTimer();
  }

  private activate(path: string): void {
    const entry: Entry = { size: -1, mtimeMs: -1, since: this.now(), notBefore: 0, endChecked: false };
    this.entries.set(path, entry);
    // First look now, not at the next poll: the stable time then counts from the moment we saw the file.
    void this.check(path, entry);
  }

  forget(predicate: (path: string) => boolean): void {
    for (const p of [...this.entries.keys()]) if (predicate(p)) this.entries.delete(p);
    for (const p of [...this.waiting]) if (predicate(p)) this.waiting.delete(p);
    for (const p of [...this.parked]) if (predicate(p)) this.parked.delete(p);
    this.schedule();
  }

  /** Files waiting their turn become active while there is room. */
  private fill(): void {
    const max = this.options.maxActive ?? DEFAULT_ACTIVE_FILES;
    for (const path of this.waiting) {
      if (this.closed || this.active >= max) return;
      this.waiting.delete(path);
      this.activate(path);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.entries.clear();
    this.waiting.clear();
    this.parked.clear();
  }

  private tryOpen(path: string): Promise<NodeJS.ErrnoException | undefined> {
    return this.hooks.tryOpen ? this.hooks.tryOpen(path) : tryOpen(path);
  }

  private schedule(): void {
    this.fill();
    this.startTimer();
  }

  private startTimer(): void {
    if (this.timer || this.closed || this.entries.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.tick();
    }, this.options.pollMs);
  }

  private async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await Promise.all([...this.entries.entries()].map(([path, entry]) => this.check(path, entry)));
    } finally {
      this.ticking = false;
      this.schedule();
    }
  }

  private async check(path: string, entry: Entry): Promise<void> {
    const now = this.now();
    if (now < entry.notBefore) return;
    // lstat: a link is not a file here (it is never followed, docs/intake-pipeline.md "Links"); neither
    // is a FIFO or a device.
    const s = await lstat(path).catch((e: NodeJS.ErrnoException) => e);
    if (s instanceof Error) {
      if (s.code === 'ENOENT' || s.code === 'ENOTDIR') this.entries.delete(path);
      else entry.notBefore = now + this.options.lockedRetryMs;
      return;
    }
    if (!s.isFile()) {
      this.entries.delete(path);
      this.parked.delete(path);
      return;
    }
    if (this.parked.has(path)) {
      // Given up on before: one quiet look; once it opens (permission fixed, lock gone) it goes on as usual.
      if (await this.tryOpen(path)) {
        this.entries.delete(path);
        return;
      }
      this.parked.delete(path);
    }
    const mtimeMs = Math.trunc(s.mtimeMs);
    if (s.size !== entry.size || mtimeMs !== entry.mtimeMs) {
      entry.size = s.size;
      entry.mtimeMs = mtimeMs;
      entry.since = now;
      entry.endChecked = false;
      entry.unopenableSince = undefined;
      return;
    }
    const complete = await this.completeBy(path, entry, s.size, now);
    if (!complete) return;
    // The format check has just opened the file for reading; the quiet rule has not.
    const unopenable = complete === 'quiet' ? await this.tryOpen(path) : undefined;
    if (unopenable) {
      entry.unopenableSince ??= now;
      const limit = this.options.unreadableAfterMs ?? DEFAULT_UNREADABLE_AFTER_MS;
      if (now - entry.unopenableSince < limit || !this.hooks.onUnreadable) {
        entry.notBefore = now + this.options.lockedRetryMs;
        return;
      }
      // Bounded: reported once, then parked (no retry every 2 s for ever, and `--once` can finish).
      this.entries.delete(path);
      this.parked.add(path);
      this.handingOver++;
      try {
        await this.hooks.onUnreadable({ path, size: s.size, mtimeMs, error: unopenable });
      } catch {
        // The hook logs its own failures; the file stays parked until it is offered again.
      } finally {
        this.handingOver--;
      }
      this.schedule();
      return;
    }
    // Taken out before the hand-over, so a slow copy is not looked at again meanwhile.
    this.entries.delete(path);
    this.handingOver++;
    // Not awaited by the poll: a hand-over waiting for room (a shared folder's claim window) must not
    // hold up the looks at the other files.
    void this.handOver({ path, size: s.size, mtimeMs });
  }

  private async handOver(file: StableFile): Promise<void> {
    let verdict: StableVerdict;
    try {
      verdict = await this.onStable(file);
    } catch {
      verdict = 'again';
    } finally {
      this.handingOver--;
    }
    if (verdict !== 'done' && !this.closed) {
      const delay = verdict === 'again' ? this.options.lockedRetryMs : 0;
      const since = this.now();
      this.entries.set(file.path, { size: -1, mtimeMs: -1, since, notBefore: since + delay, endChecked: false });
    }
    // Its place goes to the next file waiting its turn.
    this.schedule();
  }

  /** Which rule says the file is complete: the full quiet time, its format's end marker, or none yet. */
  private async completeBy(
    path: string,
    entry: Entry,
    size: number,
    now: number,
  ): Promise<'quiet' | 'format' | undefined> {
    const quiet = now - entry.since;
    if (quiet >= (size === 0 ? this.options.emptyStableMs : this.options.stableMs)) return 'quiet';
    const early = this.options.endMarkerQuietMs;
    if (early === undefined || quiet < early || size === 0 || entry.endChecked) return undefined;
    entry.endChecked = true;
    return (await formatSaysComplete(path, size)) ? 'format' : undefined;
  }
}

/** Windows scanner tools hold the file locked while writing; elsewhere this catches missing permissions. */
async function tryOpen(path: string): Promise<NodeJS.ErrnoException | undefined> {
  try {
    const h = await open(path, READ_NO_FOLLOW);
    await h.close();
    return undefined;
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}
