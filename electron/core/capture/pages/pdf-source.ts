import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Box } from '../../../../shared/domain/suggestions';
import type { GrayBitmap } from './bitmap';
import { DECODE_LIMITS, renderSize, tooLargeMessage, TooLargeError, tooManySourcePixels } from './decode-limits';
import { decodeJpegGray, fullPageJpeg } from './pdf-jpeg-page';
import type { OpenResult, PageSource } from './page-source';
import { problem } from './page-source';
import type { Pdfium } from './pdfium';
import { BITMAP_GRAY, FPDF_ERR, loadPdfium, RENDER_FLAGS } from './pdfium';

export async function openPdf(bytes: Uint8Array): Promise<OpenResult> {
  const m = await loadPdfium();
  // PDFium reads the document from this memory for as long as it is open.
  const ptr = m.pdfium.wasmExports.malloc(bytes.length);
  m.pdfium.HEAPU8.set(bytes, ptr);
  return finishOpen(m, m.FPDF_LoadMemDocument(ptr, bytes.length, ''), () => m.pdfium.wasmExports.free(ptr));
}

/**
 * Opens a PDF file without holding it in memory: PDFium asks for the blocks it needs and they are read
 * from the file straight into its heap (FPDF_LoadCustomDocument). A 30 MB scan then costs no 30 MB in the
 * WASM heap plus 30 MB in JS per worker. The file must not change while open (the worker checks).
 */
export async function openPdfFile(path: string): Promise<OpenResult> {
  const m = await loadPdfium();
  const fd = openSync(path, 'r');
  const size = fstatSync(fd).size;
  if (size >= 2 ** 32) {
    closeSync(fd);
    return problem('unsupported', 'PDF files of 4 GB and more are not supported');
  }
  // int GetBlock(void* param, unsigned long position, unsigned char* buf, unsigned long size)
  const getBlock = m.pdfium.addFunction((_param: number, position: number, buf: number, length: number) => {
    try {
      const heap = m.pdfium.HEAPU8; // fresh: the heap's buffer changes when it grows
      return readSync(fd, heap, buf, length, position) === length ? 1 : 0;
    } catch {
      return 0;
    }
  }, 'iiiii');
  // FPDF_FILEACCESS { unsigned long m_FileLen; GetBlock* m_GetBlock; void* m_Param; } (wasm32: 3 × 4 bytes)
  const access = m.pdfium.wasmExports.malloc(12);
  m.pdfium.setValue(access, size, 'i32');
  m.pdfium.setValue(access + 4, getBlock, 'i32');
  m.pdfium.setValue(access + 8, 0, 'i32');
  return finishOpen(m, m.FPDF_LoadCustomDocument(access, ''), () => {
    m.pdfium.wasmExports.free(access);
    m.pdfium.removeFunction(getBlock);
    closeSync(fd);
  });
}

function finishOpen(m: Pdfium, doc: number, release: () => void): OpenResult {
  if (!doc) {
    const err = m.FPDF_GetLastError();
    release();
    if (err === FPDF_ERR.PASSWORD) return problem('encrypted', 'the PDF is protected by a password to open it');
    if (err === FPDF_ERR.SECURITY) return problem('encrypted', 'the PDF uses an encryption this program cannot read');
    return problem('damaged', `the PDF cannot be read (damaged or not a PDF; PDFium error ${err})`);
  }
  const pageCount = m.FPDF_GetPageCount(doc);
  if (pageCount <= 0) {
    m.FPDF_CloseDocument(doc);
    release();
    return problem('no-pages', 'the PDF has no pages');
  }
  return { ok: true, source: new PdfSource(m, doc, release, pageCount) };
}

class PdfSource implements PageSource {
  readonly kind = 'pdf' as const;
  private closed = false;
  /** Off only to compare with PDFium's own rendering (tests, bench). */
  fastJpeg = true;
  constructor(
    private readonly m: Pdfium,
    private readonly doc: number,
    private readonly release: () => void,
    readonly pageCount: number,
  ) {}

  pageSize(index: number) {
    const page = this.loadPage(index);
    try {
      return { widthPt: this.m.FPDF_GetPageWidthF(page), heightPt: this.m.FPDF_GetPageHeightF(page) };
    } finally {
      this.m.FPDF_ClosePage(page);
    }
  }

  imageBoxes(index: number): Box[] {
    const m = this.m;
    const page = this.loadPage(index);
    try {
      if (m.FPDFPage_GetRotation(page) !== 0) return [];
      const widthPt = m.FPDF_GetPageWidthF(page);
      const heightPt = m.FPDF_GetPageHeightF(page);
      const count = Math.min(m.FPDFPage_CountObjects(page), DECODE_LIMITS.maxPageObjectsChecked);
      const bounds = m.pdfium.wasmExports.malloc(16);
      const out: Box[] = [];
      try {
        for (let i = 0; i < count; i++) {
          const obj = m.FPDFPage_GetObject(page, i);
          if (!obj || m.FPDFPageObj_GetType(obj) !== IMAGE_OBJECT) continue;
          if (!m.FPDFPageObj_GetBounds(obj, bounds, bounds + 4, bounds + 8, bounds + 12)) continue;
          const [left, bottom, right, top] = [0, 4, 8, 12].map((o) => m.pdfium.getValue(bounds + o, 'float') as number);
          out.push({
            x: left! / widthPt,
            y: 1 - top! / heightPt,
            w: (right! - left!) / widthPt,
            h: (top! - bottom!) / heightPt,
          });
        }
      } finally {
        m.pdfium.wasmExports.free(bounds);
      }
      return out;
    } finally {
      m.FPDF_ClosePage(page);
    }
  }

