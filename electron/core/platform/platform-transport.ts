import type { z } from 'zod';
import { IntakeError } from '../errors';
import type { HttpFetch } from '../http/http-fetch';
import { requestSignal } from '../http/request-signal';
import { DEFAULT_REQUEST_TIMEOUT_MS, requestTimeoutMs } from '../http/request-timeout';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { classifyHttpError, classifyRequestFailure } from '../http/classify-http-error';

export { DEFAULT_REQUEST_TIMEOUT_MS };

export interface TokenSource {
  getToken(signal?: AbortSignal): Promise<string>;
  invalidate(token: string): void;
}

export interface RequestBody {
  body: NonNullable<RequestInit['body']>;
  headers: Record<string, string>;
  /** The body's size in bytes, when known: the request's timeout grows with it (request-timeout.ts). */
  total?: number;
  /** For streamed bodies: how many bytes the transport pulled (decides unreachable vs ambiguous). */
  bytesSent?(): number;
  dispose?(): void;
  /** Called after a 2xx answer was read in full: the body's buffers may be reused. */
  recycle?(): void;
}

export interface PlatformRequest<T> {
  method: 'GET' | 'POST';
  url: string;
  /** For messages: "uploading scan.pdf", "searching customers". */
  action: string;
  schema: z.ZodType<T>;
  headers?: Record<string, string>;
  /** Built again for each attempt: a stream cannot be sent twice. Gets `touch` to report progress. */
  body?: (touch: () => void) => Promise<RequestBody> | RequestBody;
  signal?: AbortSignal;
  /** Fixed inactivity timeout; without it, the transport's base scaled to the body's size (requestTimeoutMs). */
  timeoutMs?: number;
  /**
   * An endpoint's declared error bodies that are answers, not failures (validate-account's rejections):
   * the value to resolve with, or undefined to map the status as for any other endpoint.
   */
  answerError?: (status: number, body: unknown) => T | undefined;
}

/**
 * Sends one API request with a bearer token: retries ONCE with a fresh token when the platform answers
 * 401 (the token may have expired or been revoked server-side), turns every failure into an IntakeError
 * and validates the answer with the endpoint's zod shape.
 */
export class PlatformTransport {
  constructor(
    private readonly fetch: HttpFetch,
    private readonly tokens: TokenSource,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly defaultTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
  ) {}

  async send<T>(request: PlatformRequest<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.getToken(request.signal);
      const outcome = await this.attempt(request, token);
      if (outcome.kind === 'unauthorized' && attempt === 0) {
        this.logger.info('access token rejected; retrying once with a fresh token', { action: request.action });
        this.tokens.invalidate(token);
        continue;
      }
      if (outcome.kind === 'unauthorized') throw outcome.error;
      return outcome.value;
    }
  }

  private async attempt<T>(
    request: PlatformRequest<T>,
    token: string,
  ): Promise<{ kind: 'ok'; value: T } | { kind: 'unauthorized'; error: IntakeError }> {
    const url = new URL(request.url);
    let prepared: RequestBody | undefined;
    // The body is prepared first: its size decides the timeout. Progress before the signal exists (none:
    // a body produces nothing before fetch pulls) has nothing to restart.
    const progress = { touch: (): void => undefined };
    try {
      prepared = request.body ? await request.body(() => progress.touch()) : undefined;
    } catch (e) {
      if (e instanceof IntakeError) throw e;
      throw new IntakeError(
        'local',
        'request.prepare_failed',
        `Preparing the request failed while ${request.action}.`,
        { cause: e },
      );
    }
    const rs = requestSignal(
      request.timeoutMs ?? requestTimeoutMs(prepared?.total ?? 0, this.defaultTimeoutMs),
      request.signal,
    );
    progress.touch = rs.touch;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(request.url, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...request.headers,
          ...prepared?.headers,
          authorization: `Bearer ${token}`,
        },
        ...(prepared ? { body: prepared.body } : {}),
        ...(prepared && prepared.body instanceof ReadableStream ? { duplex: 'half' as const } : {}),
        signal: rs.signal,
        redirect: 'error',
      });
      rs.touch();
      text = await response.text();
    } catch (e) {
      throw classifyRequestFailure(e, {
        action: request.action,
        host: url.host,
        timedOut: rs.timedOut(),
        cancelled: rs.cancelled(),
        ...(prepared?.bytesSent ? { bytesSent: prepared.bytesSent() } : {}),
      });
    } finally {
      rs.dispose();
      prepared?.dispose?.();
    }

    if (response.ok) prepared?.recycle?.();
    const json = parseJson(text);
    if (!response.ok) {
      const answer = json.ok ? request.answerError?.(response.status, json.value) : undefined;
      if (answer !== undefined) return { kind: 'ok', value: answer };
      const error = classifyHttpError({
        status: response.status,
        headers: response.headers,
        body: json.ok ? json.value : text,
        now: this.clock.now(),
      });
      if (response.status === 401) return { kind: 'unauthorized', error };
      throw error;
    }
    if (!json.ok) {
      throw new IntakeError(
        'invalid_response',
        'platform.malformed_json',
        `The platform's answer to ${request.action} is not valid JSON (HTTP ${response.status}).`,
        {
          status: response.status,
        },
      );
    }
    const parsed = request.schema.safeParse(json.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(whole answer)';
      throw new IntakeError(
        'invalid_response',
        'platform.invalid_response',
        `The platform's answer to ${request.action} has a missing or invalid field "${field}": ${issue?.message ?? 'unexpected shape'}.`,
        {
          status: response.status,
          fields: Object.fromEntries(
            parsed.error.issues.slice(0, 10).map((i) => [i.path.join('.') || '(root)', i.message]),
          ),
        },
      );
    }
    return { kind: 'ok', value: parsed.data };
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
