import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Protocol } from 'electron';
import { protocol } from 'electron';
import { APP_SCHEME, isAppUrl, resolveAppAsset } from '../core/shell/app-url';
import type { ContentLocator } from '../core/transfer/document-content';
import { openDocumentContent } from '../core/transfer/document-content';
import type { Logger } from '../core/util/logger';
import { documentTransfer } from '../../shared/ipc/channels/documents';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';

/** Must run before `app.whenReady()`: app:// becomes a standard, secure origin (like https). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

const BASE_HEADERS = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff' };

/** A preview reads a document by Range from app://intake/api/documents/<id>/content (the same path as the web shell). */
async function serveContent(id: string, range: string | null, documents: ContentLocator | undefined) {
  if (!documents) return new Response('Not ready', { status: 503, headers: BASE_HEADERS });
  const answer = await openDocumentContent(documents, id, range ?? undefined);
  if ('error' in answer) {
    return new Response(JSON.stringify({ ok: false, error: answer.error }), {
      status: answer.status,
      headers: { ...BASE_HEADERS, ...answer.headers, 'Content-Type': 'application/json' },
    });
  }
  return new Response(Readable.toWeb(answer.body) as ReadableStream<Uint8Array>, {
    status: answer.status,
    headers: { ...BASE_HEADERS, ...answer.headers },
  });
}

/**
 * Serves the built renderer folder on app://intake/ (the path logic, no escape, lives in the core) and
 * documents' bytes for the preview by Range, so no file ever crosses IPC as bytes.
 */
export function serveAppProtocol(
  target: Protocol,
  rendererDir: string,
  logger: Logger,
  documents: () => ContentLocator | undefined = () => undefined,
): void {
  target.handle(APP_SCHEME, async (request) => {
    const content = isAppUrl(request.url) ? documentTransfer.contentPattern.exec(new URL(request.url).pathname) : null;
    if (content) {
      try {
        return await serveContent(decodeURIComponent(content[1] ?? ''), request.headers.get('range'), documents());
      } catch (error) {
        logger.warn('app protocol: document content not served', { url: request.url, error });
        return new Response('Not found', { status: 404 });
      }
    }
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
