import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Document } from '../../shared/domain/document';
import { documentTransfer } from '../../shared/ipc/channels/documents';
import type { IpcError, IpcResult } from '../../shared/ipc/errors';
import { toIpcError } from '../core/errors';
import type { ContentLocator } from '../core/transfer/document-content';
import { openDocumentContent } from '../core/transfer/document-content';
import type { Logger } from '../core/util/logger';
import { bearerTokenValid } from './request-guard';

export interface DocumentTransferDeps {
  importer: {
    fromStream(name: string, source: AsyncIterable<Uint8Array>, declaredBytes?: number): Promise<Document>;
  };
  content: ContentLocator;
}

const STATUS_OF: Record<string, number> = {
  'import.too_large': 413,
  'import.name': 400,
  'import.name_control': 400,
  'import.name_too_long': 400,
  'document.not_found': 404,
  'file.missing': 404,
};

function sendResult(
  res: ServerResponse,
  status: number,
  result: IpcResult<unknown>,
  headers: Record<string, string>,
): void {
  const body = JSON.stringify(result);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, error: IpcError, headers: Record<string, string>): void {
  sendResult(res, status, { ok: false, error }, headers);
}

function declaredLength(req: IncomingMessage): number | undefined {
  const raw = req.headers['content-length'];
  return raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined;
}

/**
 * The page's two HTTP calls that carry file bytes, both with `Authorization: Bearer <token>` (never a
 * cookie): POST /api/documents streams a dropped file into the importer (never whole in memory), and
 * GET /api/documents/<id>/content answers the preview by Range. Returns false for any other path.
 */
export async function handleDocumentApi(
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  deps: { transfer: DocumentTransferDeps; token: string; headers: Record<string, string>; logger: Logger },
): Promise<boolean> {
  const contentMatch = documentTransfer.contentPattern.exec(pathname);
  if (pathname !== documentTransfer.importPath && !contentMatch) return false;
  const { headers, logger } = deps;
  if (!bearerTokenValid(req, deps.token)) {
    sendError(
      res,
      401,
      { code: 'ipc.unauthenticated', message: 'Missing or wrong connection token.', retryable: false },
      { ...headers, 'WWW-Authenticate': 'Bearer', Connection: 'close' },
    );
    return true;
  }

  if (contentMatch && req.method === 'GET') {
    let id: string;
    try {
      id = decodeURIComponent(contentMatch[1] ?? '');
    } catch {
      id = '';
    }
    const answer = await openDocumentContent(deps.transfer.content, id, req.headers.range);
    if ('error' in answer) {
      sendError(res, answer.status, answer.error, { ...headers, ...answer.headers });
      return true;
    }
    // A page that switched documents cuts its reads off, often before this answer: pipeline() into a
    // response already closed throws ERR_STREAM_UNABLE_TO_PIPE and leaves the body (and its file handle)
    // open until the garbage collector closes it (DEP0137). The body is destroyed whatever happened;
    // destroying a finished stream again does nothing.
    try {
      res.writeHead(answer.status, { ...headers, ...answer.headers });
      await pipeline(answer.body, res);
    } catch (error) {
      logger.debug('web shell: preview read ended early', { error });
    } finally {
      answer.body.destroy();
    }
    return true;
  }

  if (pathname === documentTransfer.importPath && req.method === 'POST') {
    let name: string;
    try {
      name = decodeURIComponent(String(req.headers[documentTransfer.importNameHeader.toLowerCase()] ?? ''));
    } catch {
      name = '';
    }
    try {
      // Not destroyed when the importer stops early (over the cap): the 413 must still reach the page.
      const body = req.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>;
      const doc = await deps.transfer.importer.fromStream(name, body, declaredLength(req));
      sendResult(res, 201, { ok: true, value: doc }, headers);
    } catch (e) {
      if (req.destroyed && !req.complete) {
        // The page went away mid-body: nothing to answer; the spool already removed its partial copy.
        logger.info('web shell: import abandoned by the page', { name });
        return true;
      }
      const error = toIpcError(e);
      if (error.code === 'internal') logger.error('web shell: import failed', { error: e });
      // The rest of the body is not read: close the connection after the answer.
      sendError(res, STATUS_OF[error.code] ?? 500, error, req.complete ? headers : { ...headers, Connection: 'close' });
    }
    return true;
  }

  sendError(
    res,
    405,
    { code: 'ipc.method', message: 'Method not allowed.', retryable: false },
    { ...headers, Allow: contentMatch ? 'GET' : 'POST' },
  );
  return true;
}
