/** One file through capture: analyse every page (in the pool), plan the documents, write the parts safely. */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { CaptureProblem, CaptureProfile, PageAnalysis } from '../../../../shared/domain/capture';
import { CAPTURE_MAX_PAGES } from '../../../../shared/domain/capture';
import type { CapturePool } from '../analysis/capture-pool';
import { DECODE_LIMITS, fileTooLargeMessage } from '../pages/decode-limits';
import type { SeparationPlan } from '../analysis/planner';
import { foundSeparator, partFileName } from './part-name';
import { planSeparation } from '../analysis/planner';
import type { StepHook } from './split-commit';
import { commitParts } from './split-commit';
import { buildParts } from './split-writer';

export type SplitFileResult =
  | {
      ok: true;
      original: { fileName: string; sha256: string; size: number };
      pages: PageAnalysis[];
      plan: SeparationPlan;
      /** Full paths of the parts, in document order; empty when the plan has no document. */
      written: string[];
      /**
       * No separator sheet was found and no page left out: the file is one document as it is. With
       * `wholeAsIs` nothing was written (the caller takes the original); else the one part has the file's name.
       */
      whole: boolean;
    }
  | { ok: false; problem: CaptureProblem };

export { foundSeparator, partFileName } from './part-name';

export async function splitFile(
  path: string,
  outDir: string,
  profile: CaptureProfile,
  pool: CapturePool,
  onStep?: StepHook,
  /** The original's name when `path` is a copy of it (the parts are named after it). */
  fileName: string = basename(path),
  /** Write nothing for a file that stays one document as it is (capture's intake takes the original). */
  wholeAsIs = false,
): Promise<SplitFileResult> {
  // The split holds the file in memory (hash, pdf-lib): a file over the limit is kept whole unread.
  const { size } = await stat(path);
  if (size > DECODE_LIMITS.maxFileBytes)
    return { ok: false, problem: { code: 'too-large', message: fileTooLargeMessage(size) } };
  const bytes = new Uint8Array(await readFile(path));
  const original = {
    fileName,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    size: bytes.length,
  };
  const analysed = await pool.analyseFile(path, {
    dpi: profile.dpi,
    blankThreshold: profile.blankThreshold,
    // A batch taken before the setting existed has none in its saved profile.
    maxPages: profile.maxPages ?? CAPTURE_MAX_PAGES,
  });
  if (!analysed.ok) return analysed;
  const plan = planSeparation(analysed.pages, profile);
  const separated = foundSeparator(plan);
  const whole = !separated && plan.dropped.length === 0 && plan.documents.length === 1;
  if (plan.documents.length === 0 || (whole && wholeAsIs))
    return { ok: true, original, pages: analysed.pages, plan, written: [], whole };
  const built = await buildParts(bytes, plan.documents, original);
  if (!built.ok) return built;
  const parts = built.parts.map((b, i) => ({
    file: partFileName(original.fileName, plan.documents[i]!.pages, separated),
    bytes: b,
  }));
  const written = await commitParts(
    outDir,
    parts,
    {
      original,
      parts: plan.documents.map((d, i) => ({
        file: parts[i]!.file,
        pages: d.pages,
        metadata: d.metadata,
        flaggedBlankPages: d.flaggedBlankPages,
      })),
    },
    onStep,
  );
  return { ok: true, original, pages: analysed.pages, plan, written, whole };
}
