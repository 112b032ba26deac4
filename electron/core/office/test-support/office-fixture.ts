import type { OfficeDatabaseAddress } from '../../../../shared/domain/office';
import { parseOfficeDatabaseUrl } from '../../../../shared/domain/office';
import type { LogEntry, Logger } from '../../util/logger';
import { JsonLineLogger } from '../../util/logger';
import { OfficeDatabase } from '../office-database';

/** The address of a URL the test made (a private cluster's), with the password the URL may carry. */
export function officeAddress(url: string): OfficeDatabaseAddress {
  const parsed = parseOfficeDatabaseUrl(url, { password: 'allowed' });
  if (!parsed.ok) throw new Error(`${url}: ${parsed.problem}`);
  return parsed.value;
}

/** A logger that keeps its entries, for tests that check what the admin reads. */
export function recordingLogger(): { logger: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return { logger: new JsonLineLogger((_line, entry) => entries.push(entry), 'debug'), entries };
}

/** An office database of a test, closed when the test's cleanup runs (push its close into afterEach). */
export function officeDatabaseOf(
  url: string,
  o: { logger?: Logger; timeoutMs?: number; poolSize?: number } = {},
): { db: OfficeDatabase; entries: LogEntry[] } {
  const recorded = recordingLogger();
  const db = new OfficeDatabase({
    address: officeAddress(url),
    logger: o.logger ?? recorded.logger,
    timeoutMs: o.timeoutMs ?? 10_000,
    ...(o.poolSize ? { poolSize: o.poolSize } : {}),
  });
  return { db, entries: recorded.entries };
}
