import { open } from 'node:fs/promises';
import type { Document } from '../../../shared/domain/document';
import { FILE_NAME_MAX_LENGTH, fileNameProblem, lastPathSegment } from '../../../shared/domain/file-name';
import { IntakeError } from '../errors';

/**
 * Largest file a drop (or a "Send to" start) may import: the platform's digital inbox takes at most
 * 2 GiB − 1 bytes (the sandbox enforces the same), so a larger file could never be uploaded. Configurable
 * through IntakeCoreOptions.importMaxBytes (demo: --max-import-bytes).
 */
export const DEFAULT_IMPORT_MAX_BYTES = 2 * 1024 * 1024 * 1024 - 1;

export interface ImportTarget {
  importStream(fileName: string, source: AsyncIterable<Uint8Array>): Promise<Document>;
}

function tooLarge(maxBytes: number): IntakeError {
  return new IntakeError(
    'validation',
    'import.too_large',
    `The file is larger than ${maxBytes} bytes, the most Intake Desk imports (and the platform accepts).`,
    { fields: { maxBytes: String(maxBytes) } },
  );
}

/**
 * A dropped file's name is only a name: never a path into our folders. A name that could not be sent as
 * it is (a line break or another control character, longer than 255 characters) is refused here, with
 * its own code, instead of failing later at the upload.
 */
export function importName(raw: string): string {
  const name = lastPathSegment(raw);
  const problem = fileNameProblem(name);
  if (problem === 'control')
    throw new IntakeError(
      'validation',
      'import.name_control',
      'The file name contains a line break or another control character; rename the file and drop it again.',
    );
  if (problem === 'too_long')
    throw new IntakeError(
      'validation',
      'import.name_too_long',
      `The file name is longer than ${FILE_NAME_MAX_LENGTH} characters; rename the file and drop it again.`,
      { fields: { maxLength: String(FILE_NAME_MAX_LENGTH) } },
    );
  if (problem) throw new IntakeError('validation', 'import.name', 'The dropped file has no usable name.');
  return name;
}

/** Passes chunks through and fails as soon as more than maxBytes went by (the spool then removes its copy). */
async function* capped(source: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge(maxBytes);
    yield chunk;
  }
}

/**
 * The one way a file the clerk hands over becomes a document: streamed into the spool (never whole in
 * memory, never through the IPC contract), with a size cap that has its own error (import.too_large).
 */
export class DocumentImporter {
  constructor(
    private readonly target: ImportTarget,
    readonly maxBytes: number = DEFAULT_IMPORT_MAX_BYTES,
  ) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new Error(`importMaxBytes must be ≥ 1, got ${maxBytes}`);
  }

  /** `declaredBytes`: a Content-Length, refused at once when over the cap (the body is not read). */
  async fromStream(rawName: string, source: AsyncIterable<Uint8Array>, declaredBytes?: number): Promise<Document> {
    const name = importName(rawName);
    if (declaredBytes !== undefined && declaredBytes > this.maxBytes) throw tooLarge(this.maxBytes);
    return this.target.importStream(name, capped(source, this.maxBytes));
  }

  /** Electron: main reads the dropped file's path. The opened handle is checked, not the path (no swap). */
  async fromPath(path: string): Promise<Document> {
    const name = importName(path);
    const handle = await open(path, 'r').catch((e: unknown) => {
      throw new IntakeError('local', 'import.unreadable', `The file cannot be read: ${(e as Error).message}`);
    });
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new IntakeError('validation', 'import.not_a_file', 'Only files can be imported.');
      if (info.size > this.maxBytes) throw tooLarge(this.maxBytes);
      return await this.fromStream(name, handle.createReadStream({ autoClose: false }), info.size);
    } finally {
      await handle.close();
    }
  }
}
