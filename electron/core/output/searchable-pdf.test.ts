import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrayBitmap } from '../capture/pages/bitmap';
import { turnGray } from '../capture/pages/bitmap';
import { openPages } from '../capture/pages/open-pages';
import { readTiffStructure } from '../capture/pages/tiff-structure';
import { decodeGray, encodeJpeg, pdfOfScans } from '../capture/test-support/synthetic-scan';
import { writeTiff } from '../capture/test-support/tiff-writer';
import type { OcrEngine } from '../suggestions/ocr-engine';
import { createOcrEngine } from '../suggestions/ocr-engine';
import { packagedEnglish } from '../suggestions/ocr-languages';
import type { PageText } from '../suggestions/page-text';
import { openPdfText } from '../suggestions/pdf-text';
import { readDocumentText } from '../suggestions/read-document-text';
import { letterPdf, letterScan } from '../suggestions/test-support/letters';
import { bitonalG4 } from './bitonal';
import { buildSearchablePdf } from './searchable-pdf';
import {
  appWords,
  imageStreams,
  inOrder,
  pdfjsWords,
  pdftotext,
  popplerWords,
  qpdfCheck,
  renderRgb,
  wordsOfText,
} from './test-support/verify-pdf';
import { idleMs } from '../util/test-support/box-pace';

// Issue #39 items 2, 3 and 5: what is sent reads as the app read it, by tools no one here wrote.
const PAGE: [number, number] = [420, 300];
const LINES = [
  [
    'Dear Sir or Madam,',
    'Policy number HR-100001, claim 1001',
    'please find attached the invoice for the',
    'repair of the windscreen. Kind regards',
  ],
  [
    'Sehr geehrte Damen und Herren,',
    'wir bestaetigen den Eingang Ihrer Meldung',
    'vom 12. Maerz 2026. Bitte senden Sie uns',
    'die Rechnung der Werkstatt.',
  ],
];

let dir: string;
let engine: OcrEngine;
let letters: GrayBitmap[];

async function read(name: string, bytes: Uint8Array): Promise<PageText[]> {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  const pages: PageText[] = [];
  const r = await readDocumentText(
    path,
    { maxOcrPages: 100, dpi: 300, minTextLayerChars: 20 },
    async () => engine,
    (p) => {
      pages[p.page] = p;
    },
  );
  if (!r.ok) throw new Error(r.message);
  return pages;
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** The checks every output passes: qpdf, pdftotext's words in order, Poppler's and pdf.js's word places. */
async function verify(out: Uint8Array, pages: readonly PageText[]) {
  const check = qpdfCheck(out);
  expect(check.ok, check.output).toBe(true);
  const expected = appWords(pages);
  expect(expected.length).toBeGreaterThan(10);
  const found = wordsOfText(pdftotext(out));
  expect(inOrder(expected, found) / expected.length).toBeGreaterThanOrEqual(0.95);
  // Each word where the OCR saw it on the page as shown (Poppler's boxes, turned pages included).
  const boxes = popplerWords(out);
  for (const p of pages) {
    if (p.source !== 'ocr') continue;
    const onPage = boxes.filter((b) => b.page === p.page);
    let placed = 0;
    let words = 0;
    for (const w of p.lines.flat()) {
      words++;
      const cx = w.box.x + w.box.w / 2;
      const cy = w.box.y + w.box.h / 2;
      if (
        onPage.some(
          (b) =>
            b.text.startsWith(w.text) &&
            Math.abs((b.x0 + b.x1) / 2 - cx) < 0.03 + w.box.w / 2 &&
            cy > b.y0 - 0.02 &&
            cy < b.y1 + 0.02,
        )
      )
        placed++;
    }
    expect(placed / words, `page ${p.page + 1}`).toBeGreaterThanOrEqual(0.95);
  }
  // pdf.js: the same words, and on upright pages at the same places (its boxes from the text runs).
  const js = await pdfjsWords(out);
  expect(inOrder(expected, js.flat()) / expected.length).toBeGreaterThanOrEqual(0.95);
  const text = await openPdfText(out);
  try {
    for (const p of pages) {
      if (p.source !== 'ocr' || p.rotation) continue;
      const jsWords = (await text.pageText(p.page)).lines.flat();
      let near = 0;
      const ocr = p.lines.flat();
      for (const w of ocr) {
        const hit = jsWords.find(
          (j) =>
            j.text === w.text &&
            Math.abs(j.box.x - w.box.x) < 0.03 &&
            Math.abs(j.box.y + j.box.h - (w.box.y + w.box.h)) < 0.03,
        );
        if (hit) near++;
      }
      expect(near / ocr.length, `pdf.js page ${p.page + 1}`).toBeGreaterThanOrEqual(0.9);
    }
  } finally {
    await text.close();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'searchable-pdf-'));
  engine = await createOcrEngine([packagedEnglish()], join(dir, 'stage'));
  letters = [];
  for (const lines of LINES)
    letters.push(
      await decodeGray(await letterScan({ lines, page: PAGE, fontSize: 12 }, { dpi: 300, blur: 0.5, noise: 8 })),
    );
}, idleMs(120_000));

