import type { Session } from 'electron';

/**
 * Chromium's network stack for the core's HTTP layer: the system proxy, PAC files and NTLM/Kerberos
 * proxy authentication work as in the browser. A session of its own: the platform's traffic shares no
 * cookies or cache with the renderer, and the renderer session's request blocker does not apply to it.
 */
export function chromiumFetch(platformSession: Session) {
  return (url: string, init: RequestInit & { duplex?: 'half' }): Promise<Response> => platformSession.fetch(url, init);
}
