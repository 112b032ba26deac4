import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { openPages } from '../pages/open-pages';
import type { PlannedDocument } from '../analysis/planner';
import { buildParts } from './split-writer';
import { passwordProtectedPdf } from '../test-support/odd-files';
import { encodeJpeg, encodePng, pdfOfScans, renderScan, tiffOfScans } from '../test-support/synthetic-scan';

const doc = (...pages: number[]): PlannedDocument => ({
  pages,
  metadata: {},
  flaggedBlankPages: [],
  separatorPages: [],
});
const link = { fileName: 'batch.pdf', sha256: 'ab'.repeat(32) };

/** Filters of every image XObject in a PDF, with their bytes. */
async function imagesOf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  const out: Array<{ filter: string; contents: Uint8Array }> = [];
  for (const [, obj] of pdf.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype'))?.toString() === '/Image')
      out.push({ filter: String(obj.dict.get(PDFName.of('Filter'))), contents: obj.contents });
  }
  return { pageCount: pdf.getPageCount(), images: out, subject: pdf.getSubject() };
}

describe('buildParts', () => {
  it('splits a scanner PDF by copying its pages: the JPEG streams come out byte for byte', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => renderScan({ textLines: n })));
    const original = await pdfOfScans(pages);
    const r = await buildParts(original, [doc(0, 1), doc(3)], link);
    if (!r.ok) throw new Error(r.problem.message);
    const src = await imagesOf(original);
    const a = await imagesOf(r.parts[0]!);
    const b = await imagesOf(r.parts[1]!);
    expect([a.pageCount, b.pageCount]).toEqual([2, 1]);
    expect(a.images.map((i) => i.filter)).toEqual(['/DCTDecode', '/DCTDecode']);
    const srcJpegs = src.images.map((i) => Buffer.from(i.contents).toString('base64'));
    for (const img of [...a.images, ...b.images])
      expect(srcJpegs).toContain(Buffer.from(img.contents).toString('base64'));
    // The link to the original is inside each part.
    expect(a.subject).toContain(link.sha256);
    expect(b.subject).toContain('pages 4');
  });

  it('copies a single-strip CCITT G4 TIFF page as G4 (no recompression) and it renders as the original', async () => {
    // 120 rows: sharp/libtiff writes one strip of up to 256 rows, so this page is a single strip.
    const page = await renderScan({ textLines: 1, codes: [{ text: 'PATCHT', format: 'Code128', yMm: 2 }] });
    const small = { width: page.width, height: 120, data: page.data.slice(page.width * 100, page.width * 220) };
    const tiff = await tiffOfScans([small, small], { compression: 'g4' });
    const r = await buildParts(tiff, [doc(1)], link);
    if (!r.ok) throw new Error(r.problem.message);
    const part = await imagesOf(r.parts[0]!);
    expect(part.images.map((i) => i.filter)).toEqual(['/CCITTFaxDecode']);
    const opened = await openPages(r.parts[0]!);
    if (!opened.ok) throw new Error(opened.problem.message);
    const rendered = await opened.source.render(0, 200);
    expect([rendered.width, rendered.height]).toEqual([small.width, small.height]);
    let same = 0;
    for (let i = 0; i < small.data.length; i++) if (rendered.data[i]! < 128 === small.data[i]! < 128) same++;
    expect(same / small.data.length).toBeGreaterThan(0.995);
  });

  it('stores other TIFF pages losslessly (Flate) with their size in points', async () => {
    const page = await renderScan({ textLines: 2 }, { dpi: 150 });
    const r = await buildParts(await tiffOfScans([page], { compression: 'none', dpi: 150 }), [doc(0)], link);
    if (!r.ok) throw new Error(r.problem.message);
    const part = await imagesOf(r.parts[0]!);
    expect(part.images.map((i) => i.filter)).toEqual(['/FlateDecode']);
    const pdf = await PDFDocument.load(r.parts[0]!);
    expect(pdf.getPage(0).getWidth()).toBeCloseTo(595.3, 0);
  });

  it('embeds a JPEG file as JPEG and a PNG file as PNG', async () => {
    const page = await renderScan({ textLines: 2 });
    const jpeg = await encodeJpeg(page, 80, 200);
    const j = await buildParts(jpeg, [doc(0)], link);
    if (!j.ok) throw new Error(j.problem.message);
    const ji = await imagesOf(j.parts[0]!);
    expect(ji.images.map((i) => i.filter)).toEqual(['/DCTDecode']);
    expect(Buffer.compare(Buffer.from(ji.images[0]!.contents), Buffer.from(jpeg))).toBe(0);
    const p = await buildParts(await encodePng(page, 200), [doc(0)], link);
    expect(p.ok).toBe(true);
  });

  it('refuses to split an encrypted PDF: a problem, no parts', async () => {
    expect(await buildParts(passwordProtectedPdf(), [doc(0)], link)).toMatchObject({
      ok: false,
      problem: { code: 'encrypted' },
    });
  });
});
