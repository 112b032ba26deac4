import type { Scope } from '../../shared/platform/token';
import { sendJson } from '../http/http-io';
import { discardRestOfBody } from '../http/lingering-close';
import type { RequestContext } from '../http/route-table';
import type { AccessTokenClaims, AccessTokens } from './access-tokens';

/**
 * RFC 6750 bearer check. Answers the request itself on failure and returns undefined:
 * 401 without error code when no token was sent, 401 invalid_token, 403 insufficient_scope. The request's
 * body is then read and discarded (up to a limit), so a client still sending it gets the answer.
 */
export async function requireBearer(
  ctx: RequestContext,
  tokens: AccessTokens,
  scope: Scope,
): Promise<AccessTokenClaims | undefined> {
  const header = ctx.req.headers.authorization;
  const match = header !== undefined ? /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header) : null;
  if (header === undefined || !/^bearer /i.test(header)) {
    deny(ctx, 401, 'Bearer realm="claim-handling"', 'unauthorized', 'an access token is required');
    return undefined;
  }
  const claims = match?.[1] ? await tokens.verify(match[1]) : undefined;
  if (!claims) {
    deny(
      ctx,
      401,
      'Bearer realm="claim-handling", error="invalid_token", error_description="the access token is invalid or expired"',
      'invalid_token',
      'the access token is invalid or expired',
    );
    return undefined;
  }
  if (!claims.scopes.includes(scope)) {
    deny(
      ctx,
      403,
      `Bearer realm="claim-handling", error="insufficient_scope", scope="${scope}"`,
      'insufficient_scope',
      `this API needs the scope ${scope}`,
    );
    return undefined;
  }
  return claims;
}

function deny(ctx: RequestContext, status: number, challenge: string, error: string, description: string): void {
  sendJson(ctx.res, status, { error, error_description: description }, { 'WWW-Authenticate': challenge });
  discardRestOfBody(ctx.req, ctx.res);
}
