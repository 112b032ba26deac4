import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ActivityCase, ActivityEntry } from '../../../shared/domain/activity';
import { parseCaseChangeEvent } from '../../../shared/platform/events';
import type { Logger } from '../util/logger';

/**
 * Case-change events read so far, per case, and the feed cursor. Files in the data dir:
 * `case-activity.jsonl` (one validated entry per line, append-only) and `case-events-cursor.json`
 * (written by rename, so a crash leaves the old or the new cursor, never half of one). Entries are
 * appended before the cursor moves: after a crash a page may be read twice, and duplicates (same cursor)
 * are dropped on load and on append.
 */
export class ActivityStore {
  private readonly entriesFile: string;
  private readonly cursorFile: string;
  private readonly byCase = new Map<string, ActivityEntry[]>();
  private readonly seen = new Set<string>();
  private cursorValue: string | undefined;

  constructor(
    dir: string,
    private readonly logger: Logger,
  ) {
    this.entriesFile = join(dir, 'case-activity.jsonl');
    this.cursorFile = join(dir, 'case-events-cursor.json');
    mkdirSync(dir, { recursive: true });
    this.load();
  }

  get cursor(): string | undefined {
    return this.cursorValue;
  }

  /** Stores new entries; returns the case numbers that got one. */
  append(entries: ActivityEntry[]): string[] {
    const fresh = entries.filter((e) => !this.seen.has(e.cursor));
    if (fresh.length === 0) return [];
    appendFileSync(this.entriesFile, fresh.map((e) => `${JSON.stringify(e)}\n`).join(''));
    const cases = new Set<string>();
    for (const entry of fresh) {
      this.index(entry);
      if (entry.event.case.number) cases.add(entry.event.case.number);
    }
    return [...cases];
  }

  setCursor(cursor: string): void {
    if (cursor === this.cursorValue) return;
    const temp = `${this.cursorFile}.tmp`;
    writeFileSync(temp, JSON.stringify({ cursor }));
    renameSync(temp, this.cursorFile);
    this.cursorValue = cursor;
  }

  list(caseNumber: string): ActivityEntry[] {
    return [...(this.byCase.get(caseNumber) ?? [])];
  }

  cases(): ActivityCase[] {
    return [...this.byCase.entries()]
      .map(([caseNumber, entries]) => ({
        caseNumber,
        events: entries.length,
        lastEventAt: entries.reduce((max, e) => (e.event.timestamp > max ? e.event.timestamp : max), ''),
      }))
      .sort((a, b) => (a.lastEventAt < b.lastEventAt ? 1 : -1));
  }

  private index(entry: ActivityEntry): void {
    this.seen.add(entry.cursor);
    const number = entry.event.case.number;
    if (!number) return;
    const list = this.byCase.get(number) ?? [];
    list.push(entry);
    this.byCase.set(number, list);
  }

  private load(): void {
    if (existsSync(this.cursorFile)) {
      try {
        const raw = JSON.parse(readFileSync(this.cursorFile, 'utf8')) as { cursor?: unknown };
        if (typeof raw.cursor === 'string') this.cursorValue = raw.cursor;
      } catch (e) {
        // Starting from the beginning re-reads events; duplicates are dropped, so this is safe.
        this.logger.warn('activity: unreadable cursor file, reading the feed from the start', { error: e });
      }
    }
    if (!existsSync(this.entriesFile)) return;
    for (const line of readFileSync(this.entriesFile, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        const raw = JSON.parse(line) as { cursor?: unknown; receivedAt?: unknown; event?: unknown };
        const parsed = parseCaseChangeEvent(raw.event);
        if (typeof raw.cursor !== 'string' || typeof raw.receivedAt !== 'string' || !parsed.ok)
          throw new Error('bad entry');
        if (!this.seen.has(raw.cursor))
          this.index({ cursor: raw.cursor, receivedAt: raw.receivedAt, event: parsed.event });
      } catch {
        // A torn last line after a crash: skip it; the cursor was not moved past it, so it is read again.
        this.logger.warn('activity: skipped an unreadable stored entry');
      }
    }
  }
}
