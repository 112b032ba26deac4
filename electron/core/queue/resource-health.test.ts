import { describe, expect, it } from 'vitest';
import { JsonLineLogger } from '../util/logger';
import type { Clock } from '../util/clock';
import { ALL_PLACES, classifyResourceError, ResourceHealth } from './resource-health';

const PLACES = { data: '/data', database: '/data/queue.sqlite', spool: '/data/spool', archive: '/data/archive' };

function setup() {
  let now = Date.parse('2026-11-26T02:00:00Z');
  const clock: Clock = { now: () => now, sleep: async () => undefined };
  const lines: Array<Record<string, unknown>> = [];
  const logger = new JsonLineLogger((_line, entry) => lines.push(entry as unknown as Record<string, unknown>), 'debug');
  const health = new ResourceHealth({ places: PLACES, clock, logger, backoff: { baseMs: 1_000, capMs: 8_000 } });
  return { health, lines, advance: (ms: number) => (now += ms) };
}

const sqliteFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

describe('classifyResourceError', () => {
  it('takes the queue database codes and OS codes on the data folder, not a scanner file', () => {
    expect(classifyResourceError(sqliteFull, PLACES)?.code).toBe('storage.full');
    expect(classifyResourceError({ code: 'SQLITE_READONLY_DBMOVED' }, PLACES)?.code).toBe('storage.read_only');
    expect(classifyResourceError({ code: 'ENOSPC', path: '/data/spool/x' }, PLACES)?.code).toBe('storage.full');
    expect(classifyResourceError({ code: 'EDQUOT', path: '/data/spool/x' }, PLACES)?.code).toBe('storage.quota');
    expect(classifyResourceError({ code: 'EROFS', path: '/data' }, PLACES)?.code).toBe('storage.read_only');
    expect(classifyResourceError({ code: 'EACCES', path: '/data/spool/x' }, PLACES)?.code).toBe('storage.no_access');
    // The database's files refused: read-only to us, one cause with SQLITE_READONLY.
    expect(classifyResourceError({ code: 'EACCES', path: '/data/queue.sqlite-wal' }, PLACES)?.code).toBe(
      'storage.read_only',
    );
    // A scanner's file we may not read is that file's problem.
    expect(classifyResourceError({ code: 'EACCES', path: '/scans/a.pdf' }, PLACES)).toBeUndefined();
    expect(classifyResourceError({ code: 'EACCES', path: '/database/x' }, PLACES)).toBeUndefined();
    expect(classifyResourceError(new Error('platform said no'), PLACES)).toBeUndefined();
    // Wrapped (an IntakeError or a stream error carrying the OS error as its cause).
    expect(classifyResourceError(new Error('copy failed', { cause: sqliteFull }), PLACES)?.code).toBe('storage.full');
  });
});

describe('ResourceHealth', () => {
  it('logs one line per change, not per try, and spaces the tries out exponentially', () => {
    const { health, lines, advance } = setup();
    const changes: string[] = [];
    health.subscribe((s) => changes.push(s.state));
    expect(health.failed(sqliteFull)).toBe(true);
    expect(health.state).toMatchObject({ state: 'failing', code: 'storage.full' });
    const gaps: number[] = [];
    for (let i = 0; i < 6; i++) {
      let waited = 0;
      while (!health.mayTry()) {
        advance(100);
        waited += 100;
      }
      gaps.push(waited);
      health.failed(Object.assign(new Error('no space'), { code: 'ENOSPC', path: '/data/spool/a' }));
    }
    // 1 s, 2 s, 4 s, 8 s (cap), 8 s … (the first wait follows the first failure).
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
    // Only one try per step, whoever asks.
    expect(health.mayTry()).toBe(false);
    expect(lines.filter((l) => l['message'] === 'data folder failing; retrying with backoff')).toHaveLength(1);
    health.succeeded(ALL_PLACES);
    health.succeeded(ALL_PLACES);
    expect(health.state).toEqual({ state: 'ok' });
    expect(health.mayTry()).toBe(true);
    expect(lines.filter((l) => l['message'] === 'data folder ok again')).toHaveLength(1);
    expect(changes).toEqual(['failing', 'ok']);
  });

  it('a new cause is one more line (once per episode, however they alternate); other errors leave it alone', () => {
    const { health, lines } = setup();
    expect(health.failed(new Error('HTTP 500'))).toBe(false);
    expect(health.failing).toBe(false);
    health.failed({ code: 'SQLITE_READONLY' });
    const since = health.state.state === 'failing' ? health.state.since : '';
    for (let i = 0; i < 5; i++) {
      health.failed({ code: 'EACCES', path: '/data/spool/x' });
      health.failed({ code: 'SQLITE_READONLY' });
    }
    // The state keeps the episode's first cause.
    expect(health.state).toMatchObject({ state: 'failing', code: 'storage.read_only', since });
    expect(lines.filter((l) => l['message'] === 'data folder failing; retrying with backoff')).toHaveLength(2);
  });

  it('runs the retry hooks before each try while failing (a hook that fails counts as a failed try)', () => {
    const { health, advance } = setup();
    let hooks = 0;
    health.onRetry(() => {
      hooks++;
      if (hooks === 1) throw Object.assign(new Error('still read-only'), { code: 'SQLITE_READONLY' });
    });
    expect(health.mayTry()).toBe(true);
    expect(hooks).toBe(0);
    health.failed({ code: 'SQLITE_READONLY' });
    advance(1_000);
    expect(health.mayTry()).toBe(true);
    expect(hooks).toBe(1);
    expect(health.attempts).toBe(2);
    advance(2_000);
    expect(health.mayTry()).toBe(true);
    expect(hooks).toBe(2);
  });

  it('an upload (a database write) does not call a full spool healthy; a spool write does', () => {
    const { health } = setup();
    health.failed(Object.assign(new Error('no space'), { code: 'ENOSPC', syscall: 'write' }), 'spool');
    health.succeeded(['database']);
    expect(health.state).toMatchObject({ state: 'failing', code: 'storage.full' });
    health.succeeded(['spool', 'database']);
    expect(health.state).toEqual({ state: 'ok' });
  });

  it('a failure soon after recovering goes on with the backoff it had (a flapping disk stays slow)', () => {
    const { health, advance } = setup();
    for (let i = 0; i < 4; i++) health.failed(sqliteFull);
    health.succeeded(ALL_PLACES);
    advance(1_000);
    health.failed(sqliteFull);
    expect(health.retryInMs()).toBe(8_000);
    health.succeeded(ALL_PLACES);
    advance(20_000);
    health.failed(sqliteFull);
    expect(health.retryInMs()).toBe(1_000);
  });
});
