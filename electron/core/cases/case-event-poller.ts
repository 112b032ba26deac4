import type { ActivityEntry, ActivityStatus } from '../../../shared/domain/activity';
import { parseCaseChangeEvent } from '../../../shared/platform/events';
import type { CaseChangeEvent } from '../../../shared/platform/events';
import { isIntakeError } from '../errors';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { ActivityStore } from './activity-store';
import type { CaseEventSource } from './case-ports';

export interface CaseEventPollerDeps {
  source: () => CaseEventSource;
  store: ActivityStore;
  clock: Clock;
  logger: Logger;
  /** Called for every valid event after it was stored (confirming documents, …). */
  onEvent?: (event: CaseChangeEvent) => void | Promise<void>;
  /** Called once per poll with the cases that got new entries. */
  onChanged?: (caseNumbers: string[]) => void;
  intervalMs?: number;
  pageLimit?: number;
  /** Pages per poll at most, so a long backlog does not keep one poll running for minutes. */
  maxPages?: number;
}

/**
 * Reads the case-change feed from a persisted cursor. Every event is validated on its own against the
 * shared envelope and change schemas; an invalid one is logged with the reason and skipped, the rest of
 * the page is kept, and the cursor moves past both.
 */
export class CaseEventPoller {
  private skipped = 0;
  private lastPollAt: string | undefined;
  private lastError: string | undefined;
  private running: Promise<void> | undefined;
  private loop: { controller: AbortController; done: Promise<void> } | undefined;

  constructor(private readonly deps: CaseEventPollerDeps) {}

  status(): ActivityStatus {
    return {
      ...(this.deps.store.cursor !== undefined ? { cursor: this.deps.store.cursor } : {}),
      ...(this.lastPollAt !== undefined ? { lastPollAt: this.lastPollAt } : {}),
      ...(this.lastError !== undefined ? { lastError: this.lastError } : {}),
      skipped: this.skipped,
    };
  }

  /** One read of the feed until it has nothing new; concurrent callers share the same read. */
  pollOnce(): Promise<void> {
    this.running ??= this.read().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(): void {
    if (this.loop) return;
    const controller = new AbortController();
    const interval = this.deps.intervalMs ?? 15_000;
    const done = (async () => {
      while (!controller.signal.aborted) {
        await this.pollOnce().catch(() => undefined);
        await this.deps.clock.sleep(interval, controller.signal).catch(() => undefined);
      }
    })();
    this.loop = { controller, done };
  }

  async stop(): Promise<void> {
    const loop = this.loop;
    this.loop = undefined;
    if (!loop) return;
    loop.controller.abort();
    await loop.done;
    await this.running?.catch(() => undefined);
  }

  private async read(): Promise<void> {
    const { store, logger } = this.deps;
    const limit = this.deps.pageLimit ?? 100;
    const changed = new Set<string>();
    try {
      for (let page = 0; page < (this.deps.maxPages ?? 20); page++) {
        const after = store.cursor;
        const result = await this.deps.source().listCaseEvents({ ...(after !== undefined ? { after } : {}), limit });
        const receivedAt = new Date(this.deps.clock.now()).toISOString();
        const entries: ActivityEntry[] = [];
        for (const item of result.items) {
          const parsed = parseCaseChangeEvent(item.event);
          if (!parsed.ok) {
            this.skipped++;
            logger.warn('activity: skipped an invalid case-change event', {
              cursor: item.cursor,
              reasons: parsed.errors,
            });
            continue;
          }
          entries.push({ cursor: item.cursor, receivedAt, event: parsed.event });
        }
        for (const c of store.append(entries)) changed.add(c);
        // In order, each done before the next (and before onChanged tells the renderer).
        for (const entry of entries) await this.handle(entry.event);
        const last = result.items.at(-1)?.cursor ?? result.nextCursor;
        if (result.items.length === 0 || last === after) break;
        store.setCursor(last);
        if (result.items.length < limit) break;
      }
      this.lastError = undefined;
    } catch (e) {
      this.lastError = isIntakeError(e) ? e.message : 'Reading case activity failed; details are in the log.';
      logger.warn('activity: reading the feed failed', { error: e });
      throw e;
    } finally {
      this.lastPollAt = new Date(this.deps.clock.now()).toISOString();
      if (changed.size > 0) this.deps.onChanged?.([...changed]);
    }
  }

  private async handle(event: CaseChangeEvent): Promise<void> {
    try {
      await this.deps.onEvent?.(event);
    } catch (e) {
      // One failing reaction must not stop the reader or lose the following events.
      this.deps.logger.warn('activity: handling an event failed', { correlationId: event.correlationId, error: e });
    }
  }
}
