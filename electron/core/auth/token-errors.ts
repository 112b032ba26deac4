import { TokenErrorResponseSchema } from '../../../shared/platform/token';
import type { AuthMethod } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';

/** Above this difference between the platform's Date header and our clock we blame the clock. */
export const CLOCK_SKEW_TOLERANCE_MS = 30_000;

export interface TokenErrorContext {
  status: number;
  body: unknown;
  /** The server's Date header, if any, and our clock when the answer arrived. */
  serverDate: string | null;
  now: number;
  authMethod: AuthMethod;
  clientId: string;
  scopes: string[];
}

function clockSkewMs(serverDate: string | null, now: number): number | undefined {
  if (!serverDate) return undefined;
  const at = Date.parse(serverDate);
  return Number.isNaN(at) ? undefined : now - at;
}

function describeSkew(skewMs: number): string {
  const seconds = Math.round(Math.abs(skewMs) / 1000);
  return `This computer's clock is ${seconds} s ${skewMs > 0 ? 'ahead of' : 'behind'} the platform's clock`;
}

/**
 * An OAuth error answer (400 or 401: IdentityServer uses 400) → an IntakeError of kind 'configuration',
 * which the token client remembers until settings or credentials change. Returns undefined when the body
 * is not an OAuth error (then the status mapping applies).
 */
export function tokenEndpointError(ctx: TokenErrorContext): IntakeError | undefined {
  const parsed = TokenErrorResponseSchema.safeParse(ctx.body);
  if (!parsed.success) return undefined;
  const { error, error_description: description } = parsed.data;
  const said = description ? ` The token endpoint said: "${description}".` : '';
  const opts = { status: ctx.status };
  const skew = clockSkewMs(ctx.serverDate, ctx.now);
  const assertionTimeRejected = /\b(exp|iat|nbf|expired|not yet valid|lifetime|future|clock)\b/i.test(
    description ?? '',
  );
  const skewed = skew !== undefined && Math.abs(skew) > CLOCK_SKEW_TOLERANCE_MS;

  if (
    ctx.authMethod === 'private_key_jwt' &&
    (error === 'invalid_client' || error === 'invalid_grant') &&
    (assertionTimeRejected || skewed)
  ) {
    const clock = skew === undefined ? "Check this computer's date, time and time zone" : describeSkew(skew);
    return new IntakeError(
      'configuration',
      'auth.clock_skew',
      `The platform rejected the signed client assertion because of its time stamps. ${clock}; set the clock to synchronise automatically and try again.${said}`,
      opts,
    );
  }
  switch (error) {
    case 'invalid_client':
      return new IntakeError(
        'configuration',
        'auth.invalid_client',
        ctx.authMethod === 'client_secret'
          ? `The platform rejected client "${ctx.clientId}": the client id or the client secret is wrong, or the secret was revoked. Enter the current secret in Settings.${said}`
          : `The platform rejected client "${ctx.clientId}": the client id is wrong or the public key of this computer's key pair is not registered for it. Export the public key from Settings and register it.${said}`,
        opts,
      );
    case 'unauthorized_client':
      return new IntakeError(
        'configuration',
        'auth.unauthorized_client',
        `Client "${ctx.clientId}" is not allowed to use the client credentials flow with this method. Ask the platform to enable it.${said}`,
        opts,
      );
    case 'invalid_scope':
      return new IntakeError(
        'configuration',
        'auth.invalid_scope',
        `The platform does not grant the scope(s) ${ctx.scopes.join(', ') || '(none)'} to client "${ctx.clientId}". Remove unknown scopes in Settings or ask the platform to grant them.${said}`,
        opts,
      );
    default:
      return new IntakeError(
        'configuration',
        `auth.${error.replace(/[^a-z_]/gi, '') || 'token_error'}`,
        `The token endpoint refused the request (${error}).${said}`,
        opts,
      );
  }
}
