import { describe, expect, it } from 'vitest';
import { silentLogger } from '../util/logger';
import { ManualClock } from './test-support/manual-clock';
import { NetworkWatcher } from './network-watcher';

describe('NetworkWatcher', () => {
  it('reports the first state and then only changes, on its polling interval', async () => {
    const clock = new ManualClock();
    let osOnline = true;
    const changes: boolean[] = [];
    const w = new NetworkWatcher({
      isOnline: () => osOnline,
      onChange: (o) => changes.push(o),
      clock,
      logger: silentLogger,
      intervalMs: 5_000,
    });
    w.start();
    expect(changes).toEqual([true]);
    await clock.advance(5_000);
    expect(changes).toEqual([true]);
    osOnline = false;
    await clock.advance(4_000);
    expect(changes).toEqual([true]);
    await clock.advance(1_000);
    expect(changes).toEqual([true, false]);
    osOnline = true;
    w.poke();
    expect(changes).toEqual([true, false, true]);
    w.stop();
    expect(clock.pendingSleeps).toBe(0);
    osOnline = false;
    await clock.advance(60_000);
    expect(changes).toEqual([true, false, true]);
  });

  it('survives an OS call that throws', () => {
    const changes: boolean[] = [];
    const w = new NetworkWatcher({
      isOnline: () => {
        throw new Error('not ready');
      },
      onChange: (o) => changes.push(o),
      clock: new ManualClock(),
      logger: silentLogger,
    });
    w.poke();
    expect(changes).toEqual([]);
    expect(w.online).toBeUndefined();
  });
});
