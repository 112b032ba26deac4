import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open, rename, rm } from 'node:fs/promises';
import { IntakeError } from '../errors';
import { PRIVATE_FILE_MODE } from '../util/private-files';
import type { Spool } from './spool';

/** A document's bytes as stored: how many and their SHA-256 (hex), as the document's row records them. */
export interface ContentFingerprint {
  size: number;
  sha256: string;
}

/**
 * Where a document's bytes are kept (issue #50): this station's spool (SpoolDocumentContent, a station
 * without an office database), or the office database, where every station reaches them and IT backs them up
 * with the rest of the inbox (office/office-document-content.ts; docs/deployment.md §11 says why there).
 * Every method streams: no implementation holds a whole document in memory (a scan can be 300 MB).
 */
export interface DocumentContent {
  /** Where the bytes are, for messages and the log: "this station's spool (/data/spool)", "the office database …". */
  readonly place: string;
  /**
   * Stores the bytes of the local file `localPath` as the content of `documentId`, replacing any it had.
   * With `expected`, bytes that differ from it (the file changed since its row was written) are refused
   * (`content.changed`) and nothing is stored. All or nothing: a failure stores nothing and keeps the bytes
   * stored before (but a spool refusing changed bytes has already let the old ones go).
   */
  store(documentId: string, localPath: string, expected?: ContentFingerprint): Promise<ContentFingerprint>;
  /**
   * Copies the content of `documentId` out to the local file `toPath` (made private, replaced if there). The
   * bytes are written to `toPath + ".partial"` and renamed to `toPath` only once their size and SHA-256 match
   * `expected`: a torn or failed copy leaves nothing at either name (`content.torn`, `content.copy_failed`,
   * `content.missing`, or the store's own error, e.g. `office.unreachable`).
   */
  copyOut(documentId: string, toPath: string, expected: ContentFingerprint): Promise<ContentFingerprint>;
  /** Removes the content; none stored is not an error. */
  remove(documentId: string): Promise<void>;
  /** Whether complete content is stored for the document (a store in progress or failed is not). */
  exists(documentId: string): Promise<boolean>;
}

export const PARTIAL_SUFFIX = '.partial';
export const CONTENT_CHUNK_BYTES = 1 << 20;

/** A local file's bytes in chunks of one reused buffer: each chunk is valid until the next is asked for. */
export async function* fileChunks(handle: FileHandle, chunkBytes = CONTENT_CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  const buffer = Buffer.allocUnsafeSlow(chunkBytes);
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** A local file system's failure, named in the clerk's words (a full disk is the one an admin meets). */
function localFailure(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return 'no space left on the disk (ENOSPC)';
  if (code === 'EDQUOT') return 'the disk quota is used up (EDQUOT)';
  if (code === 'EACCES' || code === 'EPERM') return `no permission to write there (${code})`;
  return e instanceof Error ? e.message : String(e);
}

/**
 * Writes `chunks` to `toPath` through `toPath.partial`: hashed on the way, fsynced, checked against
 * `expected`, then renamed. Any failure (the source's, the disk's, a mismatch) removes the partial file and
 * throws an error naming the document, the target and what failed; the source's own IntakeErrors keep their
 * kind and code (an unreachable office database stays retryable).
 */
export async function writeVerifiedCopy(
  o: { documentId: string; toPath: string; expected: ContentFingerprint; from: string },
  chunks: AsyncIterable<Uint8Array>,
): Promise<ContentFingerprint> {
  const partial = o.toPath + PARTIAL_SUFFIX;
  const what = `document ${o.documentId}'s bytes were not copied from ${o.from} to ${o.toPath}`;
  const hash = createHash('sha256');
  let size = 0;
  let handle: FileHandle | undefined;
  try {
    try {
      handle = await open(partial, 'w', PRIVATE_FILE_MODE);
    } catch (e) {
      throw new IntakeError('local', 'content.copy_failed', `${what}: ${localFailure(e)}`, { cause: e });
    }
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
      // More than the document has: stop reading now (a hostile or wrong store must not fill the disk).
      if (size > o.expected.size) break;
      try {
        let offset = 0;
        while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
      } catch (e) {
        throw new IntakeError('local', 'content.copy_failed', `${what}: ${localFailure(e)}`, { cause: e });
      }
    }
    const sha256 = hash.digest('hex');
    if (size !== o.expected.size || sha256 !== o.expected.sha256)
      throw new IntakeError(
        'local',
        'content.torn',
        `${what}: the copy is torn (${size > o.expected.size ? `more than ${o.expected.size}` : size} bytes, ` +
          `SHA-256 ${sha256.slice(0, 12)}…, where the document has ${o.expected.size} bytes, ` +
          `${o.expected.sha256.slice(0, 12)}…); nothing was left at ${o.toPath}`,
      );
    try {
      await handle.sync();
      await handle.close();
      handle = undefined;
      await rename(partial, o.toPath);
    } catch (e) {
      throw new IntakeError('local', 'content.copy_failed', `${what}: ${localFailure(e)}`, { cause: e });
    }
    return { size, sha256 };
  } catch (e) {
    await handle?.close().catch(() => undefined);
    await rm(partial, { force: true }).catch(() => undefined);
    if (e instanceof IntakeError && !e.message.includes(o.toPath))
      throw new IntakeError(e.kind, e.code, `${what}: ${e.message}`, { cause: e, retryable: e.retryable });
    throw e;
  }
}

