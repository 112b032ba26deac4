import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { JsonLinesJournal } from '../storage/json-lines-journal';
import type { CaseChangeEvent, Change } from '../../shared/platform/events';
import type { ClaimRecord } from '../cases/claim-registry';

export interface LoggedEvent {
  cursor: string;
  event: CaseChangeEvent;
}

/** Payload version of the events the sandbox writes. */
export const EVENT_PAYLOAD_VERSION = '1.0';

/** Case-change events in the order they happened; cursor = sequence number, persisted as JSON lines. */
export class EventLog {
  private readonly journal: JsonLinesJournal<LoggedEvent>;
  private readonly events: LoggedEvent[];

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    const { journal, records } = JsonLinesJournal.open<LoggedEvent>(join(dataDir, 'case-events.jsonl'));
    this.journal = journal;
    this.events = records;
  }

  record(
    eventType: string,
    claim: ClaimRecord,
    changes: Change[],
    changedBy: CaseChangeEvent['changedBy'] = { type: 'automatic', name: 'Claim Handling Sandbox' },
  ): LoggedEvent {
    const event: CaseChangeEvent = {
      eventType,
      payloadVersion: EVENT_PAYLOAD_VERSION,
      correlationId: randomUUID(),
      timestamp: new Date(this.now()).toISOString(),
      case: {
        number: claim.caseNumber,
        token: claim.token,
        caseType: claim.caseType,
        ...(claim.externalClaimId !== null ? { externalClaimId: claim.externalClaimId } : {}),
        company: claim.tenant,
        sourceSystem: 'claim-handling-sandbox',
      },
      ...(changedBy !== undefined ? { changedBy } : {}),
      changes,
    };
    const logged = { cursor: String(this.events.length + 1), event };
    this.journal.append(logged);
    this.events.push(logged);
    return logged;
  }

  /** Events after `after` (a cursor; 0 = from the start). */
  page(after: number, limit: number): { items: LoggedEvent[]; nextCursor: string } {
    const items = this.events.slice(after, after + limit);
    const last = items.at(-1);
    return { items, nextCursor: last ? last.cursor : String(Math.min(after, this.events.length)) };
  }

  close(): void {
    this.journal.close();
  }
}
