/**
 * Builds each planned document as a new PDF with pdf-lib. Pages keep their encoding where the format
 * allows: PDF pages are copied as they are, JPEG files embedded as JPEG, PNG as PNG, a TIFF's single-strip
 * CCITT G4 page as CCITT G4 and its single-strip JPEG page as JPEG (tiff-jpeg.ts). Other TIFF pages (LZW,
 * multi-strip G4 or JPEG, 16-bit…) are decoded and stored losslessly (Flate), never re-encoded lossy.
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { CaptureProblem } from '../../../../shared/domain/capture';
import type { PageFileKind } from '../pages/file-kind';
import { sniffFileKind } from '../pages/file-kind';
import { addCcittPage, addDctPage, addPixelsPage, addRawImagePage } from './pdf-image-page';
import { jpegOfTiffPage } from './tiff-jpeg';
import { pngAsPdfImage } from './png-image';
import type { PlannedDocument } from '../analysis/planner';
import type { TiffPageInfo } from '../pages/tiff-structure';
import { readTiffStructure } from '../pages/tiff-structure';

export interface OriginalLink {
  fileName: string;
  sha256: string;
}

export type BuildResult = { ok: true; parts: Uint8Array[] } | { ok: false; problem: CaptureProblem };

export async function buildParts(
  bytes: Uint8Array,
  documents: readonly PlannedDocument[],
  original: OriginalLink,
): Promise<BuildResult> {
  const opened = await openForParts(bytes, original);
  if (!opened.ok) return opened;
  const parts: Uint8Array[] = [];
  for (const [i, d] of documents.entries()) {
    const built = await opened.build(d.pages, i, documents.length);
    if (!built.ok) return built;
    parts.push(built.bytes);
  }
  return { ok: true, parts };
}

/** Builds one part at a time from a source opened once (a batch's parts as its analysis passes each separator). */
export type PartSource =
  | {
      ok: true;
      /** Pages of the source (a JPEG or PNG file has one). */
      pageCount: number;
      /** `count` absent: the number of parts is not known yet (the part's link says `intake-part:i`). */
      build(
        pages: readonly number[],
        index: number,
        count?: number,
      ): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; problem: CaptureProblem }>;
    }
  | { ok: false; problem: CaptureProblem };

export async function openForParts(bytes: Uint8Array, original: OriginalLink): Promise<PartSource> {
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  if (!kind) return { ok: false, problem: { code: 'unsupported', message: 'not a PDF, TIFF, JPEG or PNG file' } };
  let copier: PageCopier;
  try {
    copier = await pageCopier(kind, bytes);
  } catch (e) {
    if (e instanceof EncryptedPdf)
      return { ok: false, problem: { code: 'encrypted', message: 'the PDF is encrypted; it is kept whole, as it is' } };
    return { ok: false, problem: { code: 'damaged', message: `cannot be split: ${(e as Error).message}` } };
  }
  return {
    ok: true,
    pageCount: copier.pageCount,
    build: async (pages, i, count) => {
      const doc = await PDFDocument.create();
      try {
        await copier.add(doc, [...pages]);
      } catch (e) {
        // A page tree that loops (pdf-lib recursed until the stack ran out) or a page that cannot be copied.
        return { ok: false, problem: { code: 'damaged', message: `cannot be split: ${(e as Error).message}` } };
      }
      const of = count === undefined ? '' : ` of ${count}`;
      // The link to the original travels inside each part, so a part alone still says where it came from.
      doc.setTitle(`${original.fileName} — part ${i + 1}${of}`);
      doc.setSubject(
        `Split from ${original.fileName} (sha256 ${original.sha256}), pages ${pages.map((p) => p + 1).join(',')}`,
      );
      doc.setKeywords([
        `intake-original-sha256:${original.sha256}`,
        `intake-part:${i + 1}${count === undefined ? '' : `/${count}`}`,
      ]);
      doc.setProducer('Intake Desk');
      doc.setCreator('Intake Desk capture');
      return { ok: true, bytes: await doc.save({ useObjectStreams: true }) };
    },
  };
}

/**
 * A scan from the desk as a part source (issue #38): its page files, one page each, in scanner order
 * (capture/scans/scan-page-store.ts). Each part reads only its own pages' files, so a scan that is still
 * growing can be split while the feeder runs.
 */
