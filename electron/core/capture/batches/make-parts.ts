/**
 * One document of a batch built: its PDF made and published in the part worker (never on this thread;
 * split-commit.ts), from the batch's pages on disk. A part that cannot be built says why (PartProblem).
 */
import type { BuiltPart } from '../split/part-builder';

/** A part built and published: its file and the pages it holds. */
export type MadePart = Extract<BuiltPart, { ok: true }>;
import type { BatchPages } from './batch-pages';
import { PartProblem, type PartSpec } from './batch-plan';
import type { CaptureBatch } from './batch-storage';
import { type CaptureLine, LineStage } from './capture-line';

export class PartMaker extends LineStage {
  constructor(
    line: CaptureLine,
    private readonly pages: BatchPages,
  ) {
    super(line);
  }

  /** The part's PDF in `partsDir`, published (crash-safe); throws PartProblem when it cannot be built. */
  async build(batch: CaptureBatch, spec: PartSpec, partsDir: string): Promise<MadePart> {
    const built = await this.builder().build({
      path: this.pages.sourceOf(batch),
      fileName: batch.fileName,
      sha256: batch.sha256,
      outDir: partsDir,
      file: spec.file,
      ...(spec.pages ? { pages: spec.pages } : { fromPage: spec.fromPage ?? 0 }),
      index: spec.index,
      metadata: spec.metadata,
      flaggedBlankPages: spec.flagged,
    });
    if (!built.ok) throw new PartProblem(built.problem);
    return built;
  }
}