  scanDpi(index: number): number | undefined {
    const page = this.loadPage(index);
    try {
      return imageDpi(this.m, page);
    } finally {
      this.m.FPDF_ClosePage(page);
    }
  }

  async render(index: number, dpi: number): Promise<GrayBitmap> {
    const m = this.m;
    const page = this.loadPage(index);
    let bitmap = 0;
    try {
      const widthPt = m.FPDF_GetPageWidthF(page);
      const heightPt = m.FPDF_GetPageHeightF(page);
      // A 14400-pt MediaBox at 200 DPI would be a 1.6-gigapixel bitmap: the page is analysed downscaled.
      const { width, height } = renderSize({ widthPt, heightPt }, dpi);
      const jpeg = this.fastJpeg ? fullPageJpeg(m, page, widthPt, heightPt) : undefined;
      if (jpeg) {
        const decoded = await decodeJpegGray(jpeg, width, height).catch(() => undefined);
        if (decoded) return decoded;
      }
      // PDFium decodes an image whole before scaling it: a 30k² grey image took the process to 1.2 GB.
      refuseLargeImages(m, page);
      bitmap = m.FPDFBitmap_CreateEx(width, height, BITMAP_GRAY, 0, 0);
      if (!bitmap) throw new Error(`PDFium could not allocate a ${width}×${height} bitmap`);
      m.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      m.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, RENDER_FLAGS);
      const buffer = m.FPDFBitmap_GetBuffer(bitmap);
      const stride = m.FPDFBitmap_GetStride(bitmap);
      const heap = m.pdfium.HEAPU8;
      const data = new Uint8Array(width * height);
      if (stride === width) data.set(heap.subarray(buffer, buffer + width * height));
      else
        for (let y = 0; y < height; y++)
          data.set(heap.subarray(buffer + y * stride, buffer + y * stride + width), y * width);
      return { width, height, data };
    } finally {
      if (bitmap) m.FPDFBitmap_Destroy(bitmap);
      m.FPDF_ClosePage(page);
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.m.FPDF_CloseDocument(this.doc);
    this.release();
  }

  private loadPage(index: number): number {
    if (this.closed) throw new Error('the PDF was closed');
    if (!Number.isInteger(index) || index < 0 || index >= this.pageCount) throw new RangeError(`no page ${index}`);
    const page = this.m.FPDF_LoadPage(this.doc, index);
    if (!page) throw new Error(`PDFium could not load page ${index + 1} (error ${this.m.FPDF_GetLastError()})`);
    return page;
  }
}

const IMAGE_OBJECT = 3;

/**
 * The resolution of the page's largest image as placed: its pixel width over its width on the page
 * (FPDFPageObj_GetBounds, in points); undefined without an image. Only the image's dictionary is read,
 * never its pixels (a hostile image is refused by refuseLargeImages when the page renders).
 */
function imageDpi(m: Pdfium, page: number): number | undefined {
  const count = Math.min(m.FPDFPage_CountObjects(page), DECODE_LIMITS.maxPageObjectsChecked);
  // Two ints (pixel size), then four floats (left, bottom, right, top).
  const scratch = m.pdfium.wasmExports.malloc(24);
  let largest = 0;
  let dpi: number | undefined;
  try {
    for (let i = 0; i < count; i++) {
      const obj = m.FPDFPage_GetObject(page, i);
      if (!obj || m.FPDFPageObj_GetType(obj) !== IMAGE_OBJECT) continue;
      if (!m.FPDFImageObj_GetImagePixelSize(obj, scratch, scratch + 4)) continue;
      if (!m.FPDFPageObj_GetBounds(obj, scratch + 8, scratch + 12, scratch + 16, scratch + 20)) continue;
      const width = (m.pdfium.getValue(scratch, 'i32') as number) >>> 0;
      const height = (m.pdfium.getValue(scratch + 4, 'i32') as number) >>> 0;
      const [left, bottom, right, top] = [8, 12, 16, 20].map((o) => m.pdfium.getValue(scratch + o, 'float') as number);
      // Long side over long side: the same for an image turned a quarter on the page.
      const placed = Math.max(right! - left!, top! - bottom!) / 72;
      if (width * height > largest && placed > 0) {
        largest = width * height;
        dpi = Math.max(width, height) / placed;
      }
    }
  } finally {
    m.pdfium.wasmExports.free(scratch);
  }
  return dpi;
}

/** Throws TooLargeError when an image on the page declares more than the source pixel limit. */
function refuseLargeImages(m: Pdfium, page: number): void {
  const count = Math.min(m.FPDFPage_CountObjects(page), DECODE_LIMITS.maxPageObjectsChecked);
  const size = m.pdfium.wasmExports.malloc(8);
  try {
    for (let i = 0; i < count; i++) {
      const obj = m.FPDFPage_GetObject(page, i);
      if (!obj || m.FPDFPageObj_GetType(obj) !== IMAGE_OBJECT) continue;
      if (!m.FPDFImageObj_GetImagePixelSize(obj, size, size + 4)) continue;
      const width = m.pdfium.getValue(size, 'i32') as number;
      const height = m.pdfium.getValue(size + 4, 'i32') as number;
      if (tooManySourcePixels(width >>> 0, height >>> 0))
        throw new TooLargeError(tooLargeMessage(width >>> 0, height >>> 0));
    }
  } finally {
    m.pdfium.wasmExports.free(size);
  }
}
