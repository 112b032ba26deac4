import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';

export interface NetworkWatcherDeps {
  /** The OS's view (Electron: net.isOnline()). False is reliable; true only means "a network exists". */
  isOnline: () => boolean;
  /** Called on each change: offline → the queue stops trying; online → check the platform now. */
  onChange: (online: boolean) => void;
  clock: Clock;
  logger: Logger;
  intervalMs?: number;
}

export const NETWORK_POLL_MS = 5_000;

/**
 * Polls the OS network state, because Electron's main process has no online/offline event, and reports
 * only changes. `poke()` samples at once (after the machine wakes, or a window regains focus).
 */
export class NetworkWatcher {
  private last: boolean | undefined;
  private abort: AbortController | undefined;

  constructor(private readonly deps: NetworkWatcherDeps) {}

  get online(): boolean | undefined {
    return this.last;
  }

  start(): void {
    if (this.abort) return;
    const abort = new AbortController();
    this.abort = abort;
    this.poke();
    void this.loop(abort.signal);
  }

  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
  }

  poke(): void {
    let now: boolean;
    try {
      now = this.deps.isOnline();
    } catch (error) {
      this.deps.logger.warn('network state unknown', { error });
      return;
    }
    if (now === this.last) return;
    this.last = now;
    this.deps.onChange(now);
  }

  private async loop(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.deps.clock.sleep(this.deps.intervalMs ?? NETWORK_POLL_MS, signal);
      } catch {
        return;
      }
      this.poke();
    }
  }
}