export function openScanPagesForParts(pageFiles: readonly string[], original: OriginalLink): PartSource {
  return {
    ok: true,
    pageCount: pageFiles.length,
    build: async (pages, i, count) => {
      const { readFile } = await import('node:fs/promises');
      const doc = await PDFDocument.create();
      try {
        for (const p of pages) {
          const file = pageFiles[p];
          if (!file) throw new Error(`no page ${p + 1}`);
          const bytes = new Uint8Array(await readFile(file));
          const kind = sniffFileKind(bytes.subarray(0, 1024));
          if (!kind) throw new Error(`page ${p + 1} is not a PDF, TIFF, JPEG or PNG file`);
          await (await pageCopier(kind, bytes)).add(doc, [0]);
        }
      } catch (e) {
        return { ok: false, problem: { code: 'damaged', message: `cannot be split: ${(e as Error).message}` } };
      }
      const of = count === undefined ? '' : ` of ${count}`;
      doc.setTitle(`${original.fileName} — part ${i + 1}${of}`);
      doc.setSubject(`Scanned in Intake Desk as ${original.fileName}, pages ${pages.map((p) => p + 1).join(',')}`);
      doc.setKeywords([
        `intake-scan:${original.sha256}`,
        `intake-part:${i + 1}${count === undefined ? '' : `/${count}`}`,
      ]);
      doc.setProducer('Intake Desk');
      doc.setCreator('Intake Desk scanning');
      return { ok: true, bytes: await doc.save({ useObjectStreams: true }) };
    },
  };
}

export interface PageCopier {
  pageCount: number;
  add: (doc: PDFDocument, pages: number[]) => Promise<void>;
}

export class EncryptedPdf extends Error {}

/** Copies a PDF's, TIFF's or image file's pages into a new PDF, in their encoding where the format allows. */
export async function pageCopier(kind: PageFileKind, bytes: Uint8Array): Promise<PageCopier> {
  switch (kind) {
    case 'pdf': {
      // Copying pages of an encrypted PDF would copy still-encrypted streams: refused, never half-done.
      const src = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
      if (src.isEncrypted) throw new EncryptedPdf();
      return {
        pageCount: src.getPageCount(),
        add: async (doc, pages) => {
          for (const p of await doc.copyPages(src, pages)) doc.addPage(p);
        },
      };
    }
    case 'jpeg':
    case 'png': {
      const meta = await sharp(bytes).metadata();
      const dpi = meta.density && meta.density > 72 ? meta.density : 200;
      return {
        pageCount: 1,
        add: async (doc, pages) => {
          if (pages.length !== 1 || pages[0] !== 0) throw new Error('an image file has one page');
          // A PNG's compressed rows go in as they are (png-image.ts); one pdf-lib cannot take is decoded.
          const raw = kind === 'png' ? pngAsPdfImage(doc, bytes) : undefined;
          if (raw) {
            addRawImagePage(doc, { ...raw, widthPt: (raw.width / dpi) * 72, heightPt: (raw.height / dpi) * 72 });
            return;
          }
          const img = kind === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
          const w = (img.width / dpi) * 72;
          const h = (img.height / dpi) * 72;
          doc.addPage([w, h]).drawImage(img, { x: 0, y: 0, width: w, height: h });
        },
      };
    }
    case 'tiff': {
      const info = readTiffStructure(bytes);
      return {
        pageCount: info.length,
        add: async (doc, pages) => {
          for (const p of pages) await addTiffPage(doc, bytes, p, info[p]);
        },
      };
    }
  }
}

async function addTiffPage(doc: PDFDocument, bytes: Uint8Array, index: number, page: TiffPageInfo | undefined) {
  if (!page) throw new Error(`no page ${index + 1}`);
  const size = { widthPt: (page.width / page.xDpi) * 72, heightPt: (page.height / page.yDpi) * 72 };
  const [offset] = page.stripOffsets;
  const [count] = page.stripByteCounts;
  if (
    page.compression === 4 &&
    page.bitsPerSample === 1 &&
    page.fillOrder === 1 &&
    page.stripOffsets.length === 1 &&
    offset !== undefined &&
    count !== undefined &&
    offset + count <= bytes.length
  ) {
    addCcittPage(doc, {
      ...size,
      width: page.width,
      height: page.height,
      data: bytes.subarray(offset, offset + count),
      photometric: page.photometric,
    });
    return;
  }
  const jpeg = jpegOfTiffPage(bytes, page);
  if (jpeg) {
    addDctPage(doc, { ...size, width: page.width, height: page.height, ...jpeg });
    return;
  }
  const colour = page.samplesPerPixel >= 3 && page.photometric !== 0 && page.photometric !== 1;
  let img = sharp(bytes, { page: index, limitInputPixels: false }).flatten({ background: '#ffffff' });
  img = colour ? img.toColourspace('srgb') : img.greyscale();
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  addPixelsPage(doc, {
    ...size,
    width: info.width,
    height: info.height,
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    channels: info.channels === 1 ? 1 : 3,
  });
}
