/**
 * Document text cached on disk by content hash (SHA-256 of the file): the same scan arriving twice, or a
 * document opened again after a restart, is not OCR'd again. One JSON file per document under
 * `<dataDir>/text-cache/`; the key includes everything that changes the result (code version, languages,
 * OCR page limit, DPI), so a changed setting reads anew instead of answering from an old result.
 *
 * Bookkeeping against a poison pill (issue #27, #45): `<hash>.reading` marks a read under way (which
 * process reads it), written before the worker starts and removed when the read is over; `<hash>.failed`
 * holds why a content is not read again (its read killed the text worker or ran over its budget).
 * document-text.ts keeps them.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
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
  private swept: Promise<void> | undefined;

  constructor(private readonly dir: string) {}

  /**
   * Once per process, before its first write: temp files another process left when it was killed mid-write
   * (a mark's or an entry's, named with that process's pid) go. Only this process writes here (the data
   * folder is locked), so a temp file of another pid is no write in progress (issue #45 item 1).
   */
  private sweepOnce(): Promise<void> {
    this.swept ??= (async () => {
      const names = await readdir(this.dir).catch(() => [] as string[]);
      for (const name of names) {
        const pid = /\.(\d+)(?:\.[0-9a-f]+)?\.tmp$/.exec(name)?.[1];
        if (pid !== undefined && Number(pid) !== process.pid) await rm(join(this.dir, name), { force: true });
      }
    })();
    return this.swept;
  }

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
    await this.sweepOnce();
    const tmp = `${this.file(hash)}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify({ key, ...value }));
    await rename(tmp, this.file(hash));
  }

  /** On disk (fsync'd) before the read starts, so a process that ends while reading leaves it behind. */
  async setReadingMark(hash: string, mark: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.sweepOnce();
    await writeFileAtomic(join(this.dir, `${hash}.reading`), mark);
  }

  /** The read is over (read, refused, stopped by close): no mark stays behind. */
  async clearReadingMark(hash: string): Promise<void> {
    await rm(join(this.dir, `${hash}.reading`), { force: true });
  }

  async clearFailure(hash: string): Promise<void> {
    await rm(join(this.dir, `${hash}.failed`), { force: true });
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
