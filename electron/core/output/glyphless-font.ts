/**
 * The font of the invisible text layer: Tesseract's "GlyphLessFont" (tessdata/pdf.ttf, 572 bytes, Apache
 * 2.0, the font Tesseract's own PDF renderer and OCRmyPDF's Tesseract path use). Every code maps to one
 * empty glyph half an em wide, so a word is as wide as its characters × size / 2 before horizontal scaling
 * (Tz) fits it to its box, and any Unicode character of the Basic Multilingual Plane can be written: the
 * codes are UTF-16BE (Identity-H) and the ToUnicode map is the identity, so what a viewer copies is what
 * the OCR read. Nothing is drawn (render mode 3 as well), so no viewer ever substitutes a visible font.
 */
import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { PDFString } from 'pdf-lib';

const GLYPHLESS_TTF = Buffer.from(
  'AAEAAAAKAIAAAwAgT1MvMlbeyJQAAAEoAAAAYGNtYXAACgA0AAABkAAAAB5nbHlmFSJBJAAAAbgAAAAYaGVhZAt48WUAAACsAAAANmhoZWEMAgQCAAAA5AAAACRobXR4BAAAAAAAAYgAAAAIbG9jYQAMAAAAAAGwAAAABm1heHAABAAFAAABCAAAACBuYW1l8usW2gAAAdAAAABLcG9zdAABAAEAAAIcAAAAIAABAAAAAQAAsJRxEF8PPPUEBwgAAAAAAM+a/G4AAAAA1MOn8gAAAAAEAAgAAAAAEAACAAAAAAAAAAEAAAgA//8AAAQAAAAAAAQAAAEAAAAAAAAAAAAAAAAAAAACAAEAAAACAAQAAQAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAwAAAZAABQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAUAAQABAAAAAAAAAAAAAAAAAAAAAAAAAAAAR09PRwBAAAAAAAAB//8AAAABAAGAAAAAAAAAAAAAAAAAAAABAAAAAAAABAAAAAAAAAIAAQAAAAAAFAADAAAAAAAUAAYACgAAAAAAAAAAAAAAAAAMAAAAAQAAAAAEAAgAAAMAADEhESEEAPwACAAAAAADACoAAAADAAAABQAWAAAAAQAAAAAABQALABYAAwABBAkABQAWAAAAVgBlAHIAcwBpAG8AbgAgADEALgAwVmVyc2lvbiAxLjAAAAEAAAAAAAAAAAAAAAAAAQAAAAAAAAAAAAAAAAAAAAA=',
  'base64',
);

/** The advance of every glyph, in thousandths of the font size. */
export const GLYPH_WIDTH = 500;

const TO_UNICODE = [
  '/CIDInit /ProcSet findresource begin',
  '12 dict begin',
  'begincmap',
  '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
  '/CMapName /Adobe-Identity-UCS def',
  '/CMapType 2 def',
  '1 begincodespacerange',
  '<0000> <FFFF>',
  'endcodespacerange',
  '1 beginbfrange',
  '<0000> <FFFF> <0000>',
  'endbfrange',
  'endcmap',
  'CMapName currentdict /CMap defineresource pop',
  'end',
  'end',
].join('\n');

/** Every CID to glyph 1 (the empty one): 65,536 big-endian pairs, compressed to a few hundred bytes. */
function cidToGidMap(): Uint8Array {
  const map = new Uint8Array(65536 * 2);
  for (let i = 1; i < map.length; i += 2) map[i] = 1;
  return deflateSync(map);
}

/** Adds the font's objects to the document once; returns the Type0 font's reference. */
export function addGlyphlessFont(doc: PDFDocument): PDFRef {
  const ctx = doc.context;
  const fontFile = ctx.register(ctx.flateStream(GLYPHLESS_TTF, { Length1: GLYPHLESS_TTF.length }));
  const descriptor = ctx.register(
    ctx.obj({
      Type: 'FontDescriptor',
      FontName: 'GlyphLessFont',
      Flags: 5,
      FontBBox: [0, 0, GLYPH_WIDTH, 1000],
      ItalicAngle: 0,
      Ascent: 1000,
      Descent: -1,
      CapHeight: 1000,
      StemV: 80,
      FontFile2: fontFile,
    }),
  );
  const cidMap = ctx.register(ctx.stream(cidToGidMap(), { Filter: 'FlateDecode' }));
  const cidFont = ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: 'GlyphLessFont',
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      CIDToGIDMap: cidMap,
      DW: GLYPH_WIDTH,
    }),
  );
  const toUnicode = ctx.register(ctx.flateStream(TO_UNICODE));
  return ctx.register(
    ctx.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: 'GlyphLessFont',
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }),
  );
}
