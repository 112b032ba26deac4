import type { ServerResponse } from 'node:http';
import { CLIENT_ASSERTION_TYPE, SCOPES, type Scope } from '../../shared/platform/token';
import { readBody, sendJson } from '../http/http-io';
import type { RequestContext } from '../http/route-table';
import type { AccessTokens } from './access-tokens';
import type { ClientAssertionVerifier } from './client-assertion-verifier';
import type { ClientRegistry, RegisteredClient } from './client-registry';

type TokenError =
  'invalid_request' | 'invalid_client' | 'unsupported_grant_type' | 'invalid_scope' | 'unauthorized_client';

export interface TokenEndpointDeps {
  clients: ClientRegistry;
  assertions: ClientAssertionVerifier;
  tokens: AccessTokens;
  onRequest: () => void;
}

/** POST /connect/token: RFC 6749 §4.4 client credentials, client secret or RFC 7523 assertion. */
export async function handleTokenRequest(ctx: RequestContext, deps: TokenEndpointDeps): Promise<void> {
  deps.onRequest();
  const { req, res } = ctx;
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const body = await readBody(req, 64 * 1024);
  const usedBasic = /^basic /i.test(req.headers.authorization ?? '');
  const fail = (error: TokenError, description: string): void => sendTokenError(res, error, description, usedBasic);

  if (contentType !== 'application/x-www-form-urlencoded') {
    return fail('invalid_request', 'the token request must be application/x-www-form-urlencoded');
  }
  const form = new URLSearchParams(body.toString('utf8'));
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) return fail('invalid_request', `parameter ${name} is repeated`);
  }
  const grantType = form.get('grant_type');
  if (!grantType) return fail('invalid_request', 'grant_type is missing');
  if (grantType !== 'client_credentials') return fail('unsupported_grant_type', 'only client_credentials is supported');

  const auth = await authenticate(req.headers.authorization, form, deps);
  if (!auth.ok) return fail(auth.error, auth.description);
  const client = auth.client;
  if (deps.tokens.isRevoked(client.clientId)) return fail('invalid_client', 'client is revoked');
  if (client.scopes.length === 0) return fail('unauthorized_client', 'client may not use client_credentials');

  const requested = (form.get('scope') ?? '').split(' ').filter((s) => s.length > 0);
  let scopes: Scope[];
  if (requested.length === 0) {
    scopes = [...client.scopes];
  } else {
    const unknown = requested.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (unknown.length > 0) return fail('invalid_scope', `unknown scope: ${unknown.join(' ')}`);
    const notAllowed = requested.filter((s) => !client.scopes.includes(s as Scope));
    if (notAllowed.length > 0)
      return fail('invalid_scope', `scope not granted to this client: ${notAllowed.join(' ')}`);
    scopes = [...new Set(requested as Scope[])];
  }

  const accessToken = await deps.tokens.issue(client.clientId, scopes);
  sendJson(
    res,
    200,
    { access_token: accessToken, expires_in: deps.tokens.expiresIn, token_type: 'Bearer', scope: scopes.join(' ') },
    { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
  );
}

type AuthResult = { ok: true; client: RegisteredClient } | { ok: false; error: TokenError; description: string };

async function authenticate(
  authorization: string | undefined,
  form: URLSearchParams,
  deps: TokenEndpointDeps,
): Promise<AuthResult> {
  const basic = authorization !== undefined && /^basic /i.test(authorization) ? parseBasic(authorization) : undefined;
  if (authorization !== undefined && /^basic /i.test(authorization) && !basic) {
    return { ok: false, error: 'invalid_client', description: 'malformed HTTP Basic credentials' };
  }
  const formSecret = form.get('client_secret');
  const assertionType = form.get('client_assertion_type');
  const assertion = form.get('client_assertion');
  const methods = [basic !== undefined, formSecret !== null, assertionType !== null || assertion !== null].filter(
    Boolean,
  );
  if (methods.length > 1) {
    return { ok: false, error: 'invalid_request', description: 'use exactly one client authentication method' };
  }
  const formClientId = form.get('client_id') ?? undefined;

  if (basic) {
    if (formClientId !== undefined && formClientId !== basic.clientId) {
      return { ok: false, error: 'invalid_request', description: 'client_id differs from the Basic credentials' };
    }
    const client = deps.clients.verifySecret(basic.clientId, basic.secret);
    return client
      ? { ok: true, client }
      : { ok: false, error: 'invalid_client', description: 'client authentication failed' };
  }
  if (formSecret !== null) {
    if (!formClientId) return { ok: false, error: 'invalid_request', description: 'client_id is missing' };
    const client = deps.clients.verifySecret(formClientId, formSecret);
    return client
      ? { ok: true, client }
      : { ok: false, error: 'invalid_client', description: 'client authentication failed' };
  }
  if (assertionType !== null || assertion !== null) {
    if (assertionType !== CLIENT_ASSERTION_TYPE) {
      return {
        ok: false,
        error: 'invalid_request',
        description: `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`,
      };
    }
    if (!assertion) return { ok: false, error: 'invalid_request', description: 'client_assertion is missing' };
    const result = await deps.assertions.verify(assertion, formClientId);
    return result.ok ? result : { ok: false, error: 'invalid_client', description: result.description };
  }
  return { ok: false, error: 'invalid_client', description: 'no client authentication' };
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded before base64. */
function parseBasic(header: string): { clientId: string; secret: string } | undefined {
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return undefined;
  try {
    const unform = (s: string): string => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: unform(decoded.slice(0, colon)), secret: unform(decoded.slice(colon + 1)) };
  } catch {
    return undefined;
  }
}

/** RFC 6749 §5.2: 400, except invalid_client after HTTP Basic → 401 with a Basic challenge. */
function sendTokenError(res: ServerResponse, error: TokenError, description: string, usedBasic: boolean): void {
  const challenge = error === 'invalid_client' && usedBasic;
  sendJson(
    res,
    challenge ? 401 : 400,
    { error, error_description: description },
    {
      'Cache-Control': 'no-store',
      Pragma: 'no-cache',
      ...(challenge ? { 'WWW-Authenticate': 'Basic realm="sandbox", charset="UTF-8"' } : {}),
    },
  );
}
