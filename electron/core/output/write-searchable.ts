/**
 * In the text worker: the searchable PDF of a file whose pages were just read, written atomically (temp,
 * fsync, rename, folder fsync), so its path holds the whole PDF or nothing.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { GrayBitmap } from '../capture/pages/bitmap';
import type { PageText, TextWord } from '../suggestions/page-text';
import type { OutputBuilt } from '../suggestions/text-protocol';
import { writeFileAtomic } from '../util/atomic-write';
import { buildSearchablePdf } from './searchable-pdf';

export async function writeSearchablePdf(
  sourcePath: string,
  pages: readonly (PageText | undefined)[],
  outPath: string,
  smaller?: (page: GrayBitmap) => Promise<TextWord[][]>,
): Promise<OutputBuilt> {
  const bytes = new Uint8Array(await readFile(sourcePath));
  const built = await buildSearchablePdf(bytes, pages, smaller ? { smaller: { recognize: smaller } } : {});
  if (!built.ok) return built;
  await writeFileAtomic(outPath, built.bytes);
  return {
    ok: true,
    textPages: built.textPages,
    bitonalPages: built.bitonalPages,
    greyPages: built.greyPages,
    size: built.bytes.length,
    sha256: createHash('sha256').update(built.bytes).digest('hex'),
  };
}
