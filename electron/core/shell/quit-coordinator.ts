import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';

export type QuitOutcome = 'drained' | 'timed_out' | 'failed';

export interface QuitCoordinatorDeps {
  /**
   * Stops taking new work and resolves when every upload in flight has reached a safe point (finished, or
   * recorded so the restart resumes it). Aborting the signal asks it to give up at once.
   */
  drain: (signal: AbortSignal) => Promise<void>;
  clock: Clock;
  logger: Logger;
  /** How long a quit may wait for uploads; after that the durable queue's recovery takes over. */
  timeoutMs: number;
}

export const DEFAULT_QUIT_TIMEOUT_MS = 15_000;

/**
 * Quitting waits for in-flight uploads, but never forever: a stuck network must not keep the app (or an OS
 * shutdown) hanging. Every quit request joins the first one, so a second click on "Quit" does not start a
 * second drain. Nothing is lost on a timeout: the queue's idempotency keys make the restart resume safely.
 */
export class QuitCoordinator {
  private pending: Promise<QuitOutcome> | undefined;
  private outcome: QuitOutcome | undefined;

  constructor(private readonly deps: QuitCoordinatorDeps) {}

  /** True once the drain has ended: the shell may let the quit through. */
  get finished(): boolean {
    return this.outcome !== undefined;
  }

  get result(): QuitOutcome | undefined {
    return this.outcome;
  }

  requestQuit(): Promise<QuitOutcome> {
    this.pending ??= this.run().then((outcome) => {
      this.outcome = outcome;
      return outcome;
    });
    return this.pending;
  }

  private async run(): Promise<QuitOutcome> {
    const abort = new AbortController();
    const timer = new AbortController();
    const timeout = this.deps.clock.sleep(this.deps.timeoutMs, timer.signal).then(
      () => 'timed_out' as const,
      () => 'cancelled' as const,
    );
    const drained = this.deps.drain(abort.signal).then(
      () => 'drained' as const,
      (error: unknown) => {
        this.deps.logger.error('quit: draining the queue failed', { error });
        return 'failed' as const;
      },
    );
    const first = await Promise.race([drained, timeout]);
    timer.abort();
    if (first === 'timed_out') {
      abort.abort(new Error('quit timeout'));
      this.deps.logger.warn('quit: uploads did not reach a safe point in time; they resume after restart', {
        timeoutMs: this.deps.timeoutMs,
      });
      return 'timed_out';
    }
    // 'cancelled' cannot win the race: the timer is aborted only after it.
    return first === 'cancelled' ? 'drained' : first;
  }
}
