import { createHash } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { ClaimedFolder, ClaimProtocol } from '../intake/claim-protocol';
import { folderIdOf } from '../intake/shared-folder/folder-id';
import { openSharedDir } from '../intake/shared-folder/shared-dir';
import type { InPlaceReason, SharedFolderHooks, StationView } from '../intake/shared-folder/shared-folder';
import type { StableVerdict } from '../intake/stability/stability-tracker';
import type { OfficeDatabase } from './office-database';
import type { FolderFile } from './office-folder-claims';
import { OfficeFolderClaims, OfficeFolderLook } from './office-folder-claims';
import { classifyOfficeFailure } from './office-reachability';
import type { OfficeStation } from './office-station';
import { GrowingPause } from '../util/growing-pause';

/** What a station with an office database claims its watched folders' files with (intake-pipeline.ts). */
export interface OfficeClaimsConfig {
  db: OfficeDatabase;
  station: OfficeStation;
  /**
   * Resolves once the station has joined the office (schema up to date, its row written: office-membership.ts);
   * nothing is claimed before. Absent: joined already.
   */
  joined?: Promise<void>;
  /** At most this many files claimed and being handed to the queue at once (the claim window, lease.ts). */
  lookAhead: number;
  /** Documents this station works on now: with other stations alive they count against the window too. */
  busy(): number;
  /** Calls `wake` whenever this station's work may have moved on; returns the unsubscribe. */
  onChange?: (wake: () => void) => () => void;
  /** How often a full window looks again for room (besides every `onChange`); default 50 ms. */
  gatePollMs?: number;
  /**
   * How often the rows of files this station took are looked at (freed once their file left the folder)
   * and the stations read; default 5 s.
   */
  lookMs?: number;
  /** The wait before the database is tried again while it is out of reach, doubled up to `maxMs`. */
  retry?: { firstMs: number; maxMs: number };
}

const DEFAULT_RETRY = { firstMs: 1_000, maxMs: 30_000 };

/**
 * The office's claim protocol (issue #50 item 4): a watched folder's files are claimed through the office
 * database, one row per file (office-folder-claims.ts), not by renames on the share; no heartbeat files
 * either (the station beats in the database, office-station.ts). The folder keeps only `.intake/folder-id`,
 * its identity from every station for the scans' Idempotency-Keys.
 */
export function officeClaimProtocol(config: OfficeClaimsConfig): ClaimProtocol {
  return {
    async join(root, hooks, create) {
      const ready = await folderIdentityOf(root, hooks, create);
      if ('inPlace' in ready) return ready;
      return new OfficeClaimedFolder(config, hooks, root, ready.id);
    },
  };
}

