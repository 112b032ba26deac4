/**
 * The scenario as a scan: 9 pages at 200 DPI (JPEG in PDF, as a document scanner writes) holding
 * three letters. The first letter's case number is in the file name (`{CaseNumber}_*.pdf`); before the
 * second and the third is a cover sheet with the case number as a QR code, and the second cover's back
 * was scanned too (duplex, blank):
 *
 *   0 A1 · 1 A2 · 2 cover CLM-…102 · 3 blank back · 4 B1 · 5 B2 · 6 cover CLM-…103 · 7 C1 · 8 C2
 */
import type { GrayBitmap } from '../pages/bitmap';
import { pdfOfScans, renderScan } from './synthetic-scan';

export const CASE_BATCH_FILE_NAME = 'CLM-2026-000101_post.pdf';
export const CASE_BATCH_CASES = ['CLM-2026-000101', 'CLM-2026-000102', 'CLM-2026-000103'] as const;
/** The folder settings that split it: a cover sheet is a separator and gives the case number. */
export const CASE_BATCH_PROFILE = {
  fileNamePattern: '{CaseNumber}_*.pdf',
  capture: {
    separatorPattern: '^CLM-',
    metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$',
    blankPages: 'drop' as const,
  },
};
/** Pages of the original in each part. */
export const CASE_BATCH_PARTS = [
  [0, 1],
  [4, 5],
  [7, 8],
] as const;

/** `covers`: the codes on the two cover sheets (default: the sandbox's case numbers 102 and 103). */
export async function caseBatch(
  covers: readonly [string, string] = [CASE_BATCH_CASES[1], CASE_BATCH_CASES[2]],
): Promise<Uint8Array> {
  const letter = (lines: number, seed: number) => renderScan({ textLines: lines }, { noise: 8, seed });
  const cover = (caseNumber: string) =>
    renderScan({ codes: [{ text: caseNumber, format: 'QRCode', xMm: 150 }], textLines: 3 }, { noise: 8 });
  const pages: GrayBitmap[] = [
    await letter(12, 1),
    await letter(6, 2),
    await cover(covers[0]),
    await renderScan({ specks: 20 }, { noise: 8 }),
    await letter(14, 3),
    await letter(4, 4),
    await cover(covers[1]),
    await letter(10, 5),
    await letter(8, 6),
  ];
  return pdfOfScans(pages);
}
