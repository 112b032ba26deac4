import { CLIENT_ASSERTION_TYPE, TokenResponseSchema } from '../../../shared/platform/token';
import { insecureUrlProblem } from '../../../shared/domain/secure-url';
import type { Environment } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';
import type { HttpFetch } from '../http/http-fetch';
import { requestSignal } from '../http/request-signal';
import { classifyHttpError, classifyRequestFailure } from '../http/classify-http-error';
import type { CredentialSource } from '../secrets/credential-store';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { signClientAssertion } from './client-assertion-signer';
import { tokenEndpointError } from './token-errors';

/**
 * Renew this long before expiry: 60 s or 10 % of the lifetime, whichever is smaller, so a short-lived
 * sandbox token is not renewed on every call and a long one is not used in its last minute.
 */
export function refreshMarginMs(lifetimeMs: number): number {
  return Math.min(60_000, lifetimeMs * 0.1);
}

export const TOKEN_REQUEST_TIMEOUT_MS = 30_000;

export function tokenEndpointUrl(environment: Pick<Environment, 'tokenUrl'>): string {
  return `${environment.tokenUrl.replace(/\/+$/, '')}/connect/token`;
}

export interface AccessToken {
  value: string;
  /** Our clock, ms. */
  expiresAt: number;
  refreshAt: number;
}

export type TokenStatus =
  { token: 'valid'; expiresAt: number } | { token: 'none' } | { token: 'error'; error: IntakeError };

export interface TokenClientOptions {
  environment: Environment;
  credentials: CredentialSource;
  fetch: HttpFetch;
  clock: Clock;
  logger: Logger;
  timeoutMs?: number;
  /** Reports token state (e.g. into the ConnectionMonitor). */
  onStatus?: (status: TokenStatus) => void;
}

/**
 * OAuth 2.0 client credentials (client secret or private_key_jwt). One token is cached and shared; at
 * most one token request runs at a time however many callers wait (single flight). A configuration
 * failure (invalid_client, invalid_scope …) is remembered and thrown without asking the endpoint again
 * until `reset()` — called when settings or credentials change — so a wrong secret never loops.
 */
export class TokenClient {
  private cached?: AccessToken;
  private inflight?: Promise<AccessToken>;
  private failure?: IntakeError;
  private generation = 0;
  private readonly unsubscribe: () => void;
  readonly endpoint: string;

  constructor(private readonly options: TokenClientOptions) {
    this.endpoint = tokenEndpointUrl(options.environment);
    this.unsubscribe = options.credentials.subscribe((ref) => {
      if (ref.environmentId === options.environment.id) this.reset();
    });
  }

  /** The remembered configuration failure, if uploading is stopped because of one. */
  get configurationError(): IntakeError | undefined {
    return this.failure;
  }

  /** A valid access token: the cached one, or one fresh request shared by all callers. */
  async getToken(signal?: AbortSignal): Promise<string> {
    if (this.failure) throw this.failure;
    const now = this.options.clock.now();
    if (this.cached && now < this.cached.refreshAt) return this.cached.value;
    // Stopped already (its upload ended): no request started that nobody would wait for.
    if (signal?.aborted) throw cancelled(signal);
    if (!this.inflight) {
      this.inflight = this.refresh();
      // Each caller is told of a failure through its own await; when every caller has gone (their uploads
      // stopped), the request's failure must not be left unhandled: that ended the whole agent (logged in
      // refresh() already).
      this.inflight.catch(() => undefined);
    }
    const token = await abortable(this.inflight, signal);
    return token.value;
  }

  /** After a 401 `invalid_token`: drop this token (unless a newer one replaced it already). */
  invalidate(token: string): void {
    if (this.cached?.value === token) {
      this.cached = undefined;
      this.options.onStatus?.({ token: 'none' });
    }
  }

