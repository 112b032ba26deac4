import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS, IdempotencyStore } from './idempotency-store';

const root = mkdtempSync(join(tmpdir(), 'idempotency-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const answer = (storedAt: number, documentId: string) => ({
  fingerprint: `fp-${documentId}`,
  status: 200,
  body: { success: true, payload: { documentId } },
  storedAt,
});
const lines = (dir: string) => readFileSync(join(dir, 'idempotency.jsonl'), 'utf8').trim().split('\n');

describe('idempotency store', () => {
  it('answers a key after a restart, per client, and drops answers older than the TTL from the file at start', () => {
    const dir = mkdtempSync(join(root, 'a-'));
    let now = 1_000;
    const first = new IdempotencyStore(dir, () => now);
    first.remember('client-a', 'old-key', answer(now, 'old'));
    now += IDEMPOTENCY_TTL_MS - 10;
    first.remember('client-a', 'new-key', answer(now, 'new'));
    first.close();
    expect(lines(dir)).toHaveLength(2);

    now += 20; // old-key is now past the TTL, new-key is not
    const second = new IdempotencyStore(dir, () => now);
    expect(second.find('client-a', 'old-key')).toBeUndefined();
    expect(second.find('client-a', 'new-key')?.body).toEqual({ success: true, payload: { documentId: 'new' } });
    expect(second.find('client-b', 'new-key')).toBeUndefined();
    expect(lines(dir)).toHaveLength(1);
    second.remember('client-b', 'another', answer(now, 'b'));
    second.close();
    expect(lines(dir)).toHaveLength(2);
  });

  it('moves the answers of an older data dir (a file per key) into the journal', () => {
    const dir = mkdtempSync(join(root, 'b-'));
    const legacy = join(dir, 'idempotency');
    mkdirSync(legacy);
    // The older format: <sha256(client \0 key)>.json per key.
    const id = createHash('sha256').update('client-a').update('\u0000').update('k-1').digest('hex');
    writeFileSync(join(legacy, `${id}.json`), JSON.stringify(answer(5_000, 'legacy')));
    const store = new IdempotencyStore(dir, () => 6_000);
    expect(store.find('client-a', 'k-1')?.fingerprint).toBe('fp-legacy');
    expect(existsSync(legacy)).toBe(false);
    store.close();
    const again = new IdempotencyStore(dir, () => 6_000);
    expect(again.find('client-a', 'k-1')?.fingerprint).toBe('fp-legacy');
    again.close();
  });
});
