import type { TakeAnswer } from '../../../shared/domain/document';
import type { Logger } from '../util/logger';
import type { DocumentHold, OfficeHolds } from './office-holds';

/**
 * What the window's clerk has open (issue #50 item 3): documents.take and documents.leave. A station
 * without an office database has nothing to hold (aloneHolds): a take is always granted, a leave does
 * nothing, and the station works exactly as before.
 */
export interface ClerkHolds {
  take(documentId: string): Promise<TakeAnswer>;
  leave(documentId: string): Promise<void>;
  /** The station stops: what its clerk has open is freed now rather than a lapse later. */
  leaveAll(): Promise<void>;
}

export const aloneHolds: ClerkHolds = {
  take: () => Promise.resolve({ outcome: 'taken' }),
  leave: () => Promise.resolve(),
  leaveAll: () => Promise.resolve(),
};

/**
 * An office station's clerk taking and leaving documents through the office's holds (office-holds.ts),
 * keeping each hold it was given so that its leave names that hold (a hold that lapsed and another clerk
 * took is not freed by this one's leave).
 */
export class OfficeClerkHolds implements ClerkHolds {
  private readonly mine = new Map<string, DocumentHold>();
  /**
   * Takes and leaves one after the other, in the order the window asked: a leave the window sent right after
   * a take (the clerk moved on at once) must not pass the take and leave the document held behind them.
   */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: { holds: OfficeHolds; clerk: string; logger: Logger }) {}

  take(documentId: string): Promise<TakeAnswer> {
    return this.inTurn(() => this.takeNow(documentId));
  }

  leave(documentId: string): Promise<void> {
    return this.inTurn(() => this.leaveNow(documentId));
  }

  private inTurn<T>(step: () => Promise<T>): Promise<T> {
    const next = this.last.then(step, step);
    this.last = next.catch(() => undefined);
    return next;
  }

  private async takeNow(documentId: string): Promise<TakeAnswer> {
    // `changed`: freed or lapsed between the take and the look at who has it; the next try decides.
    for (let tries = 0; tries < 3; tries++) {
      const o = await this.deps.holds.take(documentId, this.deps.clerk);
      if (o.taken) {
        this.mine.set(documentId, o.hold);
        return { outcome: 'taken' };
      }
      if (o.reason === 'held') {
        this.mine.delete(documentId);
        const { stationName, clerk, since } = o.heldBy;
        return { outcome: 'held', heldBy: { station: stationName, clerk, since } };
      }
      if (o.reason !== 'changed') return { outcome: 'not_takeable' };
    }
    // Three changes in a row: someone keeps taking and leaving it; the clerk's writes are checked anyway.
    return { outcome: 'not_takeable' };
  }

  private async leaveNow(documentId: string): Promise<void> {
    const hold = this.mine.get(documentId);
    if (!hold) return;
    this.mine.delete(documentId);
    await this.deps.holds.leave(hold);
  }

  async leaveAll(): Promise<void> {
    await this.last; // a take under way is done first, so what it took is left too
    for (const id of [...this.mine.keys()])
      await this.leave(id).catch((e: unknown) =>
        // It lapses by itself once this station stops beating.
        this.deps.logger.warn('office: a document the clerk had open was not freed at the stop', {
          documentId: id,
          error: e,
        }),
      );
  }
}
