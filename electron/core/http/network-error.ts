/**
 * Digs the system error code out of whatever fetch threw: undici wraps it as
 * `TypeError('fetch failed', { cause: Error { code: 'ECONNREFUSED' } })`, sometimes inside an
 * AggregateError (happy eyeballs), Chromium's net.fetch as `net::ERR_CONNECTION_REFUSED` in the message.
 */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (typeof current === 'object') {
      const code = (current as { code?: unknown }).code;
      if (typeof code === 'string' && code !== '') return code;
      const inner = (current as { errors?: unknown }).errors;
      if (Array.isArray(inner) && inner.length > 0) {
        const found = networkErrorCode(inner[0]);
        if (found) return found;
      }
      const message = (current as { message?: unknown }).message;
      if (typeof message === 'string') {
        const net = /net::(ERR_[A-Z_]+)/.exec(message);
        if (net?.[1]) return net[1];
        if (/socket hang up/i.test(message)) return 'ECONNRESET';
        if (/other side closed/i.test(message)) return 'UND_ERR_SOCKET';
      }
      current = (current as { cause?: unknown }).cause;
    } else {
      break;
    }
  }
  return undefined;
}

/** Codes that mean no connection was made, so the platform cannot have seen the request. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_CONNECTION_REFUSED',
  'ERR_NAME_NOT_RESOLVED',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_NETWORK_CHANGED',
  'ERR_PROXY_CONNECTION_FAILED',
  'ERR_CONNECTION_TIMED_OUT',
]);

export function isNotConnectedCode(code: string | undefined): boolean {
  return code !== undefined && NOT_CONNECTED.has(code);
}

/**
 * The HTTP status a proxy answered to our CONNECT, when that is why the request failed. Node's fetch
 * (undici's EnvHttpProxyAgent) tunnels every request, even to an http:// address, and reports a refused
 * tunnel only in a message, as UND_ERR_ABORTED: "Proxy response (407) !== 200 when HTTP Tunneling".
 * Chromium's net.fetch names a proxy authentication failure by code instead.
 */
export function proxyTunnelStatus(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string') {
      const tunnel = /Proxy response \((\d{3})\) !== 200/.exec(message);
      if (tunnel?.[1]) return Number(tunnel[1]);
      if (/net::ERR_PROXY_AUTH_(REQUESTED|UNSUPPORTED)/.test(message)) return 407;
    }
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.length > 0) {
      const found = proxyTunnelStatus(inner[0]);
      if (found !== undefined) return found;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
