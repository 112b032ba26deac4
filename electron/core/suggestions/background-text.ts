/**
 * Reads a document's text in the background when it arrives in the inbox, so its suggestions are there
 * when the clerk opens it (docs/capture.md, "Text"). The reading runs in the text workers (one per core) and is
 * cached by content, so the clerk's own request later is answered from the cache; nothing here waits on an
 * upload or holds up the main thread beyond hashing the file in chunks.
 *
 * At most as many documents are handed to the workers as there are workers: a clerk who opens a document
 * that is still waiting here is served next, not after a backlog. Beyond `maxWaiting`, arrivals are left
 * to be read when opened (a scanner emptying a thousand pages must not queue hours of OCR).
 *
 * The order is the clerk's (issue #48 item 3): the documents the clerk's list has after the open one
 * (`first`) go first; then the arrivals in the inbox's order (newest first, a stack that arrived together
 * in name order: shared/domain/inbox-order.ts), where the clerk starts: a stack of 20 dropped at once is
 * read from the top of the list down, not from its bottom up. So that the top is known before the first
 * reads begin, arrivals into an idle reader settle first (`settleMs` after the last, at most `maxSettleMs`
 * after the first) while the workers start their OCR engines (`warm`): before, a stack's first two arrivals
 * (the bottom of the list) took both workers, cold, and the letter the clerk opened first waited for them.
 */
import type { InboxPlace } from '../../../shared/domain/inbox-order';
import { compareNewestFirst } from '../../../shared/domain/inbox-order';
import type { Logger } from '../util/logger';
import type { DocumentTextService } from './document-text';

export interface BackgroundTextDeps {
  text: Pick<DocumentTextService, 'textOf' | 'threads'> & Partial<Pick<DocumentTextService, 'warm'>>;
  /**
   * The document's content file and the OCR languages it is read in (its folder's), or undefined when it
   * is gone or no longer the clerk's (sent, removed).
   */
  fileOf: (
    documentId: string,
  ) => { path: string; languages?: string } | undefined | Promise<{ path: string; languages?: string } | undefined>;
  /** Its place in the inbox's order (arrival, name); without one it goes after those that have one. */
  placeOf?: (documentId: string) => InboxPlace | undefined;
  /** Called after a document's text was read (auto-accept of suggestions). Errors are logged. */
  onRead?: (documentId: string) => Promise<void>;
  logger: Logger;
  maxWaiting?: number;
  /** How long arrivals into an idle reader settle before the first read (default SETTLE_MS; 0: none). */
  settleMs?: number;
}

/**
 * A scanner or a copy writes a stack's files within a second or so; a clerk's single letter waits this
 * long more, while its worker's engine starts (which it needed anyway).
 */
const SETTLE_MS = 400;
/** A folder that never stops filling still starts reading. */
const MAX_SETTLE_FACTOR = 5;

export class BackgroundText {
  /** Arrivals not read yet, as they came (served in the inbox's order, `next()`). */
  private readonly waiting: string[] = [];
  /** The clerk's next documents (`first`), served before the arrivals, in this order. */
  private readonly clerkNext: string[] = [];
  /** Being read now, and read already (by id; a document's content does not change while it is new). */
  private readonly reading = new Set<string>();
  private readonly read = new Set<string>();
  private running = 0;
  /** onRead calls under way (after their read; idle() waits for them too). */
  private following = 0;
  private stopped = false;
  private overflowed = false;
  private idleWaiters: (() => void)[] = [];
  /** Arrivals settling (the reader was idle when the first came): the first read waits for it. */
  private settling: { timer: NodeJS.Timeout; since: number } | undefined;

  constructor(private readonly deps: BackgroundTextDeps) {}

  /** A document arrived: read its text when a worker is free. */
  add(documentId: string): void {
    if (this.stopped || this.waiting.includes(documentId) || this.clerkNext.includes(documentId)) return;
    if (this.waiting.length >= (this.deps.maxWaiting ?? 200)) {
      // Said once per overflow, not once per document (a restored backlog can be thousands).
      if (!this.overflowed) this.deps.logger.info('background text: backlog full, later arrivals read when opened');
      this.overflowed = true;
      return;
    }
    this.waiting.push(documentId);
    this.settleThenPump(documentId);
  }