afterAll(async () => {
  await engine?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('searchable PDF', () => {
  it(
    'a scanner PDF (JPEG pages, one turned a quarter): text where the words are, JPEGs byte for byte',
    async () => {
      const input = await pdfOfScans([letters[0]!, turnGray(letters[1]!, 90)], { dpi: 300 });
      const pages = await read('scan.pdf', input);
      expect(pages[1]?.rotation).toBeDefined();
      const built = await buildSearchablePdf(input, pages);
      if (!built.ok) throw new Error(built.message);
      expect(built.textPages).toEqual([0, 1]);
      await verify(built.bytes, pages);
      const before = (await imageStreams(input)).map((i) => sha(i.bytes)).sort();
      const after = (await imageStreams(built.bytes)).map((i) => sha(i.bytes)).sort();
      expect(after).toEqual(before);
      // The layer costs little: a few KB per page over the scanner's file.
      expect(built.bytes.length - input.length).toBeLessThan(15_000 * 2);
    },
    idleMs(120_000),
  );

  it(
    'a PNG: one page, its compressed rows copied as they are',
    async () => {
      const png = await letterScan({ lines: LINES[0]!, page: PAGE, fontSize: 12 }, { dpi: 300, blur: 0.5, noise: 8 });
      const pages = await read('letter.png', png);
      const built = await buildSearchablePdf(png, pages);
      if (!built.ok) throw new Error(built.message);
      await verify(built.bytes, pages);
      const [image] = await imageStreams(built.bytes);
      expect(image?.filter).toBe('/FlateDecode');
      expect(sha(image!.bytes)).toBe(sha(idatOf(png)));
      // What PDFium draws of it is the PNG's pixels.
      const opened = await openPages(built.bytes);
      if (!opened.ok) throw new Error(opened.problem.message);
      try {
        const drawn = await opened.source.render(0, 300);
        const original = await decodeGray(png);
        expect([drawn.width, drawn.height]).toEqual([original.width, original.height]);
        let same = 0;
        for (let i = 0; i < drawn.data.length; i++) if (Math.abs(drawn.data[i]! - original.data[i]!) <= 2) same++;
        expect(same / drawn.data.length).toBeGreaterThan(0.99);
      } finally {
        opened.source.close();
      }
    },
    idleMs(120_000),
  );

  it(
    'a JPEG file and a two-page G4 TIFF: pages without recompression, every page read',
    async () => {
      const jpeg = await encodeJpeg(letters[0]!, 85, 300);
      const jpegPages = await read('letter.jpg', jpeg);
      const fromJpeg = await buildSearchablePdf(jpeg, jpegPages);
      if (!fromJpeg.ok) throw new Error(fromJpeg.message);
      await verify(fromJpeg.bytes, jpegPages);
      expect((await imageStreams(fromJpeg.bytes)).map((i) => sha(i.bytes))).toEqual([sha(jpeg)]);

      const strips = [];
      for (const l of letters) strips.push((await bitonalG4(l, 128)).g4);
      const tiff = writeTiff(
        strips.map((g) => ({
          width: g.width,
          height: g.height,
          bitsPerSample: 1 as const,
          compression: 4,
          photometric: g.photometric as 0 | 1,
          rowsPerStrip: g.height,
          strips: [g.data],
          dpi: 300,
        })),
      );
      const tiffPages = await read('fax.tif', tiff);
      expect(tiffPages.map((p) => p.source)).toEqual(['ocr', 'ocr']);
      const fromTiff = await buildSearchablePdf(tiff, tiffPages);
      if (!fromTiff.ok) throw new Error(fromTiff.message);
      await verify(fromTiff.bytes, tiffPages);
      const images = await imageStreams(fromTiff.bytes);
      expect(images.map((i) => i.filter)).toEqual(['/CCITTFaxDecode', '/CCITTFaxDecode']);
      expect(images.map((i) => sha(i.bytes)).sort()).toEqual(strips.map((s) => sha(s.data)).sort());
    },
    idleMs(180_000),
  );

  it(
    'JPEG-in-TIFF made by libtiff\u2019s tiffcp (grey, YCbCr and RGB pages): each page\u2019s JPEG goes in as it is and draws as the TIFF does',
    async () => {
      // Uncompressed TIFFs (libvips) made JPEG by tiffcp, as a scanner's driver writes them: one strip a
      // page, the tables in JPEGTables. `-c jpeg` codes colour as YCbCr, `-c jpeg:r` as RGB.
      const { width, height } = letters[0]!;
      const rgb = Buffer.alloc(width * height * 3);
      letters[0]!.data.forEach((v, i) => rgb.set([v, v, v], i * 3));
      for (let y = 20; y < 160; y++)
        for (let x = width - 400; x < width - 20; x++) rgb.set([200, 30, 30], (y * width + x) * 3);
      const raw = (data: Uint8Array, channels: 1 | 3) =>
        sharp(data, { raw: { width, height, channels } })
          .toColourspace(channels === 1 ? 'b-w' : 'srgb')
          .tiff({ compression: 'none', xres: 300 / 25.4, yres: 300 / 25.4 })
          .toBuffer();
      writeFileSync(join(dir, 'grey-raw.tif'), await raw(letters[0]!.data, 1));
      writeFileSync(join(dir, 'colour-raw.tif'), await raw(rgb, 3));
      const tiffcp = (args: string[], out: string) => {
        execFileSync('tiffcp', [...args, join(dir, out)]);
        return new Uint8Array(readFileSync(join(dir, out)));
      };
      const ycc = tiffcp(
        ['-c', 'jpeg:85', '-r', String(height), join(dir, 'grey-raw.tif'), join(dir, 'colour-raw.tif')],
        'ycc.tif',
      );
      const rgbTiff = tiffcp(['-c', 'jpeg:r:85', '-r', String(height), join(dir, 'colour-raw.tif')], 'rgb.tif');
      const multi = tiffcp(['-c', 'jpeg:85', '-r', '64', join(dir, 'grey-raw.tif')], 'strips.tif');
      const structure = readTiffStructure(ycc);
      expect(structure.map((p) => [p.compression, p.photometric, p.stripOffsets.length])).toEqual([
        [7, 1, 1],
        [7, 6, 1],
      ]);

      const yccPages = await read('ycc.tif', ycc);
      const built = await buildSearchablePdf(ycc, yccPages);
      if (!built.ok) throw new Error(built.message);
      // The grey letter checked as every output is (the colour copy's red block gives the OCR a few
      // stray marks pdf.js places loosely); the colour page's words are there too.
      await verify(built.bytes, [yccPages[0]!]);
      expect(wordsOfText(pdftotext(built.bytes, ['-f', '2', '-l', '2']))).toEqual(
        expect.arrayContaining(['invoice', 'windscreen']),
      );
      const rgbBuilt = await buildSearchablePdf(rgbTiff, []);
      if (!rgbBuilt.ok) throw new Error(rgbBuilt.message);
      for (const [tiff, pdf] of [
        [ycc, built.bytes],
        [rgbTiff, rgbBuilt.bytes],
      ] as const) {
        expect(qpdfCheck(pdf).ok).toBe(true);
        const images = await imageStreams(pdf);
        const pages = readTiffStructure(tiff);
        expect(images.map((i) => i.filter)).toEqual(pages.map(() => '/DCTDecode'));
        for (const [i, page] of pages.entries()) {
          // Not recompressed: the strip's coded data (after its SOI) ends the PDF's JPEG byte for byte.
          const strip = tiff.subarray(page.stripOffsets[0]! + 2, page.stripOffsets[0]! + page.stripByteCounts[0]!);
          expect(sha(images[i]!.bytes.subarray(images[i]!.bytes.length - strip.length))).toBe(sha(strip));
          // And Poppler draws it as libvips (libtiff, libjpeg) decodes the TIFF: grey, red, not green or blue.
          const shown = renderRgb(pdf, i, 300);
          const want = await sharp(tiff, { page: i })
            .toColourspace('srgb')
            .removeAlpha()
            .raw()
            .toBuffer({ resolveWithObject: true });
          expect([shown.width, shown.height]).toEqual([want.info.width, want.info.height]);
          let diff = 0;
          for (let k = 0; k < shown.data.length; k++) diff += Math.abs(shown.data[k]! - want.data[k]!);
          expect(diff / shown.data.length, `page ${i + 1}`).toBeLessThan(2);
        }
      }
      // Several strips a page are several JPEG streams: decoded and stored losslessly, as before.
      const fromMulti = await buildSearchablePdf(multi, []);
      if (!fromMulti.ok) throw new Error(fromMulti.message);
      expect((await imageStreams(fromMulti.bytes)).map((i) => i.filter)).toEqual(['/FlateDecode']);
    },
    idleMs(180_000),
  );

  it(
    'a page with its own text layer is left as it is; the same input gives the same bytes',
    async () => {
      const digital = await letterPdf({ lines: LINES[0]!, page: PAGE, fontSize: 12 });
      const scan = await pdfOfScans([letters[1]!], { dpi: 300 });
      const merged = await PDFDocument.create();
      for (const src of [digital, scan]) {
        const d = await PDFDocument.load(src);
        for (const p of await merged.copyPages(d, [0])) merged.addPage(p);
      }
      const input = await merged.save();
      const pages = await read('mixed.pdf', input);
      expect(pages.map((p) => p.source)).toEqual(['pdf-text', 'ocr']);
      const built = await buildSearchablePdf(input, pages);
      if (!built.ok) throw new Error(built.message);
      expect(built.textPages).toEqual([1]);
      await verify(built.bytes, pages);
      // Page 1's text is its own, once (not a second, invisible copy of it).
      const page1 = wordsOfText(pdftotext(built.bytes, ['-f', '1', '-l', '1']));
      expect(page1.filter((w) => w === 'madam')).toHaveLength(1);
      const out = await PDFDocument.load(built.bytes);
      const src = await PDFDocument.load(input);
      expect(out.getPage(0).node.Contents()?.toString()).toBe(src.getPage(0).node.Contents()?.toString());
      const again = await buildSearchablePdf(input, pages);
      expect(again.ok && sha(again.bytes)).toBe(sha(built.bytes));
    },
    idleMs(120_000),
  );

  it(
    'a mixed page (a typed letter with a pasted scanned stamp): the stamp\u2019s words get a layer, the typed text is left as it is',
    async () => {
      // As OCRmyPDF's --redo-ocr: the page's own text stays, the words in its image that the layer lacks
      // are read and laid over the image; nothing is there twice.
      const stamp = await letterScan(
        { lines: ['RECEIVED 14 MARCH 2026', 'CLAIMS DEPARTMENT'], page: [170, 70], fontSize: 12 },
        { dpi: 200, noise: 8, seed: 3 },
      );
      const doc = await PDFDocument.create({ updateMetadata: false });
      const page = doc.addPage(PAGE);
      const font = await doc.embedFont(StandardFonts.Helvetica);
      LINES[0]!.forEach((text, i) => page.drawText(text, { x: 32, y: 252 - i * 23, size: 12, font }));
      const at = { x: 230, y: 20, width: 170, height: 70 };
      page.drawImage(await doc.embedPng(stamp), at);
      const input = await doc.save();
      const pages = await read('stamped.pdf', input);
      expect(pages[0]?.source).toBe('pdf-text');
      const built = await buildSearchablePdf(input, pages);
      if (!built.ok) throw new Error(built.message);
      expect(built.textPages).toEqual([0]);
      expect(qpdfCheck(built.bytes).ok).toBe(true);
      const words = wordsOfText(pdftotext(built.bytes));
      // The typed text once (not a second, invisible copy of it); the stamp's words once.
      for (const w of ['madam', 'windscreen', 'received', 'claims', 'department'])
        expect(
          words.filter((x) => x === w),
          w,
        ).toHaveLength(1);
      // Each stamp word lies on the stamp (Poppler's boxes, fractions of the page from the top left).
      const box = {
        x0: at.x / PAGE[0],
        x1: (at.x + at.width) / PAGE[0],
        y0: 1 - (at.y + at.height) / PAGE[1],
        y1: 1 - at.y / PAGE[1],
      };
      const stampWords = popplerWords(built.bytes).filter((w) => /received|claims|department/i.test(w.text));
      expect(stampWords.length).toBeGreaterThanOrEqual(3);
      for (const w of stampWords) {
        expect(w.x0, w.text).toBeGreaterThanOrEqual(box.x0 - 0.01);
        expect(w.x1, w.text).toBeLessThanOrEqual(box.x1 + 0.01);
        expect(w.y0, w.text).toBeGreaterThanOrEqual(box.y0 - 0.01);
        expect(w.y1, w.text).toBeLessThanOrEqual(box.y1 + 0.01);
      }
      // The stamp's image as it was; the same input gives the same bytes.
      expect((await imageStreams(built.bytes)).map((i) => sha(i.bytes))).toEqual(
        (await imageStreams(input)).map((i) => sha(i.bytes)),
      );
      const again = await buildSearchablePdf(input, pages);
      expect(again.ok && sha(again.bytes)).toBe(sha(built.bytes));
    },
    idleMs(120_000),
  );

  it(
    'smaller: a grey text page goes bitonal G4 at under half the size; a colour page and a photo stay',
    async () => {
      const smaller = { smaller: { recognize: (b: GrayBitmap) => engine.recognize(b) } };
      // A grey letter as a scanner's JPEG: bitonal, its words still read.
      const text = await pdfOfScans([letters[0]!], { dpi: 300 });
      const textPages = await read('grey.pdf', text);
      const small = await buildSearchablePdf(text, textPages, smaller);
      if (!small.ok) throw new Error(small.message);
      expect(small.bitonalPages).toEqual([0]);
      expect(small.bytes.length * 2).toBeLessThan(text.length);
      expect((await imageStreams(small.bytes)).map((i) => i.filter)).toEqual(['/CCITTFaxDecode']);
      await verify(small.bytes, textPages);

      // The same letter with a red stamp: colour is kept.
      const { width, height } = letters[0]!;
      const rgb = Buffer.alloc(width * height * 3);
      letters[0]!.data.forEach((v, i) => rgb.set([v, v, v], i * 3));
      for (let y = 20; y < 120; y++)
        for (let x = width - 260; x < width - 20; x++) rgb.set([200, 30, 30], (y * width + x) * 3);
      const colour = await sharp(rgb, { raw: { width, height, channels: 3 } })
        .withMetadata({ density: 300 })
        .jpeg({ quality: 85 })
        .toBuffer();
      const colourPages = await read('stamp.jpg', colour);
      const kept = await buildSearchablePdf(colour, colourPages, smaller);
      expect(kept.ok && kept.bitonalPages).toEqual([]);

      // A photo-like page (shades all over) with a caption: not text on paper.
      const photo = new Uint8Array(letters[0]!.data);
      for (let y = Math.floor(height / 2); y < height; y++)
        for (let x = 0; x < width; x++) photo[y * width + x] = 60 + ((x * 7 + y * 3) % 160);
      const photoPng = await sharp(photo, { raw: { width, height, channels: 1 } })
        .withMetadata({ density: 300 })
        .png()
        .toBuffer();
      const photoPages = await read('photo.png', photoPng);
      const photoOut = await buildSearchablePdf(photoPng, photoPages, smaller);
      expect(photoOut.ok && photoOut.bitonalPages).toEqual([]);
    },
    idleMs(240_000),
  );

  it('refuses what it cannot write again: an encrypted PDF, a file that is no page format', async () => {
    const enc = await buildSearchablePdf(ENCRYPTED_PDF, []);
    expect(enc).toEqual({ ok: false, message: 'the PDF is encrypted' });
    const text = await buildSearchablePdf(new TextEncoder().encode('hello, not a scan'), []);
    expect(text.ok).toBe(false);
  });
});

function idatOf(png: Uint8Array): Uint8Array {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const parts: Uint8Array[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    if (String.fromCharCode(...png.subarray(at + 4, at + 8)) === 'IDAT')
      parts.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

/** A one-page PDF with a standard security handler (RC4, empty user password): its streams are encrypted. */
const ENCRYPTED_PDF = new TextEncoder().encode(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >> endobj',
    '4 0 obj << /Filter /Standard /V 1 /R 2 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /P -4 >> endobj',
    'trailer << /Root 1 0 R /Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] >>',
    '%%EOF',
  ].join('\n'),
);
