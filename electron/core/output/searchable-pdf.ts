/**
 * The searchable PDF of a document (issue #39): its pages as they are, plus the OCR's words as invisible
 * text. A PDF keeps every page and object it has (pdf-lib loads and writes it again; streams, the
 * scanner's JPEGs and G4 images, are copied as bytes, never decoded); a TIFF, JPEG or PNG becomes PDF
 * pages by the split writer's rules (JPEG and single-strip G4 copied as they are). Only pages the OCR
 * read (`source: 'ocr'`) get a layer: a page with its own text layer is left as it is, but for the words
 * OCR found in its images that the layer lacks (`imageLines`, a mixed page). With `smaller`,
 * a page that is text on paper is replaced by its bitonal G4 image when OCR reads it at least as well
 * (bitonal.ts). The same input gives the same bytes (no dates, no random ids), so a rebuild after a crash
 * sends what the first build would have.
 */
import { deflateSync } from 'node:zlib';
import type { PDFObject, PDFPage } from 'pdf-lib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream } from 'pdf-lib';
import { turnGray } from '../capture/pages/bitmap';
import type { GrayBitmap } from '../capture/pages/bitmap';
import { sniffFileKind } from '../capture/pages/file-kind';
import { openPages } from '../capture/pages/open-pages';
import type { PageSource } from '../capture/pages/page-source';
import { addCcittPage } from '../capture/split/pdf-image-page';
import { EncryptedPdf, pageCopier } from '../capture/split/split-writer';
import type { PageText, TextWord } from '../suggestions/page-text';
import { bitonalG4, showsColour, textPageThreshold } from './bitonal';
import { addGlyphlessFont } from './glyphless-font';
import { frameOf, textLayerOps } from './text-layer';

export interface SearchableOptions {
  /** Send text pages bitonal (CCITT G4) where OCR reads them at least as well. */
  smaller?: { recognize(page: GrayBitmap): Promise<TextWord[][]> };
}

export type SearchableResult =
  | {
      ok: true;
      bytes: Uint8Array;
      /** Pages that got a text layer (0-based). */
      textPages: number[];
      /** Pages sent bitonal (0-based). */
      bitonalPages: number[];
      /** Text pages kept as scanned since OCR read fewer words on their bitonal image (0-based). */
      greyPages: number[];
    }
  | { ok: false; message: string };

const wordsOf = (lines: readonly TextWord[][]) => lines.flat().filter((w) => /[\p{L}\p{N}]/u.test(w.text)).length;

export async function buildSearchablePdf(
  bytes: Uint8Array,
  texts: readonly (PageText | undefined)[],
  opts: SearchableOptions = {},
): Promise<SearchableResult> {
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  if (!kind) return { ok: false, message: 'not a PDF, TIFF, JPEG or PNG file' };
  let doc: PDFDocument;
  try {
    if (kind === 'pdf') {
      doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
      // An encrypted PDF's streams cannot be written again without its key: it is sent as it is.
      if (doc.isEncrypted) throw new EncryptedPdf();
    } else {
      doc = await PDFDocument.create({ updateMetadata: false });
      const copier = await pageCopier(kind, bytes);
      await copier.add(
        doc,
        Array.from({ length: copier.pageCount }, (_, i) => i),
      );
      doc.setProducer('Intake Desk');
    }
  } catch (e) {
    if (e instanceof EncryptedPdf) return { ok: false, message: 'the PDF is encrypted' };
    return { ok: false, message: `cannot be read as pages: ${(e as Error).message}`.slice(0, 300) };
  }
  let source: PageSource | undefined;
  let font: PDFRef | undefined;
  const textPages: number[] = [];
  const bitonalPages: number[] = [];
  const greyPages: number[] = [];
  try {
    const pageCount = doc.getPageCount();
    for (let i = 0; i < pageCount; i++) {
      const read = texts[i];
      // A page with its own text layer keeps it; the words in its images that the layer lacks (a pasted
      // scan, mixed-page.ts) get a layer of their own, as OCRmyPDF's --redo-ocr gives them.
      const lines = read?.source === 'ocr' ? read.lines : read?.source === 'pdf-text' ? read.imageLines : undefined;
      if (!read || !lines?.length) continue;
      const text = { ...read, lines };
      if (opts.smaller && read.source === 'ocr') {
        source ??= await openSource(bytes);
        const made = source && (await makeBitonal(doc, i, kind, bytes, source, text, opts.smaller.recognize));
        if (made === 'bitonal') bitonalPages.push(i);
        if (made === 'fewer-words') greyPages.push(i);
      }
      const page = doc.getPage(i);
      const box = page.getCropBox();
      const ops = textLayerOps(text, frameOf(box, page.getRotation().angle), 'IntakeText');
      if (!ops) continue;
      font ??= addGlyphlessFont(doc);
      addTextLayer(doc, page, font, ops);
      textPages.push(i);
    }
    // A page made bitonal leaves its old image behind unreferenced, and pdf-lib writes every object it holds.
    if (bitonalPages.length > 0) dropUnreachable(doc);
    const out = await doc.save({ useObjectStreams: true });
    return { ok: true, bytes: out, textPages, bitonalPages, greyPages };
  } finally {
    source?.close();
  }
}

