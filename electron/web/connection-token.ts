import { randomBytes, timingSafeEqual } from 'node:crypto';

/** Like VS Code's serve-web: the token must match this, and is compared in constant time. */
export const CONNECTION_TOKEN_PATTERN = /^[0-9A-Za-z_-]{16,}$/;
export const TOKEN_QUERY = 'tkn';
export const TOKEN_COOKIE = 'intake-tkn';

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

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
