import { z } from 'zod';
import { METADATA_HEADERS } from '../platform/inbox';
import type { MetadataField } from '../platform/inbox';
import { SCANNER_PROBLEMS } from './scanning';

/**
 * Capture: how a scanned batch becomes documents (issue #16). Pure types; the work is in
 * electron/core/capture. A folder profile will carry one of these as `capture` (see docs/capture.md).
 */

/** Pages a capture file may have by default (CaptureProfile.maxPages). */
export const CAPTURE_MAX_PAGES = 500;

/** Barcode symbologies read on every page. The four a capture station needs, plus common 1-D/2-D extras. */
export const CAPTURE_BARCODE_FORMATS = [
  'Code128',
  'Code39',
  'QRCode',
  'DataMatrix',
  'Code93',
  'Codabar',
  'ITF',
  'EAN-13',
  'PDF417',
  'Aztec',
] as const;
export type CaptureBarcodeFormat = (typeof CAPTURE_BARCODE_FORMATS)[number];

/** A regular expression given as text; refused when it does not compile (e.g. a broken named group). */
const RegexSourceSchema = z.string().refine(
  (s) => {
    try {
      new RegExp(s);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid regular expression' },
);

export const CaptureProfileSchema = z.object({
  /** Split the file on separator sheets at all. */
  separate: z.boolean().default(true),
  /** A barcode whose text equals this marks a separator sheet (PATCH T, as Kofax and others use). */
  separatorValue: z.string().min(1).default('PATCHT'),
  /** Or: a barcode whose text matches this pattern marks a separator sheet (checked in addition to the value). */
  separatorPattern: RegexSourceSchema.optional(),
  /** Keep the separator page as the first page of the document it starts (default: drop it). */
  keepSeparatorPage: z.boolean().default(false),
  /**
   * Pattern with named groups, e.g. `^CLM-(?<CaseNumber>\d{4}-\d{6})$`. A barcode on a separator sheet puts
   * its groups into the metadata of the document the sheet starts, by Metadata-* header name without the
   * prefix. It does not make a page a separator: a cover sheet that carries only a case number is made one
   * by a separator pattern with the same prefix (e.g. `^CLM-`).
   */
  metadataPattern: RegexSourceSchema.optional(),
  /** What to do with blank pages (duplex backs). */
  blankPages: z.enum(['keep', 'drop', 'flag']).default('keep'),
  /** A page is blank when less than this fraction of its inner area is ink (0.002 = 0.2 %). */
  blankThreshold: z.number().min(0).max(0.05).default(0.002),
  /** Render resolution for analysis. 200 DPI reads 1-D codes with a 0.25 mm module. */
  dpi: z.number().int().min(72).max(400).default(200),
  /**
   * A file with more pages than this is not analysed: it is kept whole (`capture.too_many_pages`), so one
   * long file cannot hold capture for an hour. 500 pages is a full scanner tray several times over.
   */
  maxPages: z.number().int().min(1).max(10_000).default(CAPTURE_MAX_PAGES),
  /**
   * Batch review (issue #38 item 8): a batch is analysed, then held with its planned split until the clerk
   * releases it in the inbox (boundaries moved, blank pages taken back); only then are its documents made.
   * Off by default: batches are split automatically.
   */
  review: z.boolean().default(false),
});
export type CaptureProfile = z.infer<typeof CaptureProfileSchema>;

export const DEFAULT_CAPTURE_PROFILE: CaptureProfile = CaptureProfileSchema.parse({});

/**
 * The metadata field a named group fills: the header name without `Metadata-`, any case, dashes left out
 * (a group name cannot hold one): `CaseNumber`, `caseNumber`, `ResponsibleUserId` for `Responsible-UserId`.
 */
export function captureGroupField(group: string): MetadataField | undefined {
  const key = group.toLowerCase().replace(/-/g, '');
  for (const [field, header] of Object.entries(METADATA_HEADERS) as [MetadataField, string][])
    if (header.slice('Metadata-'.length).toLowerCase().replace(/-/g, '') === key) return field;
  return undefined;
}

/** Named groups of a pattern source, in order (none for a pattern that does not compile). */
function groupNames(source: string): string[] {
  return [...source.matchAll(/\(\?<([A-Za-z_$][\w$]*)>/g)].map((m) => m[1]!);
}

/**
 * The capture settings of a watched folder (FolderProfile.capture): the profile, and every named group of
 * the metadata pattern must name a metadata field, or the values would be read from the cover sheet and
 * silently lost. The message sits at `metadataPattern`.
 */
export const FolderCaptureSchema = CaptureProfileSchema.check((ctx) => {
  const pattern = ctx.value.metadataPattern;
  if (pattern === undefined) return;
  const unknown = groupNames(pattern).filter((g) => !captureGroupField(g));
  if (unknown.length > 0)
    ctx.issues.push({
      code: 'custom',
      path: ['metadataPattern'],
      message: `unknown field (?<${unknown[0]}>); name groups after metadata fields such as (?<CaseNumber>…)`,
      input: pattern,
    });
});

/** Corners in pixels of the analysed bitmap, clockwise from top-left. */
export interface BarcodePosition {
  topLeft: { x: number; y: number };
  topRight: { x: number; y: number };
  bottomRight: { x: number; y: number };
  bottomLeft: { x: number; y: number };
}

export interface PageBarcode {
  format: string;
  text: string;
  position: BarcodePosition;
}

/** What analysis found on one page. `width`/`height` are the rendered bitmap's pixels at `dpi`. */
export interface PageAnalysis {
  page: number;
  width: number;
  height: number;
  dpi: number;
  barcodes: PageBarcode[];
  /** Ink fraction of the inner area (margins ignored). */
  ink: number;
  blank: boolean;
}

/**
 * Why a file cannot be opened as pages, or is not analysed. The file itself is kept as is. `too-large`: a
 * page declares more pixels than capture decodes (electron/core/capture/pages/decode-limits.ts);
 * `too-many-pages`: more pages than the profile's `maxPages`.
 */
export const CAPTURE_PROBLEMS = [
  'encrypted',
  'damaged',
  'no-pages',
  'unsupported',
  'too-large',
  'too-many-pages',
] as const;
export type CaptureProblemCode = (typeof CAPTURE_PROBLEMS)[number];
export interface CaptureProblem {
  code: CaptureProblemCode;
  message: string;
}

/**
 * A scanned batch taken and not yet made into all of its documents (issue #30 item 6): the inbox shows it
 * in its place, with how far its analysis has come, while its documents appear one by one.
 */
export const CaptureBatchProgressSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sourceFolder: z.string(),
  /** Its place in the inbox: its documents take the same arrival. */
  receivedAt: z.string(),
  /** Pages in the file; null until a worker has opened it. */
  pages: z.number().int().min(0).nullable(),
  /** Pages looked through (including those of documents made before a restart). */
  analysed: z.number().int().min(0),
  /** Documents made from it so far. */
  documents: z.number().int().min(0),
  /**
   * A scan from the desk (issue #38): `pages` counts the pages scanned so far. `scanning` while the scanner
   * sends pages; `stopped` when it stopped with pages in (a fault, cancel, or a restart): the clerk scans
   * more into it or finishes it; `finished` once the clerk (or the feeder's end) closed it.
   */
  scan: z
    .object({
      scanner: z.string(),
      state: z.enum(['scanning', 'stopped', 'finished']),
      problem: z.enum(SCANNER_PROBLEMS).optional(),
    })
    .optional(),
});
export type CaptureBatchProgress = z.infer<typeof CaptureBatchProgressSchema>;

/** The content id of a held batch's original (its page thumbnails in the review), read like a document's. */
export const HELD_CONTENT_PREFIX = 'held-';
/**
 * A held scan's page `page` (0-based), read like a document: a scan from the desk has a page file per page
 * (JPEG/PNG as the scanner sent it), not one scanner file.
 */
export const heldScanPageId = (batchId: string, page: number) => `${HELD_CONTENT_PREFIX}${batchId}.p${page}`;
/** The batch and page a heldScanPageId names, or undefined for any other id. */
export function parseHeldScanPageId(id: string): { batchId: string; page: number } | undefined {
  const m = /^held-(.+)\.p(\d{1,6})$/.exec(id);
  return m ? { batchId: m[1]!, page: Number(m[2]) } : undefined;
}

/** What a page of a held batch is in its plan (issue #38 item 8). */
export const HeldPageSchema = z.object({
  page: z.number().int().min(0),
  role: z.enum(['content', 'separator', 'blank']),
});
export type HeldPage = z.infer<typeof HeldPageSchema>;

/**
 * A batch held for review: every page with its role, and the documents the plan would make (0-based
 * pages, in scanner order); a page in no document is left out (a separator sheet, a blank page dropped).
 */
export const HeldBatchSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sourceFolder: z.string(),
  receivedAt: z.string(),
  /** A scan from the desk: its pages are read one by one (heldScanPageId), not as one original. */
  scanned: z.boolean().optional(),
  pages: z.array(HeldPageSchema),
  documents: z.array(
    z.object({
      pages: z.array(z.number().int().min(0)).min(1),
      /** Values read from the cover sheet that starts it (by Metadata-* name without the prefix). */
      metadata: z.record(z.string(), z.string()),
    }),
  ),
});
export type HeldBatch = z.infer<typeof HeldBatchSchema>;

/**
 * The split the clerk releases: each document's pages, in scanner order, none twice. A document keeps the
 * cover-sheet values of the planned document in the same place (moving a boundary or taking a blank page
 * back does not change the number of documents).
 */
export const ReleasedSplitSchema = z
  .array(z.array(z.number().int().min(0).max(100_000)).min(1).max(10_000))
  .min(1)
  .max(10_000);

/** Why a released split cannot be made, or undefined: pages outside the batch, out of order or twice. */
export function releasedSplitProblem(documents: readonly (readonly number[])[], pageCount: number): string | undefined {
  let last = -1;
  for (const [i, pages] of documents.entries()) {
    if (pages.length === 0) return `document ${i + 1} has no pages`;
    for (const p of pages) {
      if (p >= pageCount) return `page ${p + 1} is not in the batch (${pageCount} pages)`;
      if (p <= last) return `page ${p + 1} is out of scanner order or in two documents`;
      last = p;
    }
  }
  return undefined;
}
