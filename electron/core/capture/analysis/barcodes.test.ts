import { describe, expect, it } from 'vitest';
import { readPageBarcodes } from './barcodes';
import { openPages } from '../pages/open-pages';
import type { CodeSpec, ScanEffects } from '../test-support/synthetic-scan';
import { pdfOfScans, renderScan, tiffOfScans } from '../test-support/synthetic-scan';

const FOUR: CodeSpec[] = [
  { text: 'PATCHT', format: 'Code128', xMm: 20, yMm: 15 },
  { text: 'CLM-2024-000123', format: 'QRCode', xMm: 150, yMm: 15 },
  { text: 'INV-77', format: 'Code39', xMm: 20, yMm: 250 },
  { text: 'DM-42', format: 'DataMatrix', xMm: 160, yMm: 250 },
];
const EXPECTED = ['Code128:PATCHT', 'Code39:INV-77', 'DataMatrix:DM-42', 'QRCode:CLM-2024-000123'];
const found = async (effects: ScanEffects, codes = FOUR) =>
  (await readPageBarcodes(await renderScan({ codes, textLines: 12 }, effects)))
    .map((b) => `${b.format}:${b.text}`)
    .sort();

describe('readPageBarcodes', () => {
  it('reads Code 128, Code 39, QR and DataMatrix on an A4 page at 200 DPI, with their positions', async () => {
    const page = await renderScan({ codes: FOUR, textLines: 12 }, { dpi: 200 });
    const codes = await readPageBarcodes(page);
    expect(codes.map((b) => `${b.format}:${b.text}`).sort()).toEqual(EXPECTED);
    const qr = codes.find((b) => b.format === 'QRCode')!;
    // Drawn at 150 mm / 15 mm: 1181 px / 118 px at 200 DPI.
    expect(Math.abs(qr.position.topLeft.x - 1181)).toBeLessThan(6);
    expect(Math.abs(qr.position.topLeft.y - 118)).toBeLessThan(6);
  });

  it.each([
    ['turned 90°', { rotate: 90 }],
    ['upside down', { rotate: 180 }],
    ['turned 270°', { rotate: 270 }],
    ['blurred with noise', { blur: 1, noise: 30 }],
    ['low contrast (a faded copy)', { levels: [115, 205], noise: 12 }],
    ['300 DPI', { dpi: 300 }],
  ] as Array<[string, ScanEffects]>)('reads all four when the page is %s', async (_name, effects) => {
    expect(await found(effects)).toEqual(EXPECTED);
  });

  it('reads all four at 150 DPI when 1-D bars are at least 0.4 mm (a 0.33 mm bar is under 2 px there)', async () => {
    const wider = FOUR.map((c) => (c.format.startsWith('Code') ? { ...c, moduleMm: 0.42 } : c));
    expect(await found({ dpi: 150 }, wider)).toEqual(EXPECTED);
  });

  it('reads a fax-quality page: 1-bit, noisy, in a CCITT G4 TIFF', async () => {
    const page = await renderScan(
      { codes: [{ text: 'PATCHT', format: 'Code128', moduleMm: 0.42 }, FOUR[1]!], textLines: 20 },
      { dpi: 200, blur: 1, noise: 45, bilevel: true },
    );
    const r = await openPages(await tiffOfScans([page], { compression: 'g4' }));
    if (!r.ok) throw new Error(r.problem.message);
    const codes = await readPageBarcodes(await r.source.render(0, 200));
    expect(codes.map((b) => b.text).sort()).toEqual(['CLM-2024-000123', 'PATCHT']);
  });

  it('reads codes from a scanner PDF page (JPEG inside)', async () => {
    const page = await renderScan({ codes: FOUR, textLines: 12 }, { noise: 10 });
    const r = await openPages(await pdfOfScans([page]));
    if (!r.ok) throw new Error(r.problem.message);
    const codes = await readPageBarcodes(await r.source.render(0, 200));
    expect(codes.map((b) => `${b.format}:${b.text}`).sort()).toEqual(EXPECTED);
  });

  it('never guesses: a code with a torn-off part gives nothing, not a wrong value', async () => {
    const page = await renderScan({ codes: [{ text: 'CLM-2024-000123', format: 'Code128', xMm: 20, yMm: 20 }] });
    // White out a 4 mm band across the middle of the bars (200 DPI: 31 px) on every row.
    const x0 = Math.round((35 / 25.4) * 200);
    for (let y = 0; y < page.height; y++) page.data.fill(255, y * page.width + x0, y * page.width + x0 + 31);
    expect(await readPageBarcodes(page)).toEqual([]);
  });

  it('finds nothing on a page of text and on a blank page', async () => {
    expect(await readPageBarcodes(await renderScan({ textLines: 30 }, { noise: 10 }))).toEqual([]);
    expect(await readPageBarcodes(await renderScan({ specks: 40 }, { noise: 10 }))).toEqual([]);
  });
});
