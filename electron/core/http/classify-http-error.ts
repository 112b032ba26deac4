import { z } from 'zod';
import { PlatformErrorSchema } from '../../../shared/platform/common';
import type { PlatformError } from '../../../shared/platform/common';
import { IntakeError } from '../errors';
import type { ErrorKind } from '../errors';
import { isNotConnectedCode, networkErrorCode, proxyTunnelStatus } from './network-error';

/**
 * The ONE place where an HTTP status becomes an error kind (docs/platform-choices.md, "Core client").
 * The queue acts on `kind`; the clerk reads `message`; `platformErrors` keep what the platform said.
 */
export interface HttpFailure {
  status: number;
  headers: Headers;
  /** Parsed JSON body when there was one, else the raw text or undefined. */
  body: unknown;
  /** Our clock, to turn an HTTP-date Retry-After into a delay. */
  now: number;
}

const ErrorsBodySchema = z.object({ errors: z.array(PlatformErrorSchema) });

export function platformErrorsOf(body: unknown): PlatformError[] | undefined {
  const parsed = ErrorsBodySchema.safeParse(body);
  return parsed.success && parsed.data.errors.length > 0 ? parsed.data.errors : undefined;
}

/** Retry-After is either delay-seconds or an HTTP-date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function kindForStatus(status: number): ErrorKind {
  if (status === 400 || status === 422) return 'validation';
  if (status === 401) return 'auth';
  if (status === 403) return 'configuration';
  if (status === 404) return 'not_found';
  // 409: an Idempotency-Key still in progress (draft-ietf-httpapi-idempotency-key-header) → ask again later.
  if (status === 408 || status === 409 || status === 502 || status === 504) return 'ambiguous';
  if (status === 429) return 'rate_limited';
  if (status === 503) return 'unavailable';
  if (status >= 500) return 'server';
  return 'validation';
}

const MESSAGES: Record<ErrorKind, string> = {
  validation: 'The platform rejected the request',
  auth: 'The platform did not accept the access token',
  configuration:
    'This client is not allowed to use this function (missing scope or permission). Ask your IT administrator to check the client and its scopes.',
  not_found: 'The platform does not know this item',
  ambiguous: 'The platform did not answer in time; the request may or may not have been processed',
  rate_limited: 'The platform asks us to slow down; we will try again later',
  unavailable: 'The platform is temporarily unavailable; we will try again later',
  server: 'The platform had an internal error',
  unreachable: 'The platform cannot be reached',
  invalid_response: 'The platform sent an answer Intake Desk does not understand',
  cancelled: 'Cancelled',
  local: 'A local problem occurred',
};

const CODES: Record<ErrorKind, string> = {
  validation: 'platform.validation',
  auth: 'auth.token_rejected',
  configuration: 'auth.insufficient_scope',
  not_found: 'platform.not_found',
  ambiguous: 'platform.ambiguous',
  rate_limited: 'platform.rate_limited',
  unavailable: 'platform.unavailable',
  server: 'platform.server_error',
  unreachable: 'network.unreachable',
  invalid_response: 'platform.invalid_response',
  cancelled: 'request.cancelled',
  local: 'local.error',
};

export function classifyHttpError(failure: HttpFailure): IntakeError {
  const { status, headers, body, now } = failure;
  const kind = kindForStatus(status);
  const platformErrors = platformErrorsOf(body);
  const said = platformErrors?.map((e) => e.message).join('; ');
  const message = `${MESSAGES[kind]} (HTTP ${status})${said ? `: ${said}` : '.'}`;
  const retryAfterMs =
    kind === 'rate_limited' || kind === 'unavailable' ? parseRetryAfter(headers.get('retry-after'), now) : undefined;
  return new IntakeError(kind, status === 413 ? 'platform.too_large' : CODES[kind], message, {
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(platformErrors ? { platformErrors } : {}),
  });
}

export interface RequestFailureContext {
  /** What we were doing, for the message: "uploading scan.pdf", "searching customers". */
  action: string;
  host: string;
  timedOut: boolean;
  cancelled: boolean;
  /** Bytes of the request body the transport had pulled; undefined when we cannot tell. */
  bytesSent?: number;
}

/**
 * A request that got no HTTP status. Nothing connected → `unreachable` (safe to repeat); connected and
 * then lost (reset, hang up, timeout) → `ambiguous`: the platform may have acted on it.
 */
export function classifyRequestFailure(error: unknown, ctx: RequestFailureContext): IntakeError {
  if (error instanceof IntakeError) return error;
  if (ctx.cancelled)
    return new IntakeError('cancelled', CODES.cancelled, `Cancelled while ${ctx.action}.`, { cause: error });
  const proxyStatus = proxyTunnelStatus(error);
  if (proxyStatus !== undefined) return proxyFailure(proxyStatus, ctx, error);
  const code = networkErrorCode(error);
  if (isNotConnectedCode(code) && !(ctx.bytesSent !== undefined && ctx.bytesSent > 0)) {
    return new IntakeError(
      'unreachable',
      CODES.unreachable,
      `Cannot reach ${ctx.host} while ${ctx.action} (${code}). Check the network connection, proxy and the server address in Settings.`,
      { cause: error },
    );
  }
  if (ctx.timedOut) {
    return new IntakeError(
      'ambiguous',
      'network.timeout',
      `${ctx.host} did not answer in time while ${ctx.action}; it may or may not have been processed.`,
      { cause: error },
    );
  }
  return new IntakeError(
    'ambiguous',
    'network.connection_lost',
    `The connection to ${ctx.host} was lost while ${ctx.action}${code ? ` (${code})` : ''}; it may or may not have been processed.`,
    { cause: error },
  );
}

/**
 * The proxy refused the tunnel, so nothing reached the host. 407 (our proxy credentials are wrong or
 * missing) and other 4xx (the proxy's policy, e.g. CONNECT only to port 443) are configuration errors:
 * every retry would get the same answer. A 5xx means the proxy could not reach the host: unreachable.
 */
function proxyFailure(status: number, ctx: RequestFailureContext, cause: unknown): IntakeError {
  if (status === 407) {
    return new IntakeError(
      'configuration',
      'network.proxy_auth',
      `The proxy refused our proxy credentials (HTTP 407 Proxy Authentication Required) while ${ctx.action} on ${ctx.host}. Check the proxy user and password (system proxy settings; for the agent the user:password in HTTPS_PROXY / HTTP_PROXY), or exempt ${ctx.host} with NO_PROXY.`,
      // No `status`: that field is the platform's answer, and the platform never saw the request.
      { cause },
    );
  }
  if (status >= 400 && status < 500) {
    return new IntakeError(
      'configuration',
      'network.proxy_refused',
      `The proxy refused to open a tunnel (CONNECT) to ${ctx.host} (HTTP ${status}) while ${ctx.action}. Proxies that allow CONNECT only to port 443 refuse other ports and http:// addresses; ask the proxy administrator to allow ${ctx.host}, or exempt it with NO_PROXY.`,
      { cause },
    );
  }
  return new IntakeError(
    'unreachable',
    'network.proxy_tunnel_failed',
    `The proxy could not connect to ${ctx.host} (HTTP ${status}) while ${ctx.action}. Check the network and the server address in Settings.`,
    { cause },
  );
}