/** Deletes the objects nothing reaches from the trailer (an image shared by other pages stays). */
function dropUnreachable(doc: PDFDocument): void {
  const ctx = doc.context;
  const seen = new Set<string>();
  const stack: PDFObject[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info, ctx.trailerInfo.Encrypt].filter(
    (o): o is PDFObject => o !== undefined,
  );
  while (stack.length > 0) {
    const o = stack.pop()!;
    if (o instanceof PDFRef) {
      if (seen.has(o.tag)) continue;
      seen.add(o.tag);
      const target = ctx.lookup(o);
      if (target) stack.push(target);
    } else if (o instanceof PDFDict) {
      for (const [, v] of o.entries()) stack.push(v);
    } else if (o instanceof PDFArray) {
      for (let i = 0; i < o.size(); i++) stack.push(o.get(i));
    } else if (o instanceof PDFStream) {
      stack.push(o.dict);
    }
  }
  for (const [ref] of ctx.enumerateIndirectObjects()) if (!seen.has(ref.tag)) ctx.delete(ref);
}

async function openSource(bytes: Uint8Array): Promise<PageSource | undefined> {
  const opened = await openPages(bytes);
  return opened.ok ? opened.source : undefined;
}

function addTextLayer(doc: PDFDocument, page: PDFPage, font: PDFRef, ops: string): void {
  // The page's own content is wrapped in q … Q first, so whatever state it leaves does not move the text.
  page.node.normalize();
  const name = page.node.newFontDictionary('IntakeText', font);
  const named = ops.replaceAll('/IntakeText ', `/${name.asString().slice(1)} `);
  // Compressed as hard as zlib can: the layer is most of what the PDF gains (~1 ms a page).
  const data = deflateSync(Buffer.from(named, 'latin1'), { level: 9 });
  page.node.addContentStream(doc.context.register(doc.context.stream(data, { Filter: 'FlateDecode' })));
}

/** The page's image shows colour, or cannot be told (kept as it is): never made bitonal. */
async function pageShowsColour(kind: string, bytes: Uint8Array, page: PDFPage, index: number): Promise<boolean> {
  if (kind === 'jpeg' || kind === 'png') return showsColour(bytes);
  if (kind === 'tiff') return showsColour(bytes, index);
  const xobjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xobjects) return true;
  let images = 0;
  for (const [, ref] of xobjects.entries()) {
    const obj = page.doc.context.lookup(ref);
    if (!(obj instanceof PDFRawStream)) continue;
    const dict = obj.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    images++;
    const bits = dict.lookupMaybe(PDFName.of('BitsPerComponent'), PDFNumber)?.asNumber();
    const space = dict.get(PDFName.of('ColorSpace'));
    if (bits === 1 || space === PDFName.of('DeviceGray')) continue;
    const filter = dict.get(PDFName.of('Filter'));
    if (filter === PDFName.of('DCTDecode')) {
      if (await showsColour(obj.contents).catch(() => true)) return true;
      continue;
    }
    return true; // a colour space we do not look into: kept
  }
  return images === 0;
}

/**
 * Replaces page `i` with its bitonal G4 image when it is text on paper and OCR reads at least as many
 * words on the bitonal page as on the original. The page keeps its size as shown; its words' places are
 * fractions of that, so the text layer fits either way. 'fewer-words': a text page kept as it is since
 * the threshold would lose words (a light-grey line, a faint stamp): the history says so.
 */
async function makeBitonal(
  doc: PDFDocument,
  i: number,
  kind: string,
  bytes: Uint8Array,
  source: PageSource,
  text: PageText,
  recognize: (page: GrayBitmap) => Promise<TextWord[][]>,
): Promise<'bitonal' | 'fewer-words' | 'not-text'> {
  const page = doc.getPage(i);
  if (await pageShowsColour(kind, bytes, page, i)) return 'not-text';
  const dpi = Math.min(600, Math.max(150, Math.round(source.scanDpi(i) ?? 300)));
  const grey = await source.render(i, dpi);
  const threshold = textPageThreshold(grey);
  if (threshold === undefined) return 'not-text';
  const { bitmap, g4 } = await bitonalG4(grey, threshold);
  const turn = text.rotation ?? 0;
  const again = await recognize(turn ? turnGray(bitmap, turn) : bitmap);
  if (wordsOf(again) < wordsOf(text.lines)) return 'fewer-words';
  const frame = frameOf(page.getCropBox(), page.getRotation().angle);
  doc.removePage(i);
  addCcittPage(doc, { ...g4, widthPt: frame.width, heightPt: frame.height }, i);
  return 'bitonal';
}
