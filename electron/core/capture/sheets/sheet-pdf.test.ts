import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analysePage } from '../analysis/analyse-page';
import { planSeparation } from '../analysis/planner';
import { DEFAULT_CAPTURE_PROFILE } from '../../../../shared/domain/capture';
import { openPages } from '../pages/open-pages';
import { scanOfPrintedPdf } from '../test-support/printed-scan';
import { pdfOfScans } from '../test-support/synthetic-scan';
import { Code128Error } from './code128';
import { sheetPdf } from './sheet-pdf';

const CASE = 'CLM-2026-000102';
const codesOf = async (pdf: Uint8Array, dpi: number, skew: number) => {
  // The scanner's PDF (a JPEG per page at its resolution), read as capture reads a batch.
  const scanned = await pdfOfScans(await scanOfPrintedPdf(pdf, { dpi, skew, noise: 10 }), { dpi });
  const opened = await openPages(scanned);
  if (!opened.ok) throw new Error(opened.problem.message);
  const out: string[][] = [];
  try {
    for (let i = 0; i < opened.source.pageCount; i++) {
      const a = await analysePage(opened.source, i, { dpi: 200, blankThreshold: 0.002 });
      out.push([...new Set(a.barcodes.map((b) => `${b.format}:${b.text}`))].sort());
    }
  } finally {
    opened.source.close();
  }
  return out;
};

describe('printed sheets, scanned back, read by capture', () => {
  it.each([
    [150, -1.5],
    [200, 0.8],
    [300, -0.5],
  ])('a separator sheet scanned at %i DPI, skewed %f°: PATCHT', async (dpi, skew) => {
    const pdf = await sheetPdf({ kind: 'separator', separatorValue: 'PATCHT', copies: 1, locale: 'de' });
    expect(await codesOf(pdf, dpi, skew)).toEqual([['Code128:PATCHT']]);
  });

  it.each([
    [200, 1.2],
    [300, -1],
  ])(
    'a cover sheet at %i DPI, skewed %f°: its case number and PATCHT, and it starts a document with the case number',
    async (dpi, skew) => {
      const pdf = await sheetPdf({
        kind: 'cover',
        caseNumber: CASE,
        separatorValue: 'PATCHT',
        copies: 1,
        locale: 'en',
      });
      const codes = await codesOf(pdf, dpi, skew);
      expect(codes).toEqual([[`Code128:${CASE}`, 'Code128:PATCHT']]);
      const plan = planSeparation(
        [
          { page: 0, blank: false, barcodes: [] },
          {
            page: 1,
            blank: false,
            barcodes: codes[0]!.map((c) => ({
              format: 'Code128',
              text: c.split(':')[1]!,
              position: undefined as never,
            })),
          },
          { page: 2, blank: false, barcodes: [] },
        ],
        { ...DEFAULT_CAPTURE_PROFILE, metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$' },
      );
      expect(plan.documents.map((d) => [d.pages, d.metadata])).toEqual([
        [[0], {}],
        [[2], { CaseNumber: CASE }],
      ]);
    },
  );

  it('prints as many sheets as asked, A4, with the words in the clerk language', async () => {
    const pdf = await PDFDocument.load(
      await sheetPdf({ kind: 'separator', separatorValue: 'PATCHT', copies: 5, locale: 'de' }),
    );
    expect(pdf.getPageCount()).toBe(5);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(pdf.getTitle()).toBe('Trennblatt');
  });

  it('refuses a case number Code 128 cannot carry, before drawing anything', async () => {
    await expect(
      sheetPdf({ kind: 'cover', caseNumber: 'Schaden-Nr. 12/ä', separatorValue: 'PATCHT', copies: 1, locale: 'en' }),
    ).rejects.toThrow(Code128Error);
  });
});
