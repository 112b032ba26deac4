import type { IncomingMessage } from 'node:http';
import { allowedHosts, loopbackHostAllowed } from '../core/util/loopback-host';
import { bearerToken, tokensEqual } from './connection-token';

/**
 * DNS rebinding and cross-site defence for a loopback server: the Host must be our own loopback address
 * and port, and an Origin, when sent (always for WebSocket upgrades from browsers), must be ours too.
 */
export function hostAllowed(req: IncomingMessage, port: number): boolean {
  return loopbackHostAllowed(req.headers.host, port);
}

export function originAllowed(req: IncomingMessage, port: number, required: boolean): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return !required;
  try {
    const u = new URL(origin);
    return u.protocol === 'http:' && allowedHosts(port).has(u.host.toLowerCase());
  } catch {
    return false;
  }
}

/** The token of an API request; a cookie or a query parameter never counts. */
export function bearerTokenValid(req: IncomingMessage, token: string): boolean {
  return tokensEqual(token, bearerToken(req.headers.authorization));
}
