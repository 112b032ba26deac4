import type { DuplicateContent, HeldBy } from '../../shared/domain/document';
import type { IpcError } from '../../shared/ipc/errors';
import type { PlatformError } from '../../shared/platform/common';

/**
 * What went wrong, in the terms the queue acts on:
 * - `unreachable`: nothing reached the platform (connect refused, DNS, offline) → safe to retry.
 * - `ambiguous`: the request may have been processed (reset after the body was sent, timeout, 502/504)
 *   → retry only with the same Idempotency-Key.
 * - `rate_limited` / `unavailable`: 429 / 503, honour `retryAfterMs`.
 * - `server`: other 5xx. - `auth`: token rejected (one retry with a fresh token).
 * - `configuration`: invalid_client, unauthorized_client, invalid_scope … → stop and tell the user.
 * - `validation`: the platform rejected the input (4xx) → not retried; show the platform's message.
 * - `not_found`, `invalid_response` (malformed or unexpected body), `cancelled`, `local` (our side: file, disk).
 */
export type ErrorKind =
  | 'unreachable'
  | 'ambiguous'
  | 'rate_limited'
  | 'unavailable'
  | 'server'
  | 'auth'
  | 'configuration'
  | 'validation'
  | 'not_found'
  | 'invalid_response'
  | 'cancelled'
  | 'local';

const RETRYABLE: Record<ErrorKind, boolean> = {
  unreachable: true,
  ambiguous: true,
  rate_limited: true,
  unavailable: true,
  server: true,
  auth: true,
  configuration: false,
  validation: false,
  not_found: false,
  invalid_response: true,
  cancelled: false,
  local: false,
};

export interface IntakeErrorOptions {
  status?: number;
  retryAfterMs?: number;
  platformErrors?: PlatformError[];
  fields?: Record<string, string>;
  duplicates?: DuplicateContent[];
  /** office.held: who has the document open. */
  heldBy?: HeldBy;
  cause?: unknown;
  retryable?: boolean;
  /**
   * Its source has told the admin already, once per outage (the office database's reachability): those who
   * merely pass it on (a status read, a retry loop) log nothing of their own, or one outage writes a line
   * per try.
   */
  said?: boolean;
}

/** The one error type services throw; it crosses IPC as an IpcError (see toIpcError). */
export class IntakeError extends Error {
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly platformErrors?: PlatformError[];
  readonly fields?: Record<string, string>;
  readonly duplicates?: DuplicateContent[];
  readonly heldBy?: HeldBy;
  readonly retryable: boolean;
  readonly said: boolean;

  constructor(
    readonly kind: ErrorKind,
    /** Stable code, e.g. `auth.invalid_client`, `platform.validation`, `file.missing`. */
    readonly code: string,
    message: string,
    options: IntakeErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'IntakeError';
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.platformErrors = options.platformErrors;
    this.fields = options.fields;
    this.duplicates = options.duplicates;
    this.heldBy = options.heldBy;
    this.retryable = options.retryable ?? RETRYABLE[kind];
    this.said = options.said ?? false;
  }
}

export function isIntakeError(e: unknown): e is IntakeError {
  return e instanceof IntakeError;
}

/** Converts anything thrown into data for the renderer; unknown errors get a generic message (details stay in the log). */
export function toIpcError(e: unknown): IpcError {
  if (e instanceof IntakeError) {
    return {
      code: e.code,
      message: e.message,
      retryable: e.retryable,
      ...(e.status === undefined ? {} : { status: e.status }),
      ...(e.platformErrors ? { platformErrors: e.platformErrors } : {}),
      ...(e.fields ? { fields: e.fields } : {}),
      ...(e.duplicates ? { duplicates: e.duplicates } : {}),
      ...(e.heldBy ? { heldBy: e.heldBy } : {}),
    };
  }
  return {
    code: 'internal',
    message: 'Something went wrong inside Intake Desk; details are in the log.',
    retryable: false,
  };
}
