import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../util/logger';
import { JsonLineLogger } from '../../util/logger';
import { BusyCount } from './busy-count';

/** A count the test answers by hand: each read is held until the test lets it answer the truth it began with. */
function heldCount() {
  const truth = { n: 0 };
  const reads: Array<{ answer: () => void; fail: (e: Error) => void }> = [];
  const count = () =>
    new Promise<number>((resolve, reject) => {
      const at = truth.n;
      reads.push({ answer: () => resolve(at), fail: reject });
    });
  const entries: LogEntry[] = [];
  const logger = new JsonLineLogger((_line, entry) => entries.push(entry), 'debug');
  return { truth, reads, busy: new BusyCount({ count, logger }), entries };
}

describe('the busy count kept from the storage ports', () => {
  it('answers the last count at once and asks for a fresh one, which a later read sees', async () => {
    const { truth, reads, busy } = heldCount();
    truth.n = 3;
    expect(busy.now()).toBe(0); // nothing read yet: a read is asked for
    expect(reads).toHaveLength(1);
    reads[0]!.answer();
    await expect.poll(() => busy.now()).toBe(3);
  });

  it('a change while a read is under way is read after it: the count ends at the truth, never behind it', async () => {
    const { truth, reads, busy } = heldCount();
    truth.n = 1;
    const first = busy.refresh();
    // Documents change while the first read is out; each change asks again (several asks, one more read).
    truth.n = 2;
    const second = busy.refresh();
    truth.n = 4;
    const third = busy.refresh();
    expect(reads).toHaveLength(1);
    reads[0]!.answer();
    await first;
    // The asks made while it was out start a read of their own (begun after the changes they follow).
    await expect.poll(() => reads.length).toBe(2);
    reads[1]!.answer();
    await Promise.all([second, third]);
    // One read for both asks, begun after both changes: what they wait for is the count after them.
    expect(busy.now()).toBe(4);
  });

  it('a read that fails keeps the last count, warned once; a read that works again is said too', async () => {
    const { truth, reads, busy, entries } = heldCount();
    truth.n = 2;
    const ok = busy.refresh();
    reads[0]!.answer();
    await ok;
    for (const i of [1, 2]) {
      const failed = busy.refresh();
      reads[i]!.fail(new Error('the office database cannot be reached'));
      await failed;
    }
    expect(entries.filter((e) => e.level === 'warn')).toMatchObject([
      { message: 'busy count not read: the last one is kept for the look-ahead', busy: 2 },
    ]);
    truth.n = 5;
    expect(busy.now()).toBe(2);
    reads[3]!.answer();
    await expect.poll(() => busy.now()).toBe(5);
    expect(entries.filter((e) => e.level === 'info')).toMatchObject([{ message: 'busy count read again', busy: 5 }]);
  });

  it('reads nothing once stopped (the storage closes after the folders stopped)', async () => {
    const { reads, busy } = heldCount();
    busy.stop();
    await busy.refresh();
    expect(busy.now()).toBe(0);
    expect(reads).toHaveLength(0);
  });
});
