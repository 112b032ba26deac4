import { z } from 'zod';

/**
 * Where plain http is allowed: this machine only (the embedded local sandbox, test servers). Everything
 * that carries a credential — the client secret to the token URL, the bearer token to the API — goes
 * over https anywhere else. zod parses with the WHATWG URL parser (the one fetch uses), so the host
 * checked is the host connected to (`http://evil.example\@localhost` is evil.example).
 */
export const LOOPBACK_HOSTNAME = /^(127\.0\.0\.1|\[::1\]|localhost)$/;
const HTTPS = z.url({ protocol: /^https$/ });
const LOOPBACK_HTTP = z.url({ protocol: /^http$/, hostname: LOOPBACK_HOSTNAME });

export const HTTPS_REQUIRED = 'use https (plain http only on this machine: 127.0.0.1, ::1 or localhost)';

/** Why this URL may not carry credentials, or undefined when it may (https, or http on loopback). */
export function insecureUrlProblem(url: string): string | undefined {
  return HTTPS.safeParse(url).success || LOOPBACK_HTTP.safeParse(url).success ? undefined : HTTPS_REQUIRED;
}