/** `content.changed`: the file to store is not the bytes its document's row records. */
export function changedContent(
  documentId: string,
  localPath: string,
  got: ContentFingerprint,
  expected: ContentFingerprint,
): IntakeError {
  return new IntakeError(
    'local',
    'content.changed',
    `document ${documentId}'s bytes were not stored: ${localPath} has ${got.size} bytes, SHA-256 ` +
      `${got.sha256.slice(0, 12)}…, where the document has ${expected.size} bytes, ${expected.sha256.slice(0, 12)}…`,
  );
}

/**
 * A station without an office database: the bytes stay in its own spool, as they always have (one file per
 * document, named by its id; spool.ts writes it through `.partial`, fsync and rename).
 */
export class SpoolDocumentContent implements DocumentContent {
  readonly place: string;

  constructor(private readonly spool: Spool) {
    this.place = `this station's spool (${spool.dir})`;
  }

  async store(documentId: string, localPath: string, expected?: ContentFingerprint): Promise<ContentFingerprint> {
    const copy = await this.spool.copyFrom(localPath, documentId).catch((e: unknown) => {
      throw new IntakeError(
        'local',
        'content.store_failed',
        `document ${documentId}'s bytes were not stored in ${this.place}: ${localFailure(e)}`,
        { cause: e },
      );
    });
    const got = { size: copy.size, sha256: copy.sha256 };
    if (expected && (got.size !== expected.size || got.sha256 !== expected.sha256)) {
      await this.spool.remove(documentId);
      throw changedContent(documentId, localPath, got, expected);
    }
    return got;
  }

  async copyOut(documentId: string, toPath: string, expected: ContentFingerprint): Promise<ContentFingerprint> {
    let handle: FileHandle;
    try {
      handle = await open(this.spool.pathOf(documentId), 'r');
    } catch (e) {
      const missing = (e as { code?: unknown }).code === 'ENOENT';
      throw new IntakeError(
        missing ? 'not_found' : 'local',
        missing ? 'content.missing' : 'content.copy_failed',
        `document ${documentId}'s bytes were not copied to ${toPath}: ` +
          (missing ? `${this.place} has none` : localFailure(e)),
        { cause: e },
      );
    }
    try {
      return await writeVerifiedCopy({ documentId, toPath, expected, from: this.place }, fileChunks(handle));
    } catch (e) {
      if (e instanceof IntakeError) throw e;
      // The spool's own file failed to read (an I/O error): named as the rest.
      throw new IntakeError(
        'local',
        'content.copy_failed',
        `document ${documentId}'s bytes were not copied from ${this.place} to ${toPath}: ${localFailure(e)}`,
        { cause: e },
      );
    } finally {
      await handle.close();
    }
  }

  async remove(documentId: string): Promise<void> {
    await this.spool.remove(documentId);
  }

  exists(documentId: string): Promise<boolean> {
    return this.spool.exists(documentId);
  }
}
