import type { FileHandle } from 'node:fs/promises';
import { open, stat } from 'node:fs/promises';
import FormData from 'form-data';
import { IntakeError } from '../errors';
import { BufferPool } from '../util/buffer-pool';

export interface MultipartFile {
  filePath: string;
  /** Sent raw (UTF-8) in the part's filename; form-data 4.0.6 escapes `"`, CR and LF. */
  fileName: string;
  contentType: string;
  /** Size when the document was queued; a different size on disk means the file changed. */
  size: number;
}

export interface PreparedBody {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
  total: number;
  bytesSent(): number;
  dispose(): void;
  /** After a 2xx answer was read: the read buffers go back to the pool (see prepareMultipartBody). */
  recycle(): void;
}

/** Multipart field name of the file (spec: one part named file). */
export const FILE_FIELD = 'file';

/** Read size of the file part: large reads keep syscalls and stream hand-offs per MB low. */
export const READ_CHUNK_BYTES = 1 << 20;

/** Buffers a body gives back: its last two (one read ahead); older ones are left to the GC. */
const RECYCLED_PER_BODY = 2;

/** Read buffers for uploads: two per upload in flight (one read ahead), at concurrency 4. */
export function uploadBufferPool(): BufferPool {
  return new BufferPool(READ_CHUNK_BYTES, 8);
}

/**
 * Streams the file as multipart/form-data: a pull-based web ReadableStream (`duplex: 'half'`) that reads
 * the next 1 MiB of the file only when fetch asks for it. Nothing is read whole into memory; every chunk
 * fetch pulls counts as progress.
 * Content-Length is known up front (file size + part headers), so no chunked encoding is needed.
 *
 * The chunks are views of buffers from `buffers`. They go back only through recycle(), which the transport
 * calls after a 2xx answer was read in full, and only when every chunk was pulled and no read is in
 * flight: the platform answered after it received the closing boundary, so every byte of those buffers
 * has left the process. On any other outcome (error, early answer, cancel) they are left to the GC,
 * because the fetch implementation might still hold a chunk.
 */
export async function prepareMultipartBody(
  file: MultipartFile,
  onChunk: (sent: number, total: number) => void,
  buffers: BufferPool = uploadBufferPool(),
): Promise<PreparedBody> {
  let size: number;
  try {
    const info = await stat(file.filePath);
    if (!info.isFile()) throw new Error('not a file');
    size = info.size;
  } catch (e) {
    throw new IntakeError(
      'local',
      'file.missing',
      `The file ${file.fileName} can no longer be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
      { cause: e },
    );
  }
  if (size !== file.size) {
    throw new IntakeError(
      'local',
      'file.changed',
      `The file ${file.fileName} changed on disk since it was queued (${file.size} → ${size} bytes).`,
    );
  }
  // form-data builds the part header (its escaping and file-name rules); the bytes are read here, 1 MiB at
  // a time, so the upload is not chopped into 64 KiB pieces through two intermediate Node streams.
  const form = new FormData();
  form.append(FILE_FIELD, Buffer.alloc(0), { filename: file.fileName, contentType: file.contentType });
  const footer = Buffer.from(`\r\n--${form.getBoundary()}--\r\n`);
  const whole = form.getBuffer();
  const header = whole.subarray(0, whole.length - footer.length);
  const total = header.length + size + footer.length;
  let handle: FileHandle | undefined;
  let ahead: Promise<Uint8Array> | undefined;
  // Only the last few buffers are remembered for recycle(): a 1 GiB upload must not keep 1,024 of them.
  const taken: Buffer[] = [];
  const readAt = async (h: FileHandle, position: number): Promise<Uint8Array> => {
    const want = Math.min(READ_CHUNK_BYTES, size - position);
    const buffer = buffers.take();
    taken.push(buffer);
    if (taken.length > RECYCLED_PER_BODY) taken.shift();
    const { bytesRead } = await h.read(buffer, 0, want, position);
    return buffer.subarray(0, bytesRead);
  };
  let fileRead = 0;
  let sent = 0;
  let disposed = false;
  let headerSent = false;
  let complete = false;
  const dispose = () => {
    disposed = true;
    const h = handle;
    handle = undefined;
    // A read still in flight finishes (its result is dropped) before the handle closes.
    void (ahead ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => h?.close())
      .catch(() => undefined);
    ahead = undefined;
  };
  const emit = (controller: ReadableStreamDefaultController<Uint8Array>, chunk: Uint8Array) => {
    sent += chunk.byteLength;
    onChunk(sent, total);
    controller.enqueue(chunk);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      // Nothing is produced before fetch pulls: bytesSent() === 0 means "never reached the platform".
      async pull(controller) {
        // The request is over (answered, failed or cancelled): a late pull must not open the file again.
        if (disposed) return controller.error(new Error(`the upload body of ${file.fileName} was disposed`));
        try {
          if (!headerSent) {
            headerSent = true;
            emit(controller, header);
            return;
          }
          if (fileRead < size) {
            if (!handle) {
              const opened = await open(file.filePath, 'r');
              if (disposed) {
                await opened.close();
                return controller.error(new Error(`the upload body of ${file.fileName} was disposed`));
              }
              handle = opened;
            }
            // The next chunk is read while fetch writes this one (read-ahead of one chunk, started only
            // after fetch's first pull, so nothing is produced before the request starts).
            const chunk = await (ahead ?? readAt(handle, fileRead));
            ahead = undefined;
            if (disposed) return controller.error(new Error(`the upload body of ${file.fileName} was disposed`));
            if (chunk.byteLength === 0) throw new Error(`file ended at ${fileRead} of ${size} bytes`);
            fileRead += chunk.byteLength;
            if (fileRead < size) ahead = readAt(handle, fileRead);
            emit(controller, chunk);
            return;
          }
          emit(controller, footer);
          controller.close();
          complete = true;
          dispose();
        } catch (e) {
          dispose();
          controller.error(
            new IntakeError('local', 'file.read_failed', `Reading ${file.fileName} failed during the upload.`, {
              cause: e,
            }),
          );
        }
      },
      cancel() {
        dispose();
      },
    },
    { highWaterMark: 0 },
  );
  return {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${form.getBoundary()}`, 'content-length': String(total) },
    total,
    bytesSent: () => sent,
    dispose,
    recycle() {
      // `complete` is set only after the last read was awaited and nothing more was read ahead.
      if (!complete) return;
      for (const buffer of taken.splice(0)) buffers.give(buffer);
    },
  };
}
