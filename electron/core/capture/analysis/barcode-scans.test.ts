import { describe, expect, it } from 'vitest';
import { CAPTURE_BARCODE_FORMATS } from '../../../../shared/domain/capture';
import { analysePage, readingDpi } from './analyse-page';
import { openPages } from '../pages/open-pages';
import type { TestCodeFormat } from '../test-support/synthetic-scan';
import { encodePng, pdfOfScans, renderScan } from '../test-support/synthetic-scan';

// Issue #30 item 3: paperless-ngx reads a Code 39 "CUSTOM BARCODE" that capture missed. The cause is the
// class, not the space: 1-D codes whose bars are resampled to fractions of a pixel (a 300- or 240-DPI scan
// read at the profile's 200 DPI), which the local-average binarizer turns into bars of uneven width. Scans
// made here: A4 pages with the code, some text under it, blur and noise, packed as a scanner does (JPEG in PDF, or
// PNG with its density), analysed as capture does (analysePage, profile at 200 DPI).
const PROFILE = { dpi: 200, blankThreshold: 0.002 };

async function analysed(file: Uint8Array, formats?: readonly string[]) {
  const r = await openPages(file);
  if (!r.ok) throw new Error(r.problem.message);
  try {
    return await analysePage(r.source, 0, { ...PROFILE, ...(formats ? { formats } : {}) });
  } finally {
    r.source.close();
  }
}

async function scan(format: TestCodeFormat, text: string, dpi: number, moduleMm?: number) {
  return renderScan(
    { codes: [{ text, format, xMm: 40, yMm: 20, ...(moduleMm ? { moduleMm } : {}) }], textLines: 6 },
    { dpi, blur: 1, noise: 8, seed: Math.round(dpi * 10 + (moduleMm ?? 0) * 100) },
  );
}

describe('every barcode a peer reads', () => {
  const grid: Array<[TestCodeFormat, string, number, number]> = [];
  for (const [format, text] of [
    ['Code39', 'CUSTOM BARCODE'],
    ['Code128', 'ASN 00123'],
  ] as const)
    for (const dpi of [200, 240, 300]) for (const mm of [0.33, 0.4, 0.5]) grid.push([format, text, dpi, mm]);

  it.each(grid)(
    'a %s "%s" in a %i-DPI scanner PDF with %f mm bars is read (profile at 200 DPI)',
    async (format, text, dpi, mm) => {
      const page = await analysed(await pdfOfScans([await scan(format, text, dpi, mm)], { dpi }));
      expect(page.barcodes.map((b) => `${b.format}:${b.text}`)).toEqual([`${format}:${text}`]);
      // Read at the scan's own resolution, never under the profile's.
      expect(page.dpi).toBe(Math.max(200, dpi));
    },
  );

  it('a 300-DPI PNG (density in the file) with a 0.4 mm Code 39 holding a space is read', async () => {
    const page = await analysed(await encodePng(await scan('Code39', 'CUSTOM BARCODE', 300, 0.4), 300));
    expect(page.barcodes.map((b) => b.text)).toEqual(['CUSTOM BARCODE']);
    expect(page.dpi).toBe(300);
  });

  const symbologies: Array<[TestCodeFormat, string]> = [
    ['Code128', 'PATCHT'],
    ['Code39', 'CUSTOM BARCODE'],
    ['QRCode', 'CLM-2024-000123'],
    ['DataMatrix', 'DM 42'],
    ['Code93', 'ASN 00123'],
    ['Codabar', 'A40156B'],
    ['ITF', '12345678'],
    ['EAN13', '4006381333931'],
    ['PDF417', 'CLM-2024-000124'],
    ['Aztec', 'CASE 2024 7'],
  ];
  it('the test covers every symbology the capture settings name', () => {
    expect(symbologies.map(([f]) => f).sort()).toEqual(CAPTURE_BARCODE_FORMATS.map((f) => f.replace('-', '')).sort());
  });
  it.each(symbologies.flatMap(([f, t]) => [200, 300].map((dpi) => [f, t, dpi] as const)))(
    'every symbology the capture settings name: %s "%s" in a %i-DPI scanner PDF',
    async (format, text, dpi) => {
      const page = await analysed(await pdfOfScans([await scan(format, text, dpi)], { dpi }), CAPTURE_BARCODE_FORMATS);
      expect(page.barcodes.map((b) => `${b.format}:${b.text}`)).toEqual([`${format}:${text}`]);
    },
  );

  it('reads at the scan’s own resolution when it is finer than the profile’s, up to 300 DPI', () => {
    expect(readingDpi(200, undefined)).toBe(200);
    expect(readingDpi(200, 150)).toBe(200);
    expect(readingDpi(200, 240)).toBe(240);
    expect(readingDpi(200, 600)).toBe(300);
    expect(readingDpi(400, 300)).toBe(400);
  });
});
