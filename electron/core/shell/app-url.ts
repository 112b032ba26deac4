import { extname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The renderer is served from `app://intake/…` instead of file://: a standard, secure scheme gives the page
 * a real origin (CSP 'self' means our files only), and lets the packaged app turn off the
 * grantFileProtocolExtraPrivileges fuse (Electron security checklist item 18).
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'intake';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
};

/** True for URLs of the app's own pages; anything else (remote, file://, another host) is foreign. */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.hostname === APP_HOST && u.port === '' && u.username === '';
  } catch {
    return false;
  }
}

/**
 * Maps an app:// URL to a file inside the built renderer folder, or undefined (→ 404). Percent-encoded
 * `..`, backslashes, NUL and absolute paths cannot leave the folder.
 */
export function resolveAppAsset(url: string, rootDir: string): { path: string; contentType: string } | undefined {
  if (!isAppUrl(url)) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const root = resolve(rootDir);
  const path = resolve(root, '.' + pathname);
  const rel = relative(root, path);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return undefined;
  return { path, contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream' };
}
