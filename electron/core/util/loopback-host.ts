/**
 * DNS-rebinding defence for a server bound to 127.0.0.1: a page on an attacker's name that resolves to
 * 127.0.0.1 reaches the server too, but its requests carry that name in Host. Only our own loopback
 * address and name, with our port, are accepted (the web shell and the metrics endpoint both bind
 * 127.0.0.1 only, so no other address can reach them).
 */
export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

/** True when a request's Host header names this loopback server. */
export function loopbackHostAllowed(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).has(host.toLowerCase());
}
