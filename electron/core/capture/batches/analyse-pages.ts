/**
 * The analysis of a batch's pages in the capture worker pool (never on this thread): each page's barcodes
 * and whether it is blank, as the pages are analysed. A file is analysed as one; a scan page by page as
 * they arrive, each page's analysis kept, so a scan that pauses (caught up with the scanner) resumes without
 * analysing a page twice.
 */
import { CAPTURE_MAX_PAGES } from '../../../../shared/domain/capture';
import type { PageAnalysis } from '../../../../shared/domain/capture';
import type { AnalyseFileResult } from '../analysis/capture-pool';
import type { BatchPages } from './batch-pages';
import type { CaptureBatch } from './batch-storage';
import { type CaptureLine, LineStage } from './capture-line';

export class PageAnalyser extends LineStage {
  /**
   * A scan's pages analysed so far, by page: its analysis pauses when it has caught up with the scanner and
   * resumes with the next page, without analysing its pages again.
   */
  private readonly scanAnalyses = new Map<string, Map<number, PageAnalysis>>();

  constructor(
    line: CaptureLine,
    private readonly pages: BatchPages,
  ) {
    super(line);
    line.whenFinished((id) => this.scanAnalyses.delete(id));
  }

  /**
   * The batch's pages from `fromPage` on, each handed to `onPage` as it is analysed. 'caught-up': a scan
   * still open whose pages there are all analysed.
   */
  async analyse(
    batch: CaptureBatch,
    fromPage: number,
    onPage: (page: PageAnalysis) => void,
  ): Promise<AnalyseFileResult | 'caught-up'> {
    const { originals } = this.deps;
    const id = batch.id;
    return batch.kind === 'scan'
      ? await this.analyseScan(batch, fromPage, onPage)
      : await this.pool().analyseFile(
          originals.pathOf(id),
          {
            dpi: batch.profile.dpi,
            blankThreshold: batch.profile.blankThreshold,
            // A batch taken before the setting existed has none in its saved profile.
            maxPages: batch.profile.maxPages ?? CAPTURE_MAX_PAGES,
            fromPage,
            onOpened: (pages) => this.advance(batch, { pages }),
          },
          onPage,
        );
  }

  /**
   * A scan's pages from `fromPage` on, one page file at a time, as they are on disk; each page's analysis is
   * kept, so a scan that pauses (caught up with the scanner) resumes without analysing a page twice.
   * 'caught-up': every page there is analysed and the scan is still open.
   */
  private async analyseScan(
    batch: CaptureBatch,
    fromPage: number,
    onPage: (page: PageAnalysis) => void,
  ): Promise<AnalyseFileResult | 'caught-up'> {
    const seen = this.scanAnalyses.get(batch.id) ?? new Map<number, PageAnalysis>();
    this.scanAnalyses.set(batch.id, seen);
    const pages: PageAnalysis[] = [];
    const ahead = new Map<number, Promise<AnalyseFileResult>>();
    // An analysis started ahead and not awaited (the scan paused or failed first) must not reject unseen.
    const settle = () => {
      for (const p of ahead.values()) p.catch(() => undefined);
    };
    try {
      return await this.scanLoop(batch, fromPage, onPage, seen, pages, ahead);
    } finally {
      settle();
    }
  }

  private async scanLoop(
    batch: CaptureBatch,
    fromPage: number,
    onPage: (page: PageAnalysis) => void,
    seen: Map<number, PageAnalysis>,
    pages: PageAnalysis[],
    ahead: Map<number, Promise<AnalyseFileResult>>,
  ): Promise<AnalyseFileResult | 'caught-up'> {
    for (let n = fromPage; ; n++) {
      if (this.stopping) return { ok: true, pages };
      const files = await this.pages.scanPages(batch.id);
      if (n >= files.length) {
        // Read the open flag after the files: a page written before "finish" is in `files`.
        if ((await this.deps.batches.get(batch.id))?.scanOpen) return 'caught-up';
        const again = await this.pages.scanPages(batch.id);
        if (n >= again.length) return { ok: true, pages };
      }
      let page = seen.get(n);
      if (!page) {
        // The pages already there go to the pool side by side (one per worker), taken in scanner order.
        const there = await this.pages.scanPages(batch.id);
        for (let k = n; k < Math.min(there.length, n + this.pool().threads); k++)
          if (!seen.has(k) && !ahead.has(k))
            ahead.set(
              k,
              this.pool().analyseFile(
                there[k]!,
                { dpi: batch.profile.dpi, blankThreshold: batch.profile.blankThreshold, maxPages: 1, fromPage: 0 },
                () => undefined,
              ),
            );
        const r = await ahead.get(n)!;
        ahead.delete(n);
        if (!r.ok) return { ok: false, problem: { ...r.problem, message: `page ${n + 1}: ${r.problem.message}` } };
        page = { ...r.pages[0]!, page: n };
        seen.set(n, page);
      }
      pages.push(page);
      onPage(page);
    }
  }
}
