import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** Serves files of the built renderer; anything resolving outside `root` is refused. */
export async function serveStatic(
  root: string,
  urlPath: string,
  res: ServerResponse,
  headers: Record<string, string>,
): Promise<boolean> {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return false;
  }
  if (rel.includes('\0')) return false;
  const target = normalize(join(root, rel === '/' ? 'index.html' : rel));
  if (target !== root && !target.startsWith(root.endsWith(sep) ? root : root + sep)) return false;
  const info = await stat(target).catch(() => undefined);
  if (!info?.isFile()) return false;
  const type = TYPES[extname(target).toLowerCase()] ?? 'application/octet-stream';
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Content-Length': String(info.size),
    'Cache-Control': type.startsWith('text/html') ? 'no-store' : 'private, max-age=3600',
  });
  createReadStream(target).pipe(res);
  return true;
}
