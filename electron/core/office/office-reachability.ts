import { IntakeError } from '../errors';

/**
 * Whether the station can work with the office database now (issue #50 item 5). `unreachable`: nothing
 * answered (server down or restarting, network, DNS, a timeout); it comes back by itself. `refused`: the
 * server answered no (wrong password, no such database or user, no permission): an admin must act. In both
 * the station takes nothing new and keeps the clerk's typed work.
 */
export type OfficeReachability =
  | { state: 'connecting' }
  | { state: 'connected'; since: string }
  | { state: 'unreachable' | 'refused'; since: string; reason: string; code?: string };

/** The office database did not answer (down, restarting, the network): tried again later, not a fault of ours. */
export function isOfficeOutOfReach(e: unknown): boolean {
  return e instanceof IntakeError && e.code === 'office.unreachable';
}

// Node's socket errors: nothing reached the server, or the connection to it broke.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
// PostgreSQL's own (SQLSTATE): class 08 connection exception; the server shutting down, crashed, starting
// up; too many connections (it answers, but takes no one now: the same for the clerk, and it passes).
const SERVER_GONE = /^(08|57P01|57P02|57P03|53300)/;
// The server said no to this station: an admin must change something (28: authorization; 3D000 no such
// database; 42501 no permission).
const SERVER_REFUSED = /^(28|3D000|42501)/;
// node-postgres's own errors have no code, only these words.
const CLIENT_GONE =
  /Connection terminated|connection timeout|timeout expired|Query read timeout|Client has encountered a connection error|Connection ended|not queryable/i;

/** How a failure of the office database counts: the server out of reach, refusing us, or neither. */
export function classifyOfficeFailure(e: unknown): 'unreachable' | 'refused' | undefined {
  if (e instanceof IntakeError && e.code === 'office.unreachable') return 'unreachable';
  if (e instanceof IntakeError && (e.code === 'office.refused' || e.code === 'office.schema_newer')) return 'refused';
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || SERVER_GONE.test(code)) return 'unreachable';
    if (SERVER_REFUSED.test(code)) return 'refused';
  }
  const errors = (e as { errors?: unknown } | null)?.errors; // AggregateError: every address refused
  if (Array.isArray(errors) && errors.length > 0 && errors.every((x) => classifyOfficeFailure(x) === 'unreachable'))
    return 'unreachable';
  if (e instanceof Error && CLIENT_GONE.test(e.message)) return 'unreachable';
  return undefined;
}

/** The failure in the few words a status line and a log need: the server's message, or the socket's code. */
export function officeFailureReason(e: unknown): string {
  const err = e as { code?: unknown; message?: unknown; errors?: unknown } | null;
  const code = typeof err?.code === 'string' ? err.code : undefined;
  const message = typeof err?.message === 'string' && err.message !== '' ? err.message : undefined;
  if (message === undefined && Array.isArray(err?.errors) && err.errors.length > 0)
    return officeFailureReason(err.errors[0]);
  if (code && message && !message.includes(code)) return `${message} (${code})`;
  return message ?? code ?? String(e);
}
