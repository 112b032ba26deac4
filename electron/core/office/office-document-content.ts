import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { IntakeError } from '../errors';
import type { ContentFingerprint, DocumentContent } from '../queue/document-content';
import { CONTENT_CHUNK_BYTES, changedContent, fileChunks, writeVerifiedCopy } from '../queue/document-content';
import { openSourceFile } from '../util/open-source-file';
import type { OfficeClient } from './office-client';
import type { OfficeDatabase } from './office-database';

interface Header {
  size: string;
  sha256: string;
  chunks: number;
}

/**
 * The documents' bytes in the office database (issue #50 item 1; docs/deployment.md §11 says why there and
 * not on the share): `office_document_content` (one row per document) and `office_document_chunks` (its
 * bytes, `chunkBytes` each). A store is one transaction: its chunks and then its row's size and SHA-256, so
 * another station sees all of it or none, and a station cut off mid-way leaves nothing (PostgreSQL rolls the
 * transaction back). A copy out reads one chunk at a time in one REPEATABLE READ transaction (a store or
 * remove meanwhile does not tear it) and is checked against the document's size and SHA-256 before it gets
 * its name (queue/document-content.ts writeVerifiedCopy). Memory: one chunk at a time on either side.
 */
export class OfficeDocumentContent implements DocumentContent {
  private readonly copying = new Map<string, Promise<ContentFingerprint>>();

  readonly place: string;
  private readonly chunkBytes: number;

  constructor(
    private readonly db: OfficeDatabase,
    private readonly o: {
      stationId?: string;
      chunkBytes?: number;
      /**
       * Told after each chunk stored or copied out (the bytes so far), and waited for: a display of a long
       * copy's progress; the tests stop the server here, in the middle of one.
       */
      onProgress?: (p: { documentId: string; bytes: number }) => void | Promise<void>;
    } = {},
  ) {
    this.place = `the office database ${db.label}`;
    this.chunkBytes = o.chunkBytes ?? CONTENT_CHUNK_BYTES;
  }

  async store(documentId: string, localPath: string, expected?: ContentFingerprint): Promise<ContentFingerprint> {
    const what = `document ${documentId}'s bytes were not stored in ${this.place}`;
    let handle: FileHandle;
    try {
      handle = await openSourceFile(localPath, dirname(localPath));
    } catch (e) {
      throw new IntakeError('local', 'content.store_failed', `${what}: ${localPath}: ${messageOf(e)}`, { cause: e });
    }
    try {
      return await this.db.transaction(async (client) => {
        // Replacing: the old chunks go with their row (ON DELETE CASCADE), in this same transaction.
        await client.query('DELETE FROM office_document_content WHERE document_id = $1', [documentId]);
        await client.query(
          `INSERT INTO office_document_content (document_id, size, sha256, chunk_bytes, chunks, station_id)
           VALUES ($1, 0, '', $2, 0, $3)`,
          [documentId, this.chunkBytes, this.o.stationId ?? null],
        );
        const hash = createHash('sha256');
        let size = 0;
        let seq = 0;
        // Each chunk is sent (a binary parameter) and answered before the next is read into the same buffer.
        for await (const chunk of fileChunks(handle, this.chunkBytes)) {
          hash.update(chunk);
          size += chunk.length;
          await client.query('INSERT INTO office_document_chunks (document_id, seq, bytes) VALUES ($1, $2, $3)', [
            documentId,
            seq++,
            chunk,
          ]);
          await this.o.onProgress?.({ documentId, bytes: size });
        }
        const got = { size, sha256: hash.digest('hex') };
        if (expected && (got.size !== expected.size || got.sha256 !== expected.sha256))
          throw changedContent(documentId, localPath, got, expected);
        await client.query(
          'UPDATE office_document_content SET size = $2, sha256 = $3, chunks = $4 WHERE document_id = $1',
          [documentId, got.size, got.sha256, seq],
        );
        return got;
      });
    } catch (e) {
      throw this.named(e, what, 'content.store_failed');
    } finally {
      await handle.close();
    }
  }

  /**
   * One copy per target at a time: the window's preview and the text reader (or an upload) of a document
   * another station took in ask for it together, and two copies through one `.partial` name tore each other
   * ("could not be brought to this station" on the clerk's screen). A second asker waits for the first copy.
   */
  copyOut(documentId: string, toPath: string, expected: ContentFingerprint): Promise<ContentFingerprint> {
    const running = this.copying.get(toPath);
    if (running) return running;
    const copy = this.copyOnce(documentId, toPath, expected).finally(() => this.copying.delete(toPath));
    this.copying.set(toPath, copy);
    return copy;
  }

