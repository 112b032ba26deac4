/** Names and rules of a batch's parts, apart from the split writer so using them loads no pdf-lib or sharp. */
import { basename, extname } from 'node:path';
import type { SeparationPlan } from '../analysis/planner';

/**
 * A part is named after its batch with its page range (1-based, as the clerk counts): `scan_p5-6.pdf`,
 * `scan_p9.pdf`. The parts of one batch differ only in that range, so sorted by name with numbers read as
 * numbers they are in scanner order. A file that was not separated (`separated` false) keeps its own name.
 */
export function partFileName(original: string, pages: readonly number[], separated = true): string {
  const base = basename(original, extname(original));
  if (!separated || pages.length === 0) return `${base}.pdf`;
  const first = pages[0]! + 1;
  const last = pages[pages.length - 1]! + 1;
  return `${base}_p${first}${last > first ? `-${last}` : ''}.pdf`;
}

/** Whether the plan found a separator sheet (else the file is one document, whatever blank pages it drops). */
export const foundSeparator = (plan: SeparationPlan): boolean =>
  plan.documents.length > 1 ||
  plan.documents.some((d) => d.separatorPages.length > 0) ||
  plan.dropped.some((d) => d.reason === 'separator');
