import { isAbsolute, relative, resolve } from 'node:path';
import type { StorageCode } from '../../../shared/domain/queue';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { BackoffPolicy } from './backoff';

/** One code per cause (shared/domain/queue.ts StorageCode), as status and metrics say it. */
export type ResourceCode = StorageCode;

export type ResourceState =
  { state: 'ok' } | { state: 'failing'; code: ResourceCode; reason: string; since: string; error: string };

/** From one failing try to the next: 1 s, 2 s, 4 s … at most 30 s (a free disk is noticed within 30 s). */
export const RESOURCE_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 30_000 };

const REASONS: Record<ResourceCode, string> = {
  'storage.full': 'The disk of the data folder is full.',
  'storage.quota': 'The disk quota of the user the agent runs as is used up.',
  'storage.read_only': 'The queue database or the data folder is read-only.',
  'storage.no_access': 'The user the agent runs as may not write to the data folder.',
};

/**
 * Where a resource error struck. Each operation that gets through clears the places it wrote to, so an
 * upload (database only) does not call a full spool healthy again.
 */
export type ResourcePlace = 'database' | 'spool' | 'archive' | 'data';

/** The data folder's places (absolute paths); an OS error counts only on a path inside one of them. */
export interface ResourcePlaces {
  data: string;
  database: string;
  spool: string;
  archive: string;
}

/** SQLite's codes come without a path: the queue database. */
const SQLITE_CODES: Array<[RegExp, ResourceCode]> = [
  [/^SQLITE_FULL$/, 'storage.full'],
  [/^SQLITE_READONLY/, 'storage.read_only'],
  // The -wal or -shm file cannot be opened or grown (a full disk, or a file another user made).
  [/^SQLITE_CANTOPEN/, 'storage.no_access'],
  [/^SQLITE_IOERR_(SHMOPEN|SHMSIZE|SHMMAP)$/, 'storage.full'],
];
const OS_CODES: Record<string, ResourceCode> = {
  ENOSPC: 'storage.full',
  EDQUOT: 'storage.quota',
  EROFS: 'storage.read_only',
  EACCES: 'storage.no_access',
  EPERM: 'storage.no_access',
};
/** EACCES and EPERM without a path count only from a file's system call (a socket's would be the network's). */
const FILE_SYSCALLS = new Set([
  'open',
  'write',
  'fsync',
  'fdatasync',
  'ftruncate',
  'rename',
  'mkdir',
  'unlink',
  'copyfile',
]);

export interface ResourceCause {
  code: ResourceCode;
  /** The error as the OS or SQLite gave it. */
  error: string;
  /** Where; undefined for an OS error without a path (the caller knows where it wrote). */
  place: ResourcePlace | undefined;
}

/**
 * The cause when `error` (or an error it wraps) is one of the data folder's resources failing; undefined for
 * any other error, which stays the document's own. An OS error counts only on a path inside the data
 * folder's places: a scanner's file we may not read is that file's problem (`file.unreadable`).
 */
