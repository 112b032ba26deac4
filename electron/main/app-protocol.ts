import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { protocol } from 'electron';
import { APP_SCHEME, resolveAppAsset } from '../core/desktop/app-protocol';
import type { Logger } from '../core/util/logger';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';

/** Must run before `app.whenReady()`: app:// becomes a standard, secure origin (like https). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves the built renderer folder on app://intake/; the path logic (no escape) lives in the core. */
export function serveAppProtocol(target: Protocol, rendererDir: string, logger: Logger): void {
  target.handle(APP_SCHEME, async (request) => {
    const asset = resolveAppAsset(request.url, rendererDir);
    if (!asset) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(asset.path);
      return new Response(body, {
        headers: {
          'Content-Type': asset.contentType,
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          'X-Content-Type-Options': 'nosniff',
        },
      });
    } catch (error) {
      logger.warn('app protocol: file not served', { url: request.url, error });
      return new Response('Not found', { status: 404 });
    }
  });
}
