import { z } from 'zod';
import type { Logger } from '../util/logger';
import type { OfficeDatabase } from './office-database';
import { OFFICE_DOCUMENTS_CHANNEL } from './postgres-document-storage';

const ChangeSchema = z.object({ id: z.string(), station: z.string() });

/** Changes told together within this time are read as one batch (a capture batch makes many at once). */
const GATHER_MS = 50;

/**
 * Other stations' changes to the office's documents, as they commit (issue #50 item 3: every clerk sees
 * every document not yet sent, live): a connection of its own LISTENs on the documents' channel, which the
 * office storage NOTIFYs in each transaction that changes a document (postgres-document-storage.ts). Told
 * ids are gathered for 50 ms and handed over once; this station's own changes are left out (it tells its
 * own already). When the connection breaks, listening starts again with a growing pause, and `onMissed` is
 * called once it is back: what changed meanwhile was not told.
 */
export class OfficeChanges {
  private listening: { close(): Promise<void> } | undefined;
  private stopped = false;
  private pending = new Set<string>();
  private gather: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private pauseMs = 250;
  private connecting: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      db: OfficeDatabase;
      stationId: string;
      onChanged: (ids: string[]) => void;
      onMissed: () => void;
      logger: Logger;
    },
  ) {}

  start(): void {
    this.connect(false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.gather) clearTimeout(this.gather);
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    await this.listening?.close();
  }

  private connect(missed: boolean): void {
    if (this.stopped) return;
    this.connecting = this.deps.db
      .listen(
        OFFICE_DOCUMENTS_CHANNEL,
        (payload) => this.told(payload),
        () => {
          this.listening = undefined;
          this.again();
        },
      )
      .then(
        async (l) => {
          if (this.stopped) {
            await l.close();
            return;
          }
          this.listening = l;
          this.pauseMs = 250;
          if (missed) this.deps.onMissed();
        },
        () => this.again(),
      );
  }

  private again(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect(true);
    }, this.pauseMs);
    this.retry.unref();
    this.pauseMs = Math.min(this.pauseMs * 2, 10_000);
  }

  private told(payload: string): void {
    let change: z.infer<typeof ChangeSchema>;
    try {
      change = ChangeSchema.parse(JSON.parse(payload));
    } catch (e) {
      this.deps.logger.warn('office: a change notice not understood (another version?)', { payload, error: e });
      return;
    }
    if (change.station === this.deps.stationId) return;
    this.pending.add(change.id);
    this.gather ??= setTimeout(() => {
      this.gather = undefined;
      const ids = [...this.pending];
      this.pending.clear();
      if (!this.stopped) this.deps.onChanged(ids);
    }, GATHER_MS);
  }
}