export function classifyResourceError(error: unknown, places: ResourcePlaces): ResourceCause | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, path, message, syscall } = e as {
      code?: unknown;
      path?: unknown;
      message?: unknown;
      syscall?: unknown;
    };
    if (typeof code === 'string') {
      const text = `${code}: ${typeof message === 'string' ? message : ''}`;
      const sqlite = SQLITE_CODES.find(([pattern]) => pattern.test(code));
      if (sqlite) return { code: sqlite[1], error: text, place: 'database' };
      const os = OS_CODES[code];
      if (os && typeof path === 'string') {
        const place = placeOf(path, places);
        // The database's own files refused to us are read-only to us: the same cause as SQLITE_READONLY
        // (SQLite gives its -wal and -shm the database file's mode), so one cause, not two alternating.
        if (place === 'database' && os === 'storage.no_access')
          return { code: 'storage.read_only', error: text, place };
        if (place) return { code: os, error: text, place };
      } else if (os && (os !== 'storage.no_access' || (typeof syscall === 'string' && FILE_SYSCALLS.has(syscall))))
        return { code: os, error: text, place: undefined };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function placeOf(path: string, places: ResourcePlaces): ResourcePlace | undefined {
  if (resolve(path).startsWith(resolve(places.database))) return 'database';
  if (isInside(path, places.spool)) return 'spool';
  if (isInside(path, places.archive)) return 'archive';
  if (isInside(path, places.data)) return 'data';
  return undefined;
}

function isInside(path: string, root: string): boolean {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface ResourceHealthDeps {
  places: ResourcePlaces;
  clock: Clock;
  logger: Logger;
  backoff?: BackoffPolicy;
}

export const ALL_PLACES: readonly ResourcePlace[] = ['database', 'spool', 'archive', 'data'];

/**
 * The data folder's health, shared by everything that writes into it (the upload worker's bookkeeping and
 * archiving, the intake's spool copies and database inserts). A resource error turns it `failing` and
 * spaces the next try out (exponential, RESOURCE_BACKOFF) instead of every caller spinning on it; the first
 * operation that gets through again turns it `ok`. One log line per change of state or cause, never one
 * per try (a full disk once logged the same line 422,130 times in a minute).
 */
export class ResourceHealth {
  private current: ResourceState = { state: 'ok' };
  /** Where it fails now; ok again once every place took a write. */
  private readonly failingPlaces = new Set<ResourcePlace>();
  /** The causes logged in this failing episode. */
  private readonly announced = new Set<ResourceCode>();
  /** When it turned ok: a failure soon after goes on with the backoff it had, so a flapping disk stays slow. */
  private recoveredAt = -Infinity;
  private tries = 0;
  private nextTryAt = 0;
  private readonly listeners = new Set<(state: ResourceState) => void>();
  private readonly retryHooks: Array<(state: ResourceState) => void> = [];
  private readonly backoff: BackoffPolicy;

  constructor(private readonly deps: ResourceHealthDeps) {
    this.backoff = deps.backoff ?? RESOURCE_BACKOFF;
  }

  get state(): ResourceState {
    return this.current;
  }

  get failing(): boolean {
    return this.current.state === 'failing';
  }

  /** Failed tries in a row since the state turned failing (0 while ok). */
  get attempts(): number {
    return this.failing ? this.tries : 0;
  }

  /** How long until the next try may start (0 while ok or when it is due). */
  retryInMs(): number {
    return this.failing ? Math.max(0, this.nextTryAt - this.deps.clock.now()) : 0;
  }

  /**
   * May an operation on the data folder start now? Always while ok. While failing, once per backoff step:
   * the caller that gets `true` is the step's one try (the next step is booked at once, so a caller that
   * never reports back cannot stall the others), and the retry hooks run first (re-open the database).
   */
  mayTry(): boolean {
    if (!this.failing) return true;
    const now = this.deps.clock.now();
    if (now < this.nextTryAt) return false;
    this.nextTryAt = now + this.delay(this.tries + 1);
    for (const hook of this.retryHooks) {
      try {
        hook(this.current);
      } catch (e) {
        this.failed(e);
      }
    }
    return true;
  }

  /**
   * Reports an error. A resource error turns the state failing (or changes its cause) and books the next
   * try; returns whether it was one, so the caller logs only the others. `place`: where the caller wrote,
   * for an OS error that names no path.
   */
  failed(error: unknown, hint: ResourcePlace = 'data'): boolean {
    const cause = classifyResourceError(error, this.deps.places);
    if (!cause) return false;
    const now = this.deps.clock.now();
    if (!this.failing && now - this.recoveredAt > this.backoff.capMs) this.tries = 0;
    this.tries++;
    this.nextTryAt = now + this.delay(this.tries);
    this.failingPlaces.add(cause.place ?? hint);
    // One line per cause and episode: one cause often shows as two (a read-only database and its -wal
    // file refused), alternating from try to try. The state keeps the episode's first cause.
    if (this.announced.has(cause.code)) return true;
    this.announced.add(cause.code);
    const place = cause.place ?? hint;
    this.deps.logger.error('data folder failing; retrying with backoff', {
      code: cause.code,
      reason: REASONS[cause.code],
      place,
      error: cause.error,
    });
    if (this.current.state === 'failing') return true;
    this.current = {
      state: 'failing',
      code: cause.code,
      reason: REASONS[cause.code],
      since: new Date(now).toISOString(),
      error: cause.error,
    };
    this.emit();
    return true;
  }

  /**
   * An operation went through, writing to `places`: they are fine again, and once no place fails the state
   * is ok (one log line).
   */
  succeeded(places: readonly ResourcePlace[]): void {
    const before = this.current;
    if (before.state !== 'failing') return;
    for (const p of places) this.failingPlaces.delete(p);
    if (this.failingPlaces.size > 0) return;
    this.current = { state: 'ok' };
    this.announced.clear();
    const now = this.deps.clock.now();
    this.recoveredAt = now;
    this.nextTryAt = 0;
    this.deps.logger.info('data folder ok again', {
      code: before.code,
      failingForMs: now - Date.parse(before.since),
      tries: this.tries,
    });
    this.emit();
  }

  /** Told of every change of state or cause; returns the unsubscribe. */
  subscribe(listener: (state: ResourceState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Runs before each try while failing (the queue re-opens a database that SQLite opened read-only). */
  onRetry(hook: (state: ResourceState) => void): void {
    this.retryHooks.push(hook);
  }

  private delay(attempt: number): number {
    return Math.min(this.backoff.capMs, this.backoff.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  }

  private emit(): void {
    for (const l of this.listeners) l(this.current);
  }
}