  /**
   * Into an idle reader, arrivals settle before the first read (the class's comment); the engines start
   * meanwhile. A busy reader takes the next arrival in the inbox's order when a worker is free, as before.
   */
  private settleThenPump(documentId: string): void {
    const settleMs = this.deps.settleMs ?? SETTLE_MS;
    if (settleMs <= 0 || (this.running > 0 && !this.settling)) return this.pump();
    const now = Date.now();
    if (this.settling) clearTimeout(this.settling.timer);
    else
      void Promise.resolve(this.deps.fileOf(documentId))
        .then((file) => this.deps.text.warm?.(file?.languages))
        .catch(() => undefined);
    const since = this.settling?.since ?? now;
    const left = Math.min(settleMs, since + settleMs * MAX_SETTLE_FACTOR - now);
    const timer = setTimeout(
      () => {
        this.settling = undefined;
        this.pump();
      },
      Math.max(0, left),
    );
    this.settling = { timer, since };
  }

  /**
   * The clerk's reading order (issue #48 item 3): these documents (the one after the open one in the
   * list) are read next, before the arrivals waiting ahead of them. One not waiting (past the backlog cap)
   * is taken in; one being read or read already is left (its text is there or coming).
   */
  first(documentIds: readonly string[]): void {
    if (this.stopped) return;
    // The clerk asked: what they will open next is read now, not after a stack settles.
    if (this.settling) {
      clearTimeout(this.settling.timer);
      this.settling = undefined;
    }
    for (const id of [...documentIds].reverse()) {
      const at = this.waiting.indexOf(id);
      if (at >= 0) this.waiting.splice(at, 1);
      const asked = this.clerkNext.indexOf(id);
      if (asked >= 0) this.clerkNext.splice(asked, 1);
      else if (at < 0 && (this.reading.has(id) || this.read.has(id))) continue;
      this.clerkNext.unshift(id);
    }
    this.pump();
  }

  /** Resolves when nothing is waiting or being read (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.running && !this.following && !this.waiting.length && !this.clerkNext.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** No new reads; the running ones end with the text workers (DocumentTextService.close). */
  stop(): void {
    this.stopped = true;
    if (this.settling) clearTimeout(this.settling.timer);
    this.settling = undefined;
    this.waiting.length = 0;
    this.clerkNext.length = 0;
    this.settle();
  }

  private pump(): void {
    while (
      !this.stopped &&
      !this.settling &&
      this.running < Math.max(1, this.deps.text.threads) &&
      (this.clerkNext.length || this.waiting.length)
    ) {
      const id = this.clerkNext.shift() ?? this.nextArrival();
      this.running++;
      this.reading.add(id);
      void this.readOne(id).finally(() => {
        this.reading.delete(id);
        this.read.add(id);
        this.running--;
        this.pump();
        this.settle();
      });
    }
  }

  /** The waiting arrival the inbox lists first (the last one added when none has a place). */
  private nextArrival(): string {
    let best = this.waiting.length - 1;
    let bestPlace = this.deps.placeOf?.(this.waiting[best]!);
    for (let i = this.waiting.length - 2; i >= 0; i--) {
      const place = this.deps.placeOf?.(this.waiting[i]!);
      if (place && (!bestPlace || compareNewestFirst(place, bestPlace) < 0)) [best, bestPlace] = [i, place];
    }
    return this.waiting.splice(best, 1)[0]!;
  }

  /**
   * Reads one document's text; what follows the read (`onRead`: the platform's checks of its numbers,
   * auto-accept) runs after the worker was handed the next document (issue #48 item 3: the worker stood
   * idle while the main thread asked the platform).
   */
  private async readOne(documentId: string): Promise<void> {
    try {
      const file = await this.deps.fileOf(documentId);
      if (!file) return;
      const text = await this.deps.text.textOf(file.path, undefined, file.languages);
      if (!text.ok) {
        this.deps.logger.info('background text: document not read', { documentId, reason: text.message });
        return;
      }
      if (this.stopped || !this.deps.onRead) return;
      this.following++;
      void this.deps
        .onRead(documentId)
        .catch((e: unknown) => {
          if (!this.stopped) this.deps.logger.warn('background text failed', { documentId, error: e });
        })
        .finally(() => {
          this.following--;
          this.settle();
        });
    } catch (e) {
      if (!this.stopped) this.deps.logger.warn('background text failed', { documentId, error: e });
    }
  }

  private settle(): void {
    if (this.running || this.following || this.waiting.length || this.clerkNext.length) return;
    this.overflowed = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
