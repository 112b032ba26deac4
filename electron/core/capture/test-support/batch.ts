/**
 * A realistic scanned batch for benchmarks and long tests: letters of 1–6 pages at 200 DPI (JPEG in PDF,
 * like a document scanner), a PATCHT separator sheet between them (some with a case QR code), duplex blank
 * backs, now and then a page upside down. Built from a few distinct pages so 100 pages take seconds.
 */
import type { GrayBitmap } from '../pages/bitmap';
import { pdfOfScans, prng, renderScan } from './synthetic-scan';

export async function scannedBatch(pageCount: number, seed = 1): Promise<{ pdf: Uint8Array; separators: number }> {
  const rnd = prng(seed);
  const letters: GrayBitmap[] = [];
  for (let i = 0; i < 4; i++) letters.push(await renderScan({ textLines: 10 + i * 6 }, { noise: 10, seed: i + 1 }));
  const upsideDown = await renderScan({ textLines: 14 }, { noise: 10, rotate: 180 });
  const blank = await renderScan({ specks: 25 }, { noise: 10 });
  const separator = await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128', moduleMm: 0.4 }] }, { noise: 10 });
  const cover = await renderScan(
    { codes: [{ text: 'CLM-2024-000123', format: 'QRCode', xMm: 150 }], textLines: 3 },
    { noise: 10 },
  );
  const pages: GrayBitmap[] = [];
  let separators = 0;
  while (pages.length < pageCount) {
    const length = 1 + Math.floor(rnd() * 6);
    for (let p = 0; p < length && pages.length < pageCount; p++) {
      pages.push(rnd() < 0.1 ? upsideDown : letters[Math.floor(rnd() * letters.length)]!);
      if (rnd() < 0.15 && pages.length < pageCount) pages.push(blank);
    }
    if (pages.length < pageCount) {
      pages.push(rnd() < 0.5 ? separator : cover);
      separators++;
    }
  }
  return { pdf: await pdfOfScans(pages.slice(0, pageCount)), separators };
}