  /** Settings or credentials changed: forget the token and any remembered failure. */
  reset(): void {
    this.generation++;
    this.cached = undefined;
    this.inflight = undefined;
    this.failure = undefined;
    this.options.onStatus?.({ token: 'none' });
  }

  dispose(): void {
    this.unsubscribe();
  }

  private async refresh(): Promise<AccessToken> {
    const generation = this.generation;
    try {
      const token = await this.requestToken();
      if (generation === this.generation) {
        this.cached = token;
        this.options.onStatus?.({ token: 'valid', expiresAt: token.expiresAt });
      }
      return token;
    } catch (e) {
      const error = e instanceof IntakeError ? e : this.internalError(e);
      if (generation === this.generation) {
        if (isRememberedFailure(error)) this.failure = error;
        this.options.onStatus?.({ token: 'error', error });
      }
      this.options.logger.warn('token request failed', { code: error.code, kind: error.kind, status: error.status });
      throw error;
    } finally {
      if (generation === this.generation) this.inflight = undefined;
    }
  }

  /** Something our side did not expect (a key the crypto library refuses …): keep its cause in the log. */
  private internalError(cause: unknown): IntakeError {
    const error = new IntakeError(
      'local',
      'auth.internal',
      `Requesting an access token failed inside Intake Desk (${causeSummary(cause)}). The log has the details.`,
      { cause },
    );
    this.options.logger.error('token request failed inside Intake Desk', {
      code: error.code,
      cause: causeForLog(cause),
    });
    return error;
  }

  private async form(): Promise<URLSearchParams> {
    const { environment, credentials, clock } = this.options;
    // Before any credential is read: a secret or an assertion goes over https only (http to this machine).
    if (insecureUrlProblem(this.endpoint)) {
      throw new IntakeError(
        'configuration',
        'auth.insecure_token_url',
        `The token URL of environment "${environment.name}" (${environment.tokenUrl}) does not use https. Intake Desk sends credentials only over https (plain http only to this machine). Correct the token URL in Settings.`,
      );
    }
    const ref = { environmentId: environment.id, clientId: environment.clientId, tokenUrl: environment.tokenUrl };
    if (environment.clientId.trim() === '') {
      throw new IntakeError(
        'configuration',
        'auth.no_client_id',
        `No client id is set for environment "${environment.name}". Enter it in Settings.`,
      );
    }
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: environment.clientId });
    if (environment.scopes.length > 0) form.set('scope', environment.scopes.join(' '));
    if (environment.authMethod === 'client_secret') {
      const secret = await credentials.getClientSecret(ref);
      if (!secret) {
        throw new IntakeError(
          'configuration',
          'auth.missing_secret',
          `No client secret is stored for environment "${environment.name}" at ${new URL(this.endpoint).origin}. A secret is kept for the token URL it was entered for: enter it in Settings (again, if the token URL changed).`,
        );
      }
      form.set('client_secret', secret);
    } else {
      const privateKeyPem = await credentials.getPrivateKey(ref);
      if (!privateKeyPem) {
        throw new IntakeError(
          'configuration',
          'auth.missing_private_key',
          `No private key is stored for environment "${environment.name}". Generate a key pair in Settings and register its public key with the platform.`,
        );
      }
      const audience = environment.assertionAudience ?? this.endpoint;
      form.set('client_assertion_type', CLIENT_ASSERTION_TYPE);
      form.set(
        'client_assertion',
        await signClientAssertion({
          clientId: environment.clientId,
          audience,
          privateKeyPem,
          nowMs: clock.now(),
          includeKid: environment.assertionKid !== false,
        }),
      );
    }
    return form;
  }

  private redirected(cause: unknown, status?: number): IntakeError {
    return new IntakeError(
      'configuration',
      'auth.token_redirect',
      `The token endpoint ${this.endpoint} answered with a redirect${status ? ` (HTTP ${status})` : ''}. Intake Desk does not follow a redirect with the client's credentials: enter the token URL the platform documents in Settings.`,
      { cause, ...(status ? { status } : {}) },
    );
  }

  private async requestToken(): Promise<AccessToken> {
    const { environment, fetch, clock } = this.options;
    const body = await this.form();
    const host = new URL(this.endpoint).host;
    const rs = requestSignal(this.options.timeoutMs ?? TOKEN_REQUEST_TIMEOUT_MS);
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: body.toString(),
        signal: rs.signal,
        // A redirect would carry the credentials to an address nobody entered: never followed.
        redirect: 'error',
      });
      text = await response.text();
    } catch (e) {
      rs.dispose();
      if (isRedirectRefusal(e)) throw this.redirected(e);
      const error = classifyRequestFailure(e, {
        action: 'requesting an access token',
        host,
        timedOut: rs.timedOut(),
        cancelled: false,
      });
      if (error.kind === 'unreachable') {
        throw new IntakeError(
          'unreachable',
          'auth.token_endpoint_unreachable',
          `The token endpoint ${this.endpoint} cannot be reached. Check the network, the proxy and the token URL in Settings. (${error.message})`,
          { cause: e },
        );
      }
      throw error;
    }
    rs.dispose();
    // A fetch that hands back the 3xx instead of failing (a manual-redirect stack): the same refusal.
    if (response.status >= 300 && response.status < 400) throw this.redirected(undefined, response.status);
    const now = clock.now();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      if (response.status === 400 || response.status === 401) {
        const oauth = tokenEndpointError({
          status: response.status,
          body: json,
          serverDate: response.headers.get('date'),
          now,
          authMethod: environment.authMethod,
          clientId: environment.clientId,
          scopes: environment.scopes,
        });
        if (oauth) throw oauth;
      }
      throw classifyHttpError({ status: response.status, headers: response.headers, body: json, now });
    }
    const parsed = TokenResponseSchema.safeParse(json);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new IntakeError(
        'invalid_response',
        'auth.invalid_token_response',
        `The token endpoint sent an answer without a usable ${field}.`,
        {
          status: response.status,
        },
      );
    }
    const lifetimeMs = parsed.data.expires_in * 1000;
    return {
      value: parsed.data.access_token,
      expiresAt: now + lifetimeMs,
      refreshAt: now + lifetimeMs - refreshMarginMs(lifetimeMs),
    };
  }
}

