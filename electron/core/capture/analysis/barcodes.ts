/**
 * Barcodes with zxing-wasm (ZXing-C++, Apache-2.0; wrapper MIT). The WASM comes from node_modules, never
 * from its default CDN. Only codes whose checksum/error correction succeeded are returned: a code that
 * does not decode is not guessed.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { ReaderOptions } from 'zxing-wasm/reader';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { PageBarcode } from '../../../../shared/domain/capture';
import type { GrayBitmap } from '../pages/bitmap';
import { grayToPgm } from '../pages/bitmap';

export const DEFAULT_FORMATS = ['Code128', 'Code39', 'QRCode', 'DataMatrix'] as const;

let ready: Promise<unknown> | undefined;
let pgm: Uint8Array | undefined;
/** Loads the reader's WASM ahead of the first page (a pool warmed up at start, capture-pool.ts). */
export function ensureReader() {
  ready ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  return ready;
}

/**
 * tryHarder scans every row (1-D codes anywhere on the page), tryRotate also reads 90°-turned pages,
 * tryDownscale finds large 2-D codes on a smaller copy. tryInvert (white on black) is off: it doubles the
 * time and scanners do not produce it. Measured per A4 page at 200 DPI: 35–230 ms (docs/capture.md).
 */
const READER_OPTIONS: ReaderOptions = {
  tryHarder: true,
  tryRotate: true,
  tryInvert: false,
  tryDownscale: true,
  maxNumberOfSymbols: 16,
};

/** 1-D symbologies: the ones the second look (FixedThreshold) is for. */
const LINEAR = new Set(['Code128', 'Code39', 'Code93', 'Codabar', 'ITF', 'EAN13', 'EAN8', 'UPCA', 'UPCE']);

/**
 * The second look at a page's 1-D codes, with a fixed threshold (mid-grey) instead of the local-average
 * binarizer. A bar whose edges fall between pixels is grey there; the local average turns some of those
 * 3-px bars into 2 and some 4-px spaces into 5, and a Code 39 with a 2:1 ratio then no longer tells
 * narrow from wide. Mid-grey keeps each edge where the ink is half, and the bars their widths. About 5 ms
 * per A4 page at 200 DPI (1-D only, no downscaling), against 45–55 ms for the first look; a code read by
 * both is reported once.
 */
const SECOND_LOOK: ReaderOptions = {
  ...READER_OPTIONS,
  binarizer: 'FixedThreshold',
  tryDownscale: false,
};

/** zxing's name of a symbology (the settings write `EAN-13`, zxing `EAN13`). */
const zxingFormat = (f: string) => f.replace(/-/g, '');

export async function readPageBarcodes(
  bitmap: GrayBitmap,
  formats: readonly string[] = DEFAULT_FORMATS,
): Promise<PageBarcode[]> {
  await ensureReader();
  // One buffer per thread, reused page after page (readBarcodes copies it into the WASM heap first).
  pgm = grayToPgm(bitmap, pgm);
  const wanted = formats.map(zxingFormat) as NonNullable<ReaderOptions['formats']>;
  const results = await readBarcodes(pgm, { ...READER_OPTIONS, formats: wanted });
  const linear = wanted.filter((f) => LINEAR.has(f));
  if (linear.length > 0) results.push(...(await readBarcodes(pgm, { ...SECOND_LOOK, formats: linear })));
  const seen = new Set<string>();
  const out: PageBarcode[] = [];
  for (const r of results) {
    if (!r.isValid || r.error) continue;
    const key = `${r.format}\u0000${r.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const p = r.position;
    out.push({
      format: r.format,
      text: r.text,
      position: { topLeft: p.topLeft, topRight: p.topRight, bottomRight: p.bottomRight, bottomLeft: p.bottomLeft },
    });
  }
  return out;
}
