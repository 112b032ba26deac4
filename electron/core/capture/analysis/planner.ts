/**
 * The separation planner: which pages of a scanned batch become which documents. Pure (pages' analysis +
 * profile in, plan out), so every rule is unit-tested without a scan.
 *
 * Rules:
 * - A separator page carries a barcode equal to the profile's separator value (default PATCHT) or matching
 *   its separator pattern. Each separator starts a new document; it is dropped unless kept, and then it is
 *   the first page of the document it starts.
 * - Consecutive separators are one boundary: no empty document comes from them; their metadata adds up
 *   (the later sheet wins a clash).
 * - Metadata: every barcode on the separator sheet(s) matching the metadata pattern gives its named groups,
 *   applied to the document the sheet starts. Without a metadata pattern, the app's own cover sheet gives
 *   its case number (own-cover-sheet.ts): the app reads the sheets it prints with no setting.
 * - Blank pages (never a page with a code on it): 'drop' leaves them out, 'flag' keeps and lists them,
 *   'keep' does nothing. A document with nothing but separator sheets and blank pages is not made (the
 *   blank back of a separator sheet scanned duplex does not become a document of its own).
 */
import type { CaptureProfile, PageAnalysis } from '../../../../shared/domain/capture';
import { ownCoverSheetValues } from './own-cover-sheet';

export type PlanPage = Pick<PageAnalysis, 'page' | 'barcodes' | 'blank'>;

export interface PlannedDocument {
  /** 0-based page numbers of the original, in order. */
  pages: number[];
  /** From the metadata pattern's named groups, by Metadata-* header name without the prefix. */
  metadata: Record<string, string>;
  /** Blank pages kept in this document because the profile says 'flag'. */
  flaggedBlankPages: number[];
  /** The separator sheet(s) that started it, if any. */
  separatorPages: number[];
}

export interface SeparationPlan {
  documents: PlannedDocument[];
  dropped: Array<{ page: number; reason: 'separator' | 'blank' }>;
}

export type PlanProfile = Pick<
  CaptureProfile,
  'separate' | 'separatorValue' | 'separatorPattern' | 'keepSeparatorPage' | 'metadataPattern' | 'blankPages'
>;

/** Whether a page is a separator sheet under the profile. */
export function separatorTest(profile: PlanProfile): (p: PlanPage) => boolean {
  const separatorRe = profile.separatorPattern ? new RegExp(profile.separatorPattern) : undefined;
  return (p) =>
    profile.separate &&
    p.barcodes.some((b) => b.text === profile.separatorValue || (separatorRe?.test(b.text) ?? false));
}

export function planSeparation(pages: readonly PlanPage[], profile: PlanProfile): SeparationPlan {
  const metadataRe = profile.metadataPattern ? new RegExp(profile.metadataPattern) : undefined;
  const isSeparator = separatorTest(profile);

  const documents: PlannedDocument[] = [];
  const dropped: SeparationPlan['dropped'] = [];
  let current = emptyDocument();
  // Whether `current` has a page that is neither a separator sheet nor blank; until then another
  // separator joins it, and without one it is not made (its pages are dropped).
  let hasContent = false;
  const separatorPages = new Set<number>();

  const finish = () => {
    if (hasContent) documents.push(current);
    else
      for (const p of current.pages) dropped.push({ page: p, reason: separatorPages.has(p) ? 'separator' : 'blank' });
    current = emptyDocument();
    hasContent = false;
  };

  for (const p of [...pages].sort((a, b) => a.page - b.page)) {
    if (isSeparator(p)) {
      if (hasContent) finish();
      separatorPages.add(p.page);
      current.separatorPages.push(p.page);
      Object.assign(current.metadata, metadataRe ? metadataOf(p, metadataRe) : ownCoverSheetValues(p, profile));
      if (profile.keepSeparatorPage) current.pages.push(p.page);
      else dropped.push({ page: p.page, reason: 'separator' });
      continue;
    }
    const blank = p.blank && p.barcodes.length === 0;
    if (blank && profile.blankPages === 'drop') {
      dropped.push({ page: p.page, reason: 'blank' });
      continue;
    }
    if (blank && profile.blankPages === 'flag') current.flaggedBlankPages.push(p.page);
    current.pages.push(p.page);
    if (!blank) hasContent = true;
  }
  finish();
  dropped.sort((a, b) => a.page - b.page);
  return { documents, dropped };
}

function emptyDocument(): PlannedDocument {
  return { pages: [], metadata: {}, flaggedBlankPages: [], separatorPages: [] };
}

function metadataOf(p: PlanPage, re: RegExp): Record<string, string> {
  const out: Record<string, string> = {};
  for (const b of p.barcodes) {
    const groups = re.exec(b.text)?.groups;
    if (!groups) continue;
    for (const [name, value] of Object.entries(groups)) if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}