/**
 * Configuration failures the token endpoint gave us are remembered (asking again with the same wrong
 * secret could lock the client). Not a missing keychain or a proxy refusing us: their fix lies outside
 * the app's settings, so the next attempt must find out for itself.
 */
function isRememberedFailure(error: IntakeError): boolean {
  return (
    error.kind === 'configuration' &&
    error.code !== 'secrets.keychain_unavailable' &&
    !error.code.startsWith('network.')
  );
}

/** PEM blocks and long base64 runs (a key, a token, a generated secret) never reach the log. */
function scrub(text: string): string {
  return text
    .replace(/-----BEGIN [^-]+-----[\s\S]*?(-----END [^-]+-----|$)/g, '[key removed]')
    .replace(/[A-Za-z0-9+/_-]{32,}={0,2}/g, '[removed]');
}

function causeSummary(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? code : cause.name;
  }
  return typeof cause;
}

function causeForLog(cause: unknown): Record<string, unknown> {
  if (!(cause instanceof Error)) return { type: typeof cause };
  const code = (cause as { code?: unknown }).code;
  return {
    name: cause.name,
    message: scrub(cause.message),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** fetch's refusal of a redirect (redirect: 'error'): undici says "unexpected redirect", Chromium ERR_..._REDIRECT. */
function isRedirectRefusal(e: unknown): boolean {
  let current: unknown = e;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (/redirect/i.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** Lets one caller stop waiting without cancelling the request others share. */
const cancelled = (signal: AbortSignal) =>
  new IntakeError('cancelled', 'request.cancelled', 'Cancelled.', { cause: signal.reason });

function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  // An aborted signal is answered before the request starts (getToken).
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelled(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}
