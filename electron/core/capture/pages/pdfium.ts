/**
 * PDFium (Chrome's PDF engine, BSD/Apache) compiled to WASM by @embedpdf/pdfium (MIT), loaded from
 * node_modules. Chosen over @hyzyla/pdfium by measurement (docs/capture.md): same engine, but the raw API
 * renders straight into an 8-bit grey bitmap without an extra copy. One instance per thread.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { init } from '@embedpdf/pdfium';

export type Pdfium = Awaited<ReturnType<typeof init>>;

let instance: Promise<Pdfium> | undefined;

export function loadPdfium(): Promise<Pdfium> {
  instance ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasm = await readFile(join(dirname(require.resolve('@embedpdf/pdfium')), 'pdfium.wasm'));
    const module = await init({
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    });
    module.PDFiumExt_Init();
    return module;
  })();
  return instance;
}

/** FPDF_GetLastError codes. */
export const FPDF_ERR = { UNKNOWN: 1, FILE: 2, FORMAT: 3, PASSWORD: 4, SECURITY: 5, PAGE: 6 } as const;
/** FPDFBitmap_Gray: one byte per pixel. */
export const BITMAP_GRAY = 1;
/** FPDF_GRAYSCALE | FPDF_ANNOT: stamps and signatures drawn as annotations count as ink. */
export const RENDER_FLAGS = 0x08 | 0x01;
