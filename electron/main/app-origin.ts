import { isAppUrl } from '../core/shell/app-url';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The dev server to load the renderer from, or undefined for app://intake/. electron-vite sets
 * ELECTRON_RENDERER_URL in development; a packaged app ignores it, because whoever can set an environment
 * variable for the user would otherwise choose the page that main trusts for IPC. Even in development
 * only an http(s) server on this machine is accepted.
 */
export function rendererDevServerUrl(envValue: string | undefined, isPackaged: boolean): string | undefined {
  if (isPackaged || !envValue) return undefined;
  let u: URL;
  try {
    u = new URL(envValue);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  return LOOPBACK_HOSTS.has(u.hostname) ? envValue : undefined;
}

/**
 * The renderer is loaded from app://intake/ (see core/shell/app-url.ts) or, in development, from
 * electron-vite's dev server. Only frames from there may talk to main or navigate.
 */
export function isTrustedRendererUrl(url: string, devServerUrl?: string): boolean {
  if (isAppUrl(url)) return true;
  if (!devServerUrl) return false;
  try {
    return new URL(url).origin === new URL(devServerUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Requests the renderer's session may make: its own files, in-memory data (blob:, data: for pdf.js and
 * previews), DevTools, and in development the dev server (http and its HMR WebSocket). No remote content:
 * everything else is cancelled before it leaves the machine, on top of the CSP.
 */
export function isAllowedRendererRequest(url: string, devServerUrl?: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (isAppUrl(url)) return true;
  if (u.protocol === 'blob:' || u.protocol === 'data:' || u.protocol === 'devtools:') return true;
  if (devServerUrl) {
    const dev = new URL(devServerUrl);
    const sameHost = u.hostname === dev.hostname && u.port === dev.port;
    if (sameHost && (u.protocol === dev.protocol || u.protocol === 'ws:')) return true;
  }
  return false;
}
