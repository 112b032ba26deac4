import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { PassThrough } from 'node:stream';
import FormData from 'form-data';
import { IntakeError } from '../errors';

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
}

/** Multipart field name of the file (spec: one part named file). */
export const FILE_FIELD = 'file';

/**
 * Streams the file as multipart/form-data: fs stream → form-data → a web ReadableStream that fetch pulls
 * from (`duplex: 'half'`). Nothing is read whole into memory; every chunk fetch pulls counts as progress.
 * Content-Length is known up front (file size + part headers), so no chunked encoding is needed.
 */
export async function prepareMultipartBody(
  file: MultipartFile,
  onChunk: (sent: number, total: number) => void,
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
  const fileStream = createReadStream(file.filePath, { highWaterMark: 64 * 1024 });
  const form = new FormData();
  form.append(FILE_FIELD, fileStream, { filename: file.fileName, contentType: file.contentType });
  // getLength, not getLengthSync: form-data treats knownLength 0 (an empty file) as unknown.
  const total = await new Promise<number>((resolve, reject) => form.getLength((e, n) => (e ? reject(e) : resolve(n))));
  const pipe = new PassThrough({ highWaterMark: 64 * 1024 });
  form.on('error', (e: Error) => pipe.destroy(e));
  fileStream.on('error', (e) => pipe.destroy(e));
  form.pipe(pipe);
  const chunks = pipe[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let sent = 0;
  const dispose = () => {
    fileStream.destroy();
    pipe.destroy();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) {
            controller.close();
            return;
          }
          const chunk = next.value;
          sent += chunk.byteLength;
          onChunk(sent, total);
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch (e) {
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
    headers: { ...(form.getHeaders() as Record<string, string>), 'content-length': String(total) },
    total,
    bytesSent: () => sent,
    dispose,
  };
}
