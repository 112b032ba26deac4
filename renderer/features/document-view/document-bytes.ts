import type { ContentSource } from '../../../shared/ipc/api';
import { IpcErrorSchema, IpcCallError } from '../../../shared/ipc/errors';

/** An answer that is not the bytes: the shell's IpcError (file.missing …) or one made from the status. */
async function failure(response: Response): Promise<IpcCallError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = IpcErrorSchema.safeParse((body as { error?: unknown } | undefined)?.error);
  return new IpcCallError(
    parsed.success
      ? parsed.data
      : { code: 'content.http', message: `The preview could not be read (HTTP ${response.status}).`, retryable: true },
  );
}

/** Bytes [start, end] (inclusive) of a document and its total size, read by HTTP Range. */
export async function readRange(
  source: ContentSource,
  start: number,
  end: number,
  signal?: AbortSignal,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; total: number }> {
  const response = await fetch(source.url, {
    headers: { ...source.headers, Range: `bytes=${start}-${end}` },
    ...(signal ? { signal } : {}),
  });
  if (response.status !== 206 && response.status !== 200) throw await failure(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const total = Number(/\/(\d+)$/.exec(response.headers.get('Content-Range') ?? '')?.[1] ?? bytes.length);
  // A 200 is the whole file: cut it to the asked range (pdf.js counts on exact chunks).
  return { bytes: response.status === 200 ? bytes.slice(start, end + 1) : bytes, total };
}

/** The whole document as a Blob (images), refused above maxBytes so a huge file never fills the page. */
export async function readWhole(
  source: ContentSource,
  contentType: string,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Blob | undefined> {
  const response = await fetch(source.url, { headers: source.headers, ...(signal ? { signal } : {}) });
  if (response.status !== 200) throw await failure(response);
  if (Number(response.headers.get('Content-Length') ?? '0') > maxBytes) {
    await response.body?.cancel();
    return undefined;
  }
  return new Blob([await response.arrayBuffer()], { type: contentType });
}