/** The folder's id in `.intake/folder-id` (made by the first station), or why the folder is taken in place. */
async function folderIdentityOf(
  root: string,
  hooks: SharedFolderHooks,
  create: boolean,
): Promise<{ id: string } | { inPlace: InPlaceReason; detail?: string }> {
  const opened = await openSharedDir(root, hooks.logger, create);
  if ('inPlace' in opened) return opened;
  return { id: await folderIdOf(join(opened.dir, 'folder-id')) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One watched folder claimed through the office database. A stable file is claimed (its row), copied into
 * this station's queue from where it lies, and marked taken; the scanner's file stays in the folder until
 * its upload, as a station alone takes it, and its row goes once the file has left the folder (archived or
 * deleted). A file another station claimed or took is skipped (the next rescan looks again: a claim of a
 * station that stopped beating lapses). While the database is out of reach, nothing new is claimed: every
 * claim waits, and the database is tried again with a growing pause until it answers.
 */
export class OfficeClaimedFolder implements ClaimedFolder {
  private readonly claims: OfficeFolderClaims;
  private readonly look: OfficeFolderLook;
  /** Files claimed (or being claimed) and being handed to the queue. */
  private inWindow = 0;
  private busyNow = 0;
  private alone = true;
  private seen: StationView[] = [];
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;
  /** This station's own claims from before its start, finished before anything new is claimed. */
  private finishing: Promise<void> = Promise.resolve();
  /** Resolved by stop(): what waits for the station to join the office waits no longer. */
  private readonly stopping: { promise: Promise<void>; resolve: () => void };
  private unsubscribe: (() => void) | undefined;
  private gate: { promise: Promise<void>; resolve: () => void; timer: NodeJS.Timeout } | undefined;
  /** Out of reach: not tried again before `retryAt` (performance.now()); the pause doubles each time. */
  /** Out of reach since the last try: when to try again. */
  private down: { retryAt: number } | undefined;
  private readonly pause: GrowingPause;

  constructor(
    private readonly config: OfficeClaimsConfig,
    private readonly hooks: SharedFolderHooks,
    private readonly root: string,
    readonly folderIdentity: string,
  ) {
    let resolve: () => void = () => undefined;
    this.stopping = { promise: new Promise<void>((r) => (resolve = r)), resolve };
    this.claims = new OfficeFolderClaims(config.db, config.station);
    this.look = new OfficeFolderLook(config.db, config.station);
    this.pause = new GrowingPause(config.retry ?? DEFAULT_RETRY);
  }

  get stationId(): string {
    return this.config.station.id;
  }

  get pending(): number {
    return this.inWindow;
  }

  stations(): StationView[] {
    return this.seen;
  }

  async start(): Promise<void> {
    await this.lookAround();
    // In the background: a database out of reach at start must not hold the station's start.
    this.finishing = this.finishOwnClaims().catch((e: unknown) =>
      this.hooks.logger.error('own claims from before the start not finished', { error: e }),
    );
    this.timer = setInterval(() => void this.lookAround(), this.config.lookMs ?? 5_000);
    this.unsubscribe = this.config.onChange?.(() => this.endGate());
    this.hooks.logger.info('watched folder claimed through the office database', {
      folder: this.root,
      station: this.stationId,
      database: this.config.db.label,
    });
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopping.resolve();
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    this.endGate();
    await this.looking;
    await this.finishing;
    // The files uploaded just before: their rows go now, not at the next start.
    await this.freeGone().catch(() => undefined);
  }

  async take(rel: string, seen?: { size: number; mtimeMs: number }): Promise<StableVerdict> {
    await this.finishing;
    this.busyNow = this.config.busy();
    while (this.full()) {
      if (this.stopped) return 'again';
      await this.nextGate();
    }
    if (this.stopped) return 'again';
    const path = join(this.root, rel);
    const s = await lstat(path).catch(() => undefined);
    if (!s?.isFile()) return 'done';
    const now = { size: s.size, mtimeMs: Math.trunc(s.mtimeMs) };
    if (seen && (now.size !== seen.size || now.mtimeMs !== seen.mtimeMs)) return 'changed';
    // The window may have filled while this one looked.
    if (this.full()) return this.take(rel, seen);
    this.inWindow++;
    try {
      return await this.claimAndHandOver(path, rel, now);
    } catch (e) {
      // The hand-over to the queue (its storage is the office database too) met the database out of reach:
      // the same wait as a claim's, said once per outage; the file is offered again once it answers.
      if (classifyOfficeFailure(e)) this.wentDown();
      else this.hooks.logger.error('office claim failed; the file is tried again', { file: rel, error: e });
      return 'again';
    } finally {
      this.inWindow--;
      this.endGate();
    }
  }

  private async claimAndHandOver(
    path: string,
    rel: string,
    now: { size: number; mtimeMs: number },
  ): Promise<StableVerdict> {
    const file: FolderFile = {
      folderId: this.folderIdentity,
      name: rel.normalize('NFC').split(sep).join('/'),
      ...now,
    };
    const outcome = await this.whenReachable(() => this.claims.claim(file));
    if (outcome === undefined) return 'again';
    // Another station claimed or took it: not this one's. Its claim lapses if that station stops beating,
    // and a rescan offers the file here again.
    if (outcome === 'lost') return 'done';
    const verdict = await this.hooks.deliver(path, rel, now.size, now.mtimeMs);
    if (verdict !== 'done') {
      await this.whenReachable(() => this.claims.release(file));
      return verdict;
    }
    // The file's key in this station's queue names the taking: asked again (an answer lost), still this one.
    const taking = `${this.stationId}:${createHash('sha256').update(`${file.name}\u0000${now.size}\u0000${now.mtimeMs}`).digest('hex').slice(0, 32)}`;
    const mine = await this.whenReachable(() => this.claims.taken(file, taking));
    if (mine === false) {
      // This station stopped beating for a lapse meanwhile (cut off, frozen) and another claimed the file:
      // the other one takes it, and this station's copy goes (sent already: the same Idempotency-Key at both
      // stations has the platform store it once).
      const gone = (await this.hooks.letGo?.(path, rel, now.size, now.mtimeMs)) ?? false;
      this.hooks.logger.warn(
        gone
          ? "claim lapsed before the file was taken: another station has it; this station's copy let go"
          : "claim lapsed before the file was taken: another station has it; this station's copy was sent already (its Idempotency-Key sends it once)",
        { file: rel },
      );
    }
    return 'done';
  }

  /**
   * Runs `step` once the database answers: out of reach (or refusing this station), it waits the pause
   * (growing up to `retry.maxMs`) and tries again, until it answers or the folder stops (then undefined).
   * The database says once that it is out of reach and once that it is back (office-database.ts).
   */
  private async whenReachable<T>(step: () => Promise<T>): Promise<T | undefined> {
    for (;;) {
      while (this.down && performance.now() < this.down.retryAt) {
        if (this.stopped) return undefined;
        await sleep(Math.min(100, Math.max(1, this.down.retryAt - performance.now())));
      }
      if (this.stopped) return undefined;
      try {
        const value = await step();
        if (this.down) this.hooks.logger.info('watched folder taken from again', { folder: this.root });
        this.down = undefined;
        this.pause.reset();
        return value;
      } catch (e) {
        if (!classifyOfficeFailure(e)) throw e;
        this.wentDown();
      }
    }
  }

  /** The database did not answer: files wait here, and the next try comes after a growing pause. */
  private wentDown(): void {
    // Once per outage for this folder (the database says it once for the station).
    if (!this.down)
      this.hooks.logger.warn('watched folder waits for the office database: nothing new is taken from it', {
        folder: this.root,
        database: this.config.db.label,
      });
    this.down = { retryAt: performance.now() + this.pause.take() };
  }

  /** Whether the station has joined the office now (without waiting for it). */
  private async hasJoined(): Promise<boolean> {
    if (!this.config.joined) return true;
    const now = Symbol('not yet');
    return (await Promise.race([this.config.joined, Promise.resolve(now)])) !== now;
  }

  private full(): boolean {
    return (this.alone ? this.inWindow : this.inWindow + this.busyNow) >= this.config.lookAhead;
  }

  private nextGate(): Promise<void> {
    if (!this.gate) {
      let resolve: () => void = () => undefined;
      const promise = new Promise<void>((r) => (resolve = r));
      const timer = setTimeout(() => this.endGate(), this.config.gatePollMs ?? 50);
      this.gate = { promise, resolve, timer };
    }
    return this.gate.promise;
  }

  private endGate(): void {
    const gate = this.gate;
    if (!gate) return;
    this.gate = undefined;
    clearTimeout(gate.timer);
    this.busyNow = this.config.busy();
    gate.resolve();
  }

  /** The stations (who else is alive), and the rows of taken files that have left the folder freed. */
  private lookAround(): Promise<void> {
    if (this.looking || this.stopped) return this.looking ?? Promise.resolve();
    this.looking = (async () => {
      try {
        if (!(await this.hasJoined())) return;
        const stations = await this.look.stations(this.folderIdentity);
        this.seen = [...stations]
          .sort((a, b) => Number(b.id === this.stationId) - Number(a.id === this.stationId))
          .map((st) => ({
            station: st.id,
            host: st.name,
            pid: 0,
            version: '',
            lastBeat: st.lastSeen,
            stale: !st.alive,
            self: st.id === this.stationId,
            claimed: st.claimed,
            taken: st.taken,
          }));
        const wasAlone = this.alone;
        this.alone = !stations.some((st) => st.alive && st.id !== this.stationId);
        if (this.alone && !wasAlone) this.endGate();
        await this.freeGone();
      } catch (e) {
        // Out of reach is said once by the database; anything else is ours.
        if (!classifyOfficeFailure(e)) this.hooks.logger.error('office folder look failed', { error: e });
      }
    })().finally(() => (this.looking = undefined));
    return this.looking;
  }

  /**
   * Claims this station made before it stopped (killed between its claim and `taken`): each file still
   * there is handed over again (its queue says 'done' at once when it has it) and taken; one that is gone
   * is given back. Before anything new, so no other station's rescan finds them free meanwhile.
   */
  private async finishOwnClaims(): Promise<void> {
    await Promise.race([this.config.joined, this.stopping.promise]);
    const own = await this.whenReachable(() => this.look.claimedHere(this.folderIdentity));
    for (const f of own ?? []) {
      const path = join(this.root, ...f.name.split('/'));
      const s = await lstat(path).catch(() => undefined);
      const file = { folderId: this.folderIdentity, name: f.name, size: f.size, mtimeMs: f.mtimeS * 1000 };
      if (!s?.isFile() || s.size !== f.size || Math.floor(s.mtimeMs / 1000) !== f.mtimeS) {
        await this.whenReachable(() => this.claims.release(file));
        continue;
      }
      const rel = f.name.split('/').join(sep);
      this.inWindow++;
      try {
        await this.claimAndHandOver(path, rel, { size: s.size, mtimeMs: Math.trunc(s.mtimeMs) });
      } finally {
        this.inWindow--;
      }
    }
  }

  /** Rows of files this station took whose file has left the folder (or is another scan now) are removed. */
  private async freeGone(): Promise<void> {
    for (const f of await this.look.takenHere(this.folderIdentity)) {
      const s = await lstat(join(this.root, ...f.name.split('/'))).catch(() => undefined);
      if (s?.isFile() && s.size === f.size && Math.floor(s.mtimeMs / 1000) === f.mtimeS) continue;
      await this.claims.done({ folderId: this.folderIdentity, name: f.name });
    }
  }
}
