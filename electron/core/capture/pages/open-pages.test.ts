import { describe, expect, it } from 'vitest';
import { openPages } from './open-pages';
import { passwordProtectedPdf, truncated, zeroPagePdf } from '../test-support/odd-files';
import { encodeJpeg, encodePng, pdfOfScans, renderScan, tiffOfScans } from '../test-support/synthetic-scan';

const A4_200 = { width: 1654, height: 2339 };

describe('openPages', () => {
  it('opens a scanner PDF, a multi-page G4 TIFF, an uncompressed TIFF, a JPEG and a PNG as pages', async () => {
    const a = await renderScan({ textLines: 5 }, { dpi: 200 });
    const b = await renderScan({ textLines: 1 }, { dpi: 200, rotate: 90 });
    const files = {
      pdf: await pdfOfScans([a, b, a]),
      g4: await tiffOfScans([a, b, a, b], { compression: 'g4' }),
      tiff: await tiffOfScans([a, b], { compression: 'none' }),
      jpeg: await encodeJpeg(a),
      png: await encodePng(b),
    };
    const counts: Record<string, number> = {};
    for (const [name, bytes] of Object.entries(files)) {
      const r = await openPages(bytes);
      if (!r.ok) throw new Error(`${name}: ${r.problem.message}`);
      counts[name] = r.source.pageCount;
      const first = await r.source.render(0, 200);
      expect([first.width, first.height], name).toEqual(
        name === 'png' ? [A4_200.height, A4_200.width] : [A4_200.width, A4_200.height],
      );
      // Rendering at 100 DPI halves each side.
      const half = await r.source.render(0, 100);
      expect(Math.abs(half.width - first.width / 2), name).toBeLessThanOrEqual(1);
      r.source.close();
    }
    expect(counts).toEqual({ pdf: 3, g4: 4, tiff: 2, jpeg: 1, png: 1 });
  });

  it("takes an image's own resolution (a 300 DPI JPEG renders at 200 DPI as A4 at 200 DPI)", async () => {
    const page = await renderScan({ textLines: 1 }, { dpi: 300 });
    const r = await openPages(await encodeJpeg(page, 80, 300));
    if (!r.ok) throw new Error(r.problem.message);
    const b = await r.source.render(0, 200);
    expect(Math.abs(b.width - A4_200.width)).toBeLessThanOrEqual(1);
    expect(r.source.pageSize(0).widthPt).toBeCloseTo(595.3, 0);
  });

  it('renders a TIFF page as its pixels are (page 2 is the turned one)', async () => {
    const a = await renderScan({ textLines: 3 }, { dpi: 150 });
    const b = await renderScan({ textLines: 3 }, { dpi: 150, rotate: 90 });
    const r = await openPages(await tiffOfScans([a, b], { compression: 'g4', dpi: 150 }));
    if (!r.ok) throw new Error(r.problem.message);
    const p2 = await r.source.render(1, 150);
    expect([p2.width, p2.height]).toEqual([b.width, b.height]);
    let same = 0;
    for (let i = 0; i < b.data.length; i++) if (p2.data[i]! < 128 === b.data[i]! < 128) same++;
    expect(same / b.data.length).toBeGreaterThan(0.999);
    expect(r.source.pageSize(1).widthPt).toBeCloseTo((b.width / 150) * 72, 1);
  });

  it('says a password-protected PDF is encrypted', async () => {
    const r = await openPages(passwordProtectedPdf());
    expect(r).toMatchObject({ ok: false, problem: { code: 'encrypted' } });
  });

  it('says a cut-off PDF or TIFF is damaged', async () => {
    const page = await renderScan({ textLines: 2 });
    expect(await openPages(truncated(await pdfOfScans([page])))).toMatchObject({ problem: { code: 'damaged' } });
    expect(await openPages(new TextEncoder().encode('II*\0garbage'))).toMatchObject({ problem: { code: 'damaged' } });
    expect(await openPages(truncated(await encodePng(page)))).toMatchObject({ ok: false });
  });

  it('says a PDF without pages, an empty file and a text file have no pages or are unsupported', async () => {
    expect((await openPages(await zeroPagePdf())).ok).toBe(false);
    expect(await openPages(await zeroPagePdf())).toMatchObject({ problem: { code: 'no-pages' } });
    expect(await openPages(new Uint8Array())).toMatchObject({ problem: { code: 'no-pages' } });
    expect(await openPages(new TextEncoder().encode('hello'))).toMatchObject({ problem: { code: 'unsupported' } });
  });
});
