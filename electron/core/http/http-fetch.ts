/**
 * The HTTP layer every core service takes through its constructor. Same shape as WHATWG fetch, so the
 * Electron shell can hand in Chromium's `net.fetch` (system proxy, OS certificate store) and Node code
 * gets global fetch. `duplex: 'half'` is required by fetch for streamed request bodies (uploads).
 */
export type HttpFetch = (url: string, init: RequestInit & { duplex?: 'half' }) => Promise<Response>;
