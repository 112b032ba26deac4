import type { DocumentError } from '../../../shared/domain/document';
import { isIntakeError } from '../errors';
import type { BackoffPolicy } from './backoff';
import { fullJitterDelay } from './backoff';

/** What the queue does after a failed upload attempt. */
export type UploadDecision =
  /**
   * Try again after `delayMs`; `offline` when nothing reached the platform (the probe decides when); `busy`
   * when the platform itself said it is overloaded (429/503): reachable, but not taking uploads until then.
   */
  | { action: 'retry'; delayMs: number; offline: boolean; busy?: true; error: DocumentError }
  /** The platform (or our side) rejected it for good: state failed, shown with the platform's message. */
  | { action: 'fail'; error: DocumentError; keyConsumed: boolean }
  /** Credentials or scopes are wrong: every upload would fail the same way, so the whole queue pauses. */
  | { action: 'pause'; error: DocumentError };

/**
 * Maps an upload error (IntakeError by `kind`, see electron/core/errors.ts) to the queue's action. This is
 * the one place of the retry policy (docs/platform-choices.md, "Intake pipeline").
 * `attempt` counts the attempts made so far, including this one.
 */
export function decideAfterFailure(
  e: unknown,
  attempt: number,
  backoff: BackoffPolicy,
  random?: () => number,
): UploadDecision {
  if (!isIntakeError(e)) {
    return {
      action: 'retry',
      delayMs: fullJitterDelay(attempt, backoff, random),
      offline: false,
      error: { code: 'internal', message: e instanceof Error ? e.message : String(e), retryable: true },
    };
  }
  const error: DocumentError = {
    code: e.code,
    message: e.message,
    retryable: e.retryable,
    ...(e.status === undefined ? {} : { status: e.status }),
    ...(e.platformErrors ? { platformErrors: e.platformErrors } : {}),
  };
  switch (e.kind) {
    case 'unreachable':
      return { action: 'retry', delayMs: 0, offline: true, error };
    case 'rate_limited':
    case 'unavailable':
      return {
        action: 'retry',
        delayMs: e.retryAfterMs ?? fullJitterDelay(attempt, backoff, random),
        offline: false,
        busy: true,
        error,
      };
    case 'ambiguous':
    case 'server':
    case 'auth':
    case 'invalid_response':
      return { action: 'retry', delayMs: fullJitterDelay(attempt, backoff, random), offline: false, error };
    case 'configuration':
      return { action: 'pause', error };
    case 'cancelled':
      return { action: 'retry', delayMs: 0, offline: false, error };
    case 'validation':
    case 'not_found':
      // A definite rejection: the platform stored nothing, so the key may be replaced on the next submit.
      return { action: 'fail', error, keyConsumed: false };
    case 'local':
      return { action: 'fail', error, keyConsumed: false };
  }
}