  private async copyOnce(
    documentId: string,
    toPath: string,
    expected: ContentFingerprint,
  ): Promise<ContentFingerprint> {
    const what = `document ${documentId}'s bytes were not copied from ${this.place} to ${toPath}`;
    let copied: ContentFingerprint | undefined;
    try {
      return await this.db.transaction(async (client) => {
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        const { rows } = await client.query<Header>(
          'SELECT size::text AS size, sha256, chunks FROM office_document_content WHERE document_id = $1',
          [documentId],
        );
        const header = rows[0];
        if (!header) throw new IntakeError('not_found', 'content.missing', `${what}: it has none`);
        if (Number(header.size) !== expected.size || header.sha256 !== expected.sha256)
          throw new IntakeError(
            'local',
            'content.torn',
            `${what}: it holds other bytes (${header.size} bytes, SHA-256 ${header.sha256.slice(0, 12)}…) than the ` +
              `document has (${expected.size} bytes, ${expected.sha256.slice(0, 12)}…); nothing was left at ${toPath}`,
          );
        copied = await writeVerifiedCopy(
          { documentId, toPath, expected, from: this.place },
          this.progressOf(documentId, chunksOf(client, documentId, header.chunks)),
        );
        return copied;
      });
    } catch (e) {
      // The copy is whole and checked: a read-only transaction whose COMMIT went unanswered changes nothing.
      if (copied) return copied;
      throw this.named(e, what, 'content.copy_failed');
    }
  }

  async remove(documentId: string): Promise<void> {
    try {
      await this.db.query('DELETE FROM office_document_content WHERE document_id = $1', [documentId]);
    } catch (e) {
      throw this.named(
        e,
        `document ${documentId}'s bytes were not removed from ${this.place}`,
        'content.remove_failed',
      );
    }
  }

  async exists(documentId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM office_document_content WHERE document_id = $1', [documentId]);
    return rows.length > 0;
  }

  private async *progressOf(documentId: string, chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    let bytes = 0;
    for await (const chunk of chunks) {
      yield chunk;
      bytes += chunk.length;
      await this.o.onProgress?.({ documentId, bytes });
    }
  }

  /**
   * Removes bytes no document of the office names, stored more than `olderThanSeconds` ago by the server's
   * clock: a station that stored a document's bytes and stopped before writing its row (the bytes go first).
   * The age leaves alone the bytes of a document another station is taking in now. Returns their ids.
   */
  async sweepUnowned(olderThanSeconds: number): Promise<string[]> {
    const { rows } = await this.db.query<{ document_id: string }>(
      `DELETE FROM office_document_content c
       WHERE c.stored_at < clock_timestamp() - make_interval(secs => $1)
         AND NOT EXISTS (SELECT 1 FROM office_documents d WHERE d.id = c.document_id)
       RETURNING c.document_id`,
      [olderThanSeconds],
    );
    return rows.map((r) => r.document_id);
  }

  /** An error that names what failed: the office database's own keep their kind and code (retryable). */
  private named(e: unknown, what: string, code: string): unknown {
    if (e instanceof IntakeError) {
      if (e.message.startsWith(`document `)) return e; // named where it was made
      return new IntakeError(e.kind, e.code, `${what}: ${e.message}`, { cause: e, retryable: e.retryable });
    }
    return new IntakeError('local', code, `${what}: ${messageOf(e)}`, { cause: e });
  }
}

/**
 * The stored chunks in order, each read by its own statement. As base64 text: node-postgres reads every
 * field as a string, even in its binary mode (it mangles bytea there), and base64 is 1.35 times the bytes on
 * the wire where its default hex is 2 times.
 */
async function* chunksOf(client: OfficeClient, documentId: string, chunks: number): AsyncGenerator<Uint8Array> {
  for (let seq = 0; seq < chunks; seq++) {
    const { rows } = await client.query<{ b64: string }>(
      `SELECT encode(bytes, 'base64') AS b64 FROM office_document_chunks WHERE document_id = $1 AND seq = $2`,
      [documentId, seq],
    );
    const b64 = rows[0]?.b64;
    if (b64 === undefined) return; // a chunk missing: the copy comes out short, and the size check calls it torn
    yield Buffer.from(b64, 'base64');
  }
}

function messageOf(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return 'no space left on the disk (ENOSPC)';
  return e instanceof Error ? e.message : String(e);
}
