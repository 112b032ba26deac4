/**
 * Document text cached on disk by content hash (SHA-256 of the file): the same scan arriving twice, or a
 * document opened again after a restart, is not OCR'd again. One JSON file per document under
 * `<dataDir>/text-cache/`; the key includes everything that changes the result (code version, languages,
 * OCR page limit, DPI), so a changed setting reads anew instead of answering from an old result.
 *
 * Bookkeeping against a poison pill (issue #27): `<hash>.reading` counts reads begun and not finished,
 * written before the worker starts; `<hash>.failed` holds why a content is not read again (its worker died
 * or ran over its budget, or two reads were cut off by the process ending). document-text.ts keeps them.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { BoxSchema } from '../../../shared/domain/suggestions';
import { writeFileAtomic } from '../util/atomic-write';
import type { PageText } from './page-text';

const CachedSchema = z.object({
  key: z.string(),
  pageCount: z.number().int().min(0),
  pages: z.array(
    z.object({
      page: z.number().int().min(0),
      source: z.enum(['pdf-text', 'ocr', 'skipped']),
      lines: z.array(z.array(z.object({ text: z.string(), box: BoxSchema }))),
      rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
    }),
  ),
});
export type CachedText = { pageCount: number; pages: PageText[] };

export async function hashFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export class TextCache {
  constructor(private readonly dir: string) {}

  private file(hash: string) {
    return join(this.dir, `${hash}.json`);
  }

  async get(hash: string, key: string): Promise<CachedText | undefined> {
    let raw: string;
    try {
      raw = await readFile(this.file(hash), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const parsed = CachedSchema.safeParse(JSON.parse(raw));
      if (!parsed.success || parsed.data.key !== key) return undefined;
      return { pageCount: parsed.data.pageCount, pages: parsed.data.pages };
    } catch {
      return undefined; // a damaged entry is read anew and then replaced
    }
  }

  async put(hash: string, key: string, value: CachedText): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const tmp = `${this.file(hash)}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, ...value }));
    await rename(tmp, this.file(hash));
  }

  /** Reads of this content begun and not finished (0 when none). */
  async readsBegun(hash: string): Promise<number> {
    const raw = await readFile(join(this.dir, `${hash}.reading`), 'utf8').catch(() => '');
    const n = Number.parseInt(raw, 10);
    return Number.isInteger(n) && n > 0 ? n : 0;
  }

  /** On disk (fsync'd) before the read starts, so a process that dies reading it leaves it behind. */
  async setReadsBegun(hash: string, n: number): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    if (n <= 0) await rm(join(this.dir, `${hash}.reading`), { force: true });
    else await writeFileAtomic(join(this.dir, `${hash}.reading`), String(n));
  }

  /** Why this content is not read again, if it is not. */
  async failure(hash: string): Promise<string | undefined> {
    return readFile(join(this.dir, `${hash}.failed`), 'utf8').catch(() => undefined);
  }

  async setFailure(hash: string, reason: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFileAtomic(join(this.dir, `${hash}.failed`), reason);
    await rm(join(this.dir, `${hash}.reading`), { force: true });
  }
}
