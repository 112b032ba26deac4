import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { IpcError } from '../../../shared/ipc/errors';
import { IntakeError, toIpcError } from '../errors';
import { parseRange } from './byte-range';

export interface ContentLocator {
  contentFile(id: string): { path: string; contentType: string } | Promise<{ path: string; contentType: string }>;
}

/** An answer to a preview's read, the same for the web shell (Node http) and Electron (app:// Response). */
export type ContentAnswer =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  | { status: 404 | 416; headers: Record<string, string>; error: IpcError };

const FILE_MISSING = new IntakeError(
  'not_found',
  'file.missing',
  'The file of this document is no longer available (archive retention or deleted).',
);

/**
 * Reads a document's bytes by HTTP Range, straight from its spool or archive file: a 2 GiB scan is never
 * read whole (nor turned into a string), the preview asks for the parts it shows. The size comes from the
 * opened handle, so a file swapped after the lookup cannot lie about it.
 */
export async function openDocumentContent(
  documents: ContentLocator,
  id: string,
  rangeHeader: string | undefined,
): Promise<ContentAnswer> {
  let file: { path: string; contentType: string };
  try {
    file = await documents.contentFile(id);
  } catch (e) {
    return { status: 404, headers: {}, error: toIpcError(e) };
  }
  const handle = await open(file.path, 'r').catch(() => undefined);
  if (!handle) return { status: 404, headers: {}, error: toIpcError(FILE_MISSING) };
  try {
    const { size } = await handle.stat();
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') {
      await handle.close();
      return {
        status: 416,
        headers: { 'Content-Range': `bytes */${size}` },
        error: { code: 'content.range', message: 'The requested range is outside the file.', retryable: false },
      };
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const headers: Record<string, string> = {
      'Content-Type': file.contentType,
      'Content-Length': String(Math.max(0, end - start + 1)),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'no-store',
    };
    if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    // An empty file has no byte to read (a stream with end < start would read to the end).
    if (size === 0) await handle.close();
    const body = size === 0 ? Readable.from([]) : handle.createReadStream({ start, end, autoClose: true });
    return { status: range ? 206 : 200, headers, body };
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}
