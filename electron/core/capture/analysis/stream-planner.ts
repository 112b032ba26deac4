/**
 * The separation plan as the pages are analysed (issue #30 item 6): a document is final as soon as a
 * separator sheet follows it, so its part can be made while the rest of the batch is still analysed.
 *
 * Pages arrive in any order (two workers share a file); only the run of pages analysed without a gap from
 * `fromPage` on is planned. A document of planSeparation over that run whose last page lies before the
 * run's last separator sheet cannot change any more: later pages only start or fill later documents (a
 * separator closes the one before it; blank pages and metadata after it belong to the next). So the
 * documents it hands out are exactly those planSeparation gives for the whole file, in the same order.
 *
 * `fromPage`: where a batch resumes after a restart, the page after its last adopted part. The pages before
 * it are not analysed again; planning from there gives the same documents, since the adopted part ended
 * where a separator sheet (or the blank pages left out before it) began.
 */
import type { PlannedDocument, PlanPage, PlanProfile, SeparationPlan } from './planner';
import { planSeparation, separatorTest } from './planner';

export class StreamPlanner {
  private readonly waiting = new Map<number, PlanPage>();
  private readonly run: PlanPage[] = [];
  private next: number;
  private handedOut = 0;
  private lastSeparator = -1;
  private readonly isSeparator: (p: PlanPage) => boolean;

  constructor(
    private readonly profile: PlanProfile,
    fromPage = 0,
  ) {
    this.next = fromPage;
    this.isSeparator = separatorTest(profile);
  }

  /** Pages analysed without a gap so far. */
  get contiguous(): number {
    return this.run.length;
  }

  /** Takes one analysed page; returns the documents that became final with it, in page order. */
  add(page: PlanPage): PlannedDocument[] {
    this.waiting.set(page.page, page);
    let grew = false;
    for (let p = this.waiting.get(this.next); p; p = this.waiting.get(this.next)) {
      this.waiting.delete(this.next);
      this.run.push(p);
      if (this.isSeparator(p)) this.lastSeparator = p.page;
      this.next++;
      grew = true;
    }
    if (!grew || this.lastSeparator < 0) return [];
    const { documents } = planSeparation(this.run, this.profile);
    const final = documents.filter((d) => d.pages[d.pages.length - 1]! < this.lastSeparator);
    const fresh = final.slice(this.handedOut);
    this.handedOut = final.length;
    return fresh;
  }

  /** Every page is in: the plan of the whole run, and the documents not handed out yet. */
  finish(): { plan: SeparationPlan; rest: PlannedDocument[]; handedOut: number } {
    const plan = planSeparation(this.run, this.profile);
    return { plan, rest: plan.documents.slice(this.handedOut), handedOut: this.handedOut };
  }
}
