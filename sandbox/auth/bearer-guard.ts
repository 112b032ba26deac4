import type { ServerResponse } from 'node:http';
import type { Scope } from '../../shared/platform/token';
import { sendJson } from '../http/http-io';
import type { RequestContext } from '../http/route-table';
import type { AccessTokenClaims, AccessTokens } from './access-tokens';

/**
 * RFC 6750 bearer check. Answers the request itself on failure and returns undefined:
 * 401 without error code when no token was sent, 401 invalid_token, 403 insufficient_scope.
 */
export async function requireBearer(
  ctx: RequestContext,
  tokens: AccessTokens,
  scope: Scope,
): Promise<AccessTokenClaims | undefined> {
  const header = ctx.req.headers.authorization;
  const match = header !== undefined ? /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header) : null;
  if (header === undefined || !/^bearer /i.test(header)) {
    deny(ctx.res, 401, 'Bearer realm="claim-handling"', 'unauthorized', 'an access token is required');
    return undefined;
  }
  const claims = match?.[1] ? await tokens.verify(match[1]) : undefined;
  if (!claims) {
    deny(
      ctx.res,
      401,
      'Bearer realm="claim-handling", error="invalid_token", error_description="the access token is invalid or expired"',
      'invalid_token',
      'the access token is invalid or expired',
    );
    return undefined;
  }
  if (!claims.scopes.includes(scope)) {
    deny(
      ctx.res,
      403,
      `Bearer realm="claim-handling", error="insufficient_scope", scope="${scope}"`,
      'insufficient_scope',
      `this API needs the scope ${scope}`,
    );
    return undefined;
  }
  return claims;
}

function deny(res: ServerResponse, status: number, challenge: string, error: string, description: string): void {
  res.setHeader('Connection', 'close');
  sendJson(res, status, { error, error_description: description }, { 'WWW-Authenticate': challenge });
}
