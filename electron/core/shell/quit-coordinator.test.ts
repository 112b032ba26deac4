import { describe, expect, it } from 'vitest';
import { silentLogger } from '../util/logger';
import { ManualClock } from './test-support/manual-clock';
import { QuitCoordinator } from './quit-coordinator';

function deferred() {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('QuitCoordinator', () => {
  it('waits for the uploads in flight to reach a safe point, then lets the quit through', async () => {
    const clock = new ManualClock();
    const upload = deferred();
    let drains = 0;
    const quit = new QuitCoordinator({
      clock,
      logger: silentLogger,
      timeoutMs: 15_000,
      drain: () => {
        drains++;
        return upload.promise;
      },
    });
    const first = quit.requestQuit();
    const second = quit.requestQuit();
    await clock.advance(1_000);
    expect(quit.finished).toBe(false);
    upload.resolve();
    expect(await first).toBe('drained');
    expect(await second).toBe('drained');
    expect(drains).toBe(1);
    expect(quit.finished).toBe(true);
    expect(clock.pendingSleeps).toBe(0);
  });

  it('gives up after the timeout and aborts the drain, so a stuck upload cannot block the quit', async () => {
    const clock = new ManualClock();
    let signal: AbortSignal | undefined;
    const quit = new QuitCoordinator({
      clock,
      logger: silentLogger,
      timeoutMs: 15_000,
      drain: (s) => {
        signal = s;
        return new Promise(() => {});
      },
    });
    const outcome = quit.requestQuit();
    await clock.advance(14_999);
    expect(quit.finished).toBe(false);
    expect(signal?.aborted).toBe(false);
    await clock.advance(1);
    expect(await outcome).toBe('timed_out');
    expect(signal?.aborted).toBe(true);
  });

  it('still quits when draining fails', async () => {
    const clock = new ManualClock();
    const quit = new QuitCoordinator({
      clock,
      logger: silentLogger,
      timeoutMs: 15_000,
      drain: async () => {
        throw new Error('database closed');
      },
    });
    expect(await quit.requestQuit()).toBe('failed');
    expect(quit.finished).toBe(true);
  });
});
