/** Messages between PartBuilder (main thread) and part-worker (worker thread). */
import { z } from 'zod';
import type { CaptureProblem } from '../../../../shared/domain/capture';

const Build = z.object({
  op: z.literal('build'),
  id: z.number().int(),
  /** The batch's original (its copy). */
  path: z.string().min(1),
  /** The original's name and hash, linked inside the part. */
  fileName: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Where the part is published (split-commit.ts). */
  outDir: z.string().min(1),
  /** The part's file name; `{pages}` is replaced by its page range when the worker counts the pages. */
  file: z.string().min(1),
  /** 0-based pages; absent: every page from `fromPage` to the end (what is left of a batch). */
  pages: z.array(z.number().int().min(0)).min(1).optional(),
  fromPage: z.number().int().min(0).default(0),
  /** 0-based part number, and the number of parts when known. */
  index: z.number().int().min(0),
  count: z.number().int().min(1).optional(),
  metadata: z.record(z.string(), z.string()),
  flaggedBlankPages: z.array(z.number().int().min(0)),
});
/** Open the batch's original ahead of its first part (pdf-lib parses it while the first pages are analysed). */
const Prepare = Build.pick({ id: true, path: true, fileName: true, sha256: true }).extend({ op: z.literal('prepare') });
export const PartRequestSchema = z.discriminatedUnion('op', [
  Build,
  Prepare,
  z.object({ op: z.literal('forget'), id: z.number().int(), path: z.string() }),
]);
export type PartRequest = z.infer<typeof PartRequestSchema>;
export type BuildPartRequest = Omit<z.input<typeof Build>, 'id' | 'op'>;
export type PreparePartsRequest = Omit<z.input<typeof Prepare>, 'id' | 'op'>;

export type PartReply =
  | { id: number; type: 'built'; path: string; pages: number[] }
  | { id: number; type: 'forgotten' }
  | { id: number; type: 'prepared' }
  | { id: number; type: 'problem'; problem: CaptureProblem }
  | { id: number; type: 'error'; message: string };
