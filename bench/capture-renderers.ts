/**
 * Which renderer, by measurement: the PDFium WASM build the app uses (@embedpdf/pdfium) on scanner PDF
 * pages (a JPEG per page) and on a vector page, and utif2 vs sharp (libtiff) on G4 and uncompressed TIFF
 * pages; A4 at 200 DPI into 8-bit grey. Rounds are interleaved (this VM drifts minute to minute). The other
 * PDFium build it was chosen against (@hyzyla/pdfium) is no longer a dependency: its figures are in
 * docs/capture.md ("PDF renderer").
 *   npx tsx bench/capture-renderers.ts [--rounds 5]
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { init } from '@embedpdf/pdfium';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import UTIF from 'utif2';
import { pdfOfScans, renderScan, tiffOfScans } from '../electron/core/capture/test-support/synthetic-scan';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const require = createRequire(import.meta.url);
const DPI = 200;
const scale = DPI / 72;

const pages = [
  await renderScan({ textLines: 20 }, { noise: 10 }),
  await renderScan({ textLines: 10, codes: [{ text: 'PATCHT', format: 'Code128' }] }, { noise: 10 }),
  await renderScan({ textLines: 30 }, { noise: 10, rotate: 180 }),
];
const scanPdf = await pdfOfScans(pages);
const vectorPdf = await (async () => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 3; p++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let l = 0; l < 50; l++)
      page.drawText(`Line ${l} of a typed letter, page ${p + 1}: Schadenmeldung 2024-000123`, {
        x: 50,
        y: 800 - l * 15,
        size: 10,
        font,
      });
  }
  return doc.save();
})();
const g4 = await tiffOfScans(pages, { compression: 'g4' });
const raw = await tiffOfScans(pages, { compression: 'none' });

const wasm = await readFile(join(dirname(require.resolve('@embedpdf/pdfium')), 'pdfium.wasm'));
const embed = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) });
embed.PDFiumExt_Init();

function embedPdf(bytes: Uint8Array) {
  const m = embed;
  const ptr = m.pdfium.wasmExports.malloc(bytes.length);
  m.pdfium.HEAPU8.set(bytes, ptr);
  const doc = m.FPDF_LoadMemDocument(ptr, bytes.length, '');
  for (let i = 0; i < m.FPDF_GetPageCount(doc); i++) {
    const page = m.FPDF_LoadPage(doc, i);
    const w = Math.round(m.FPDF_GetPageWidthF(page) * scale);
    const h = Math.round(m.FPDF_GetPageHeightF(page) * scale);
    const bmp = m.FPDFBitmap_CreateEx(w, h, 1, 0, 0);
    m.FPDFBitmap_FillRect(bmp, 0, 0, w, h, 0xffffffff);
    m.FPDF_RenderPageBitmap(bmp, page, 0, 0, w, h, 0, 0x09);
    const buf = m.FPDFBitmap_GetBuffer(bmp);
    m.pdfium.HEAPU8.slice(buf, buf + m.FPDFBitmap_GetStride(bmp) * h);
    m.FPDFBitmap_Destroy(bmp);
    m.FPDF_ClosePage(page);
  }
  m.FPDF_CloseDocument(doc);
  m.pdfium.wasmExports.free(ptr);
}
function utif(bytes: Uint8Array) {
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  for (const ifd of UTIF.decode(ab)) {
    UTIF.decodeImage(ab, ifd);
    UTIF.toRGBA8(ifd);
  }
}
async function sharpTiff(bytes: Uint8Array) {
  for (let i = 0; i < 3; i++) await sharp(bytes, { page: i }).greyscale().raw().toBuffer();
}

const cases: Array<[string, () => unknown]> = [
  ['scanner PDF (JPEG pages) — @embedpdf/pdfium', () => embedPdf(scanPdf)],
  ['vector PDF (text) — @embedpdf/pdfium', () => embedPdf(vectorPdf)],
  ['TIFF CCITT G4 — utif2', () => utif(g4)],
  ['TIFF CCITT G4 — sharp (libtiff)', () => sharpTiff(g4)],
  ['TIFF uncompressed grey — utif2', () => utif(raw)],
  ['TIFF uncompressed grey — sharp (libtiff)', () => sharpTiff(raw)],
];
const times = new Map<string, number[]>(cases.map(([n]) => [n, []]));
for (const [, run] of cases) await run(); // warm-up (WASM compile, JIT)
for (let r = 0; r < rounds; r++) {
  for (const [name, run] of cases) {
    const t = performance.now();
    await run();
    times.get(name)!.push((performance.now() - t) / 3);
  }
}
console.log(`| renderer, A4 → 8-bit grey at ${DPI} DPI | ms/page, median of ${rounds} (min–max) |\n|---|---|`);
for (const [name, t] of times) {
  const s = [...t].sort((a, b) => a - b);
  console.log(`| ${name} | ${s[Math.floor(s.length / 2)]!.toFixed(0)} (${s[0]!.toFixed(0)}–${s.at(-1)!.toFixed(0)}) |`);
}
process.exit(0);
