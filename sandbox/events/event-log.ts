import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  private readonly file: string;
  private readonly events: LoggedEvent[] = [];

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.file = join(dataDir, 'case-events.jsonl');
    if (existsSync(this.file)) {
      for (const line of readFileSync(this.file, 'utf8').split('\n')) {
        if (line.trim() !== '') this.events.push(JSON.parse(line) as LoggedEvent);
      }
    }
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
    appendFileSync(this.file, `${JSON.stringify(logged)}\n`);
    this.events.push(logged);
    return logged;
  }

  /** Events after `after` (a cursor; 0 = from the start). */
  page(after: number, limit: number): { items: LoggedEvent[]; nextCursor: string } {
    const items = this.events.slice(after, after + limit);
    const last = items.at(-1);
    return { items, nextCursor: last ? last.cursor : String(Math.min(after, this.events.length)) };
  }
}
