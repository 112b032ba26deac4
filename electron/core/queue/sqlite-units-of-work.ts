import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueueDatabase } from './queue-database';

/** One unit of work while it holds the connection (an object of its own: compared by identity). */
interface Unit {
  readonly started: number;
}

/**
 * The storage ports' units of work on the queue's SQLite file (DocumentStorage.transaction). The file has
 * one connection, so a unit that awaits between its statements must have it to itself until it commits:
 * units take turns (an async mutex, in the order they asked), each runs `BEGIN IMMEDIATE` … `COMMIT`
 * around its awaited work, and `ROLLBACK` when the work throws. Which code belongs to the open unit is told
 * by its async context (AsyncLocalStorage), so a call of the port from inside it, or a unit inside it, joins
 * it instead of waiting for itself.
 *
 * Outside the units: a port call waits while another unit holds the connection (it would see half of that
 * unit's writes) and runs at once otherwise. The queue's services not yet on the ports write through the
 * store's synchronous surface (DocumentStore.transaction); one of those while another's unit holds the
 * connection would join that unit's transaction unseen (and be rolled back with it), so it is refused
 * instead, loudly (`refuseWriteFromOutside`). It cannot happen while units await only their storage: then no
 * other task of the event loop runs between BEGIN and COMMIT.
 *
 * One per connection: the documents, the batches and the drafts share it (`unitsOfWork(db)`).
 */
export class SqliteUnitsOfWork {
  private readonly context = new AsyncLocalStorage<Unit>();
  private current: Unit | undefined;
  private tail: Promise<void> = Promise.resolve();
  private readonly committedListeners: Array<() => void> = [];

  constructor(private readonly db: QueueDatabase) {}

  /** Called after each unit's COMMIT (the store counts it and schedules the flush to disk). */
  onCommit(listener: () => void): void {
    this.committedListeners.push(listener);
  }

  /** Whether the caller runs inside the unit that holds the connection now. */
  get inside(): boolean {
    const unit = this.context.getStore();
    return unit !== undefined && unit === this.current;
  }

  /** Whether a unit holds the connection and the caller is not part of it. */
  get heldByAnother(): boolean {
    return this.current !== undefined && !this.inside;
  }

  /**
   * Runs `work` as one transaction, after the units before it; inside a unit it joins that one (its writes
   * commit or roll back with the outer unit's).
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside) return work();
    const release = await this.turn();
    const unit: Unit = { started: Date.now() };
    try {
      this.db.exec('BEGIN IMMEDIATE');
    } catch (e) {
      release();
      throw e;
    }
    this.current = unit;
    try {
      const out = await this.context.run(unit, work);
      this.db.exec('COMMIT');
      for (const listener of this.committedListeners) listener();
      return out;
    } catch (e) {
      // A COMMIT that failed (a full disk) may have ended the transaction already.
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw e;
    } finally {
      this.current = undefined;
      release();
    }
  }

  /** A port call from outside the units: at once when no unit holds the connection, else in its turn. */
  async outside<T>(call: () => T): Promise<T> {
    if (this.current === undefined || this.inside) return call();
    const release = await this.turn();
    try {
      return call();
    } finally {
      release();
    }
  }

  /** Throws when a synchronous write from outside would land inside another's open unit. */
  refuseWriteFromOutside(): void {
    if (!this.heldByAnother) return;
    throw new Error(
      'A synchronous write to the queue database ran while a unit of work held it: a unit of work awaited ' +
        'something other than its storage (docs/architecture.md, "Storage ports").',
    );
  }

  /** The connection to oneself, after everyone who asked before; resolves with the release. */
  private turn(): Promise<() => void> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = this.tail;
    this.tail = before.then(() => mine);
    return before.then(() => release);
  }
}

const byConnection = new WeakMap<QueueDatabase, SqliteUnitsOfWork>();

/** The units of work of one queue database (one connection): every SQLite engine on it shares them. */
export function unitsOfWork(db: QueueDatabase): SqliteUnitsOfWork {
  let units = byConnection.get(db);
  if (!units) {
    units = new SqliteUnitsOfWork(db);
    byConnection.set(db, units);
  }
  return units;
}
