/**
 * Adds a page showing one image given as raw PDF image data (pdf-lib embeds only JPEG and PNG). Used to
 * copy a TIFF's CCITT G4 strip into the PDF as it is, and for decoded pixels compressed with Flate.
 */
import { deflateSync } from 'node:zlib';
import type { PDFDocument, PDFRawStream } from 'pdf-lib';
import { concatTransformationMatrix, drawObject, popGraphicsState, pushGraphicsState } from 'pdf-lib';

export interface RawImage {
  width: number;
  height: number;
  /** Page size in points. */
  widthPt: number;
  heightPt: number;
}

/** A CCITT Group 4 strip (one strip, FillOrder 1), copied without recompression. */
export function addCcittPage(
  doc: PDFDocument,
  img: RawImage & { data: Uint8Array; photometric: number },
  /** Where the page goes (default: at the end). */
  at?: number,
): void {
  addEncodedPage(
    doc,
    img,
    img.data,
    {
      BitsPerComponent: 1,
      ColorSpace: 'DeviceGray',
      Filter: 'CCITTFaxDecode',
      DecodeParms: { K: -1, Columns: img.width, Rows: img.height, BlackIs1: false },
      // G4 codes white and black runs; with Photometric 1 (BlackIsZero) the TIFF means the opposite colours.
      ...(img.photometric === 1 ? { Decode: [1, 0] } : {}),
    },
    at,
  );
}

/** A whole JPEG stream (a JPEG-in-TIFF page, tiff-jpeg.ts) as a DCT image, its bytes as they are. */
export function addDctPage(
  doc: PDFDocument,
  img: RawImage & { data: Uint8Array; components: 1 | 3; rgb: boolean },
): void {
  addEncodedPage(doc, img, img.data, {
    BitsPerComponent: 8,
    ColorSpace: img.components === 1 ? 'DeviceGray' : 'DeviceRGB',
    Filter: 'DCTDecode',
    // RGB samples coded as they are: not to be taken for YCbCr. libtiff names the components R, G, B,
    // which Poppler honours; ColorTransform 0 says it in the PDF, to every reader.
    ...(img.rgb ? { DecodeParms: { ColorTransform: 0 } } : {}),
  });
}

/** Decoded 8-bit grey (1 channel) or RGB (3 channels) pixels, Flate-compressed (lossless). */
export function addPixelsPage(doc: PDFDocument, img: RawImage & { pixels: Uint8Array; channels: 1 | 3 }): void {
  addEncodedPage(doc, img, deflateSync(img.pixels, { level: 6 }), {
    BitsPerComponent: 8,
    ColorSpace: img.channels === 1 ? 'DeviceGray' : 'DeviceRGB',
    Filter: 'FlateDecode',
  });
}

/** The image dictionary's entries that say how its bytes are coded (the rest is the same for every image). */
interface ImageCoding {
  BitsPerComponent: 1 | 8;
  ColorSpace: 'DeviceGray' | 'DeviceRGB';
  Filter: 'CCITTFaxDecode' | 'DCTDecode' | 'FlateDecode';
  DecodeParms?: Record<string, number | boolean>;
  Decode?: number[];
}

/** An image XObject of `data`, coded as `coding` says, as a page of its own. */
function addEncodedPage(doc: PDFDocument, img: RawImage, data: Uint8Array, coding: ImageCoding, at?: number): void {
  const xobject = doc.context.stream(data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: img.width,
    Height: img.height,
    ...coding,
  });
  addImagePage(doc, img, xobject, at);
}

/** An image stream made elsewhere (a PNG's rows as they are, png-image.ts) as a page of its own. */
export function addRawImagePage(doc: PDFDocument, img: RawImage & { stream: PDFRawStream }): void {
  addImagePage(doc, img, img.stream);
}

function addImagePage(doc: PDFDocument, img: RawImage, xobject: PDFRawStream, at?: number) {
  const ref = doc.context.register(xobject);
  const size: [number, number] = [img.widthPt, img.heightPt];
  const page = at === undefined ? doc.addPage(size) : doc.insertPage(at, size);
  const name = page.node.newXObject('Im', ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(img.widthPt, 0, 0, img.heightPt, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
}
