import type { HttpFetch } from '../http/http-fetch';

/** Is the platform reachable at all? HEAD of the base URL with a short timeout; any HTTP answer counts. */
export function createReachabilityProbe(fetch: HttpFetch, baseUrl: string, timeoutMs = 3_000): () => Promise<boolean> {
  return async () => {
    try {
      const res = await fetch(baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(timeoutMs) });
      await res.body?.cancel().catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  };
}
