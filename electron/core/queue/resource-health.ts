import { isAbsolute, relative, resolve } from 'node:path';
import type { StorageCode } from '../../../shared/domain/queue';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { BackoffPolicy } from './backoff';

/** One code per cause (shared/domain/queue.ts StorageCode), as status and metrics say it. */
export type ResourceCode = StorageCode;

export type ResourceState =
  | { state: 'ok' }
  | { state: 'failing'; code: ResourceCode; reason: string; since: string; error: string };

/** From one failing try to the next: 1 s, 2 s, 4 s … at most 30 s (a free disk is noticed within 30 s). */
export const RESOURCE_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 30_000 };

const REASONS: Record<ResourceCode, string> = {
  'storage.full': 'The disk of the data folder is full.',
  'storage.quota': 'The disk quota of the user the agent runs as is used up.',
  'storage.read_only': 'The queue database or the data folder is read-only.',
  'storage.no_access': 'The user the agent runs as may not write to the data folder.',
};

/** SQLite's codes come without a path (the queue database is in the data folder); the OS's with one. */
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

/**
 * The cause when `error` (or an error it wraps) is one of the data folder's resources failing; undefined for
 * any other error, which stays the document's own. An OS error counts only on a path inside one of `roots`:
 * a scanner's file we may not read is that file's problem (`file.unreadable`), not the station's.
 */
export function classifyResourceError(
  error: unknown,
  roots: readonly string[],
): { code: ResourceCode; error: string } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, path, message } = e as { code?: unknown; path?: unknown; message?: unknown };
    if (typeof code === 'string') {
      const text = `${code}: ${typeof message === 'string' ? message : ''}`;
      const sqlite = SQLITE_CODES.find(([pattern]) => pattern.test(code));
      if (sqlite) return { code: sqlite[1], error: text };
      const os = OS_CODES[code];
      if (os && (typeof path !== 'string' || roots.some((r) => isInside(path, r)))) return { code: os, error: text };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function isInside(path: string, root: string): boolean {
  const rel = relative(resolve(root), resolve(path));
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export interface ResourceHealthDeps {
  /** The data folder and what lives under it or beside it (archive folder): where an OS error counts. */
  roots: readonly string[];
  clock: Clock;
  logger: Logger;
  backoff?: BackoffPolicy;
}

/**
 * The data folder's health, shared by everything that writes into it (the upload worker's bookkeeping and
 * archiving, the intake's spool copies and database inserts). A resource error turns it `failing` and
 * spaces the next try out (exponential, RESOURCE_BACKOFF) instead of every caller spinning on it; the first
 * operation that gets through again turns it `ok`. One log line per change of state or cause, never one
 * per try (a full disk once logged the same line 422,130 times in a minute).
 */
export class ResourceHealth {
  private current: ResourceState = { state: 'ok' };
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
    return this.tries;
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
   * try; returns whether it was one, so the caller logs only the others.
   */
  failed(error: unknown): boolean {
    const cause = classifyResourceError(error, this.deps.roots);
    if (!cause) return false;
    const now = this.deps.clock.now();
    this.tries++;
    this.nextTryAt = now + this.delay(this.tries);
    const before = this.current;
    if (before.state === 'failing' && before.code === cause.code) return true;
    this.current = {
      state: 'failing',
      code: cause.code,
      reason: REASONS[cause.code],
      since: before.state === 'failing' ? before.since : new Date(now).toISOString(),
      error: cause.error,
    };
    this.deps.logger.error('data folder failing; retrying with backoff', {
      code: cause.code,
      reason: REASONS[cause.code],
      error: cause.error,
    });
    this.emit();
    return true;
  }

  /** An operation on the data folder went through: ok again (one log line when it was failing). */
  succeeded(): void {
    const before = this.current;
    if (before.state !== 'failing') return;
    this.current = { state: 'ok' };
    const tries = this.tries;
    this.tries = 0;
    this.nextTryAt = 0;
    this.deps.logger.info('data folder ok again', {
      code: before.code,
      failingForMs: this.deps.clock.now() - Date.parse(before.since),
      tries,
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
