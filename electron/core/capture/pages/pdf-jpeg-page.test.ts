import { describe, expect, it } from 'vitest';
import type { GrayBitmap } from './bitmap';
import { openPages } from './open-pages';
import { pdfOfScans, renderScan } from '../test-support/synthetic-scan';

type Fast = { fastJpeg: boolean };

async function bothWays(pdf: Uint8Array, page = 0) {
  const r = await openPages(pdf);
  if (!r.ok) throw new Error(r.problem.message);
  const source = r.source as typeof r.source & Fast;
  const t0 = performance.now();
  const fast = await source.render(page, 200);
  const fastMs = performance.now() - t0;
  source.fastJpeg = false;
  const t1 = performance.now();
  const pdfium = await source.render(page, 200);
  const pdfiumMs = performance.now() - t1;
  return { fast, pdfium, fastMs, pdfiumMs };
}
const agreement = (a: GrayBitmap, b: GrayBitmap) => {
  let same = 0;
  for (let i = 0; i < a.data.length; i++) if (a.data[i]! < 128 === b.data[i]! < 128) same++;
  return same / a.data.length;
};

describe('full-page JPEG fast path', () => {
  it('gives the same page as PDFium renders, at the same size', async () => {
    const scan = await renderScan({ textLines: 20, codes: [{ text: 'PATCHT', format: 'Code128' }] }, { noise: 10 });
    const { fast, pdfium, fastMs, pdfiumMs } = await bothWays(await pdfOfScans([scan], { dpi: 300 }));
    expect([fast.width, fast.height]).toEqual([pdfium.width, pdfium.height]);
    expect(agreement(fast, pdfium)).toBeGreaterThan(0.995);
    // …by another decoder: the grey values differ in places (so the fast path did run).
    expect(Buffer.compare(Buffer.from(fast.data), Buffer.from(pdfium.data))).not.toBe(0);
    console.log(`full-page JPEG at 200 DPI: sharp ${fastMs.toFixed(0)} ms, PDFium ${pdfiumMs.toFixed(0)} ms`);
  });

  it('leaves a page that is not one upright full-page JPEG to PDFium (a PNG page here)', async () => {
    const scan = await renderScan({ textLines: 5 });
    const { fast, pdfium } = await bothWays(await pdfOfScans([scan], { image: 'png' }));
    expect(Buffer.compare(Buffer.from(fast.data), Buffer.from(pdfium.data))).toBe(0);
  });
});
