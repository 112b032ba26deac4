import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocumentStore } from './document-store';
import { openQueueDatabase } from './queue-database';

const dir = mkdtempSync(join(tmpdir(), 'store-flush-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A store whose flushes to disk the test counts, holds and fails. */
function storeWithFlush(name: string) {
  const flushes = { started: 0, done: 0, fail: false, hold: undefined as Promise<void> | undefined };
  const db = openQueueDatabase(join(dir, `${name}.sqlite`));
  const store = new DocumentStore(db, {
    onSyncError: () => undefined,
    flush: async () => {
      flushes.started++;
      await flushes.hold;
      if (flushes.fail) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      flushes.done++;
    },
  });
  const commit = () => store.transaction(() => store.markSeen(`k-${Math.random()}`, 'd', new Date().toISOString()));
  return { db, store, flushes, commit };
}

describe('DocumentStore.durableSoon (archive waits)', () => {
  it('waits for the scheduled background flush: commits of a burst share it, and it covers every one', async () => {
    const { db, store, flushes, commit } = storeWithFlush('burst');
    commit();
    const first = store.durableSoon();
    commit();
    commit();
    const last = store.durableSoon();
    // Nothing is flushed at the call: the waits ride on the flush already scheduled by the first commit.
    expect(flushes.started).toBe(0);
    let settled = false;
    void Promise.all([first, last]).then(() => (settled = true));
    await Promise.all([first, last]);
    expect(settled).toBe(true);
    expect(flushes).toMatchObject({ started: 1, done: 1 });
    // With no flush scheduled, it flushes at once (like durable()).
    await store.durableSoon();
    expect(flushes).toMatchObject({ started: 2, done: 2 });
    await store.close();
    db.close();
  });

  it('resolves only once the flush completed on disk, and rejects when it failed', async () => {
    const { db, store, flushes, commit } = storeWithFlush('held');
    let release: () => void = () => undefined;
    flushes.hold = new Promise<void>((r) => (release = r));
    commit();
    let done = false;
    const wait = store.durableSoon().then(() => (done = true));
    await new Promise((r) => setTimeout(r, 80));
    expect(flushes.started).toBe(1);
    expect(done).toBe(false);
    release();
    await wait;
    expect(done).toBe(true);

    flushes.hold = undefined;
    flushes.fail = true;
    commit();
    await expect(store.durableSoon()).rejects.toThrow('EIO');
    flushes.fail = false;
    await store.close();
    db.close();
  });

  it('close() starts the scheduled flush at once for whoever waits on it', async () => {
    const { db, store, flushes, commit } = storeWithFlush('close');
    commit();
    const wait = store.durableSoon();
    await store.close();
    await wait;
    expect(flushes.done).toBeGreaterThanOrEqual(1);
    db.close();
  });
});
