import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Like VS Code's serve-web: the token must match this, and is compared in constant time. */
export const CONNECTION_TOKEN_PATTERN = /^[0-9A-Za-z_-]{16,}$/;
/**
 * The printed URL carries the token in its fragment (`#token=…`): browsers never send a fragment to any
 * server, so it is not in request lines, logs or Referer headers, and it never becomes a cookie (cookies
 * for 127.0.0.1 go to every port of that host, so any local listener the browser visits would get it).
 */
export const TOKEN_FRAGMENT = 'token';

export function createConnectionToken(): string {
  return randomBytes(24).toString('base64url');
}

export function assertValidConnectionToken(token: string): void {
  if (!CONNECTION_TOKEN_PATTERN.test(token)) {
    throw new Error('The connection token must be at least 16 characters of 0-9, A-Z, a-z, _ and -.');
  }
}

export function tokensEqual(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `Authorization: Bearer <token>`: how the page's HTTP calls (drop, preview) carry the token. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([0-9A-Za-z_-]+)$/.exec(header ?? '');
  return match?.[1];
}
