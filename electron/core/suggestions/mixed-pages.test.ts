import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTextService } from './document-text';
import { imagesWithoutText, mergeImageText } from './mixed-page';
import type { TextWord } from './page-text';
import { letterScan } from './test-support/letters';
import { idleMs } from '../util/test-support/box-pace';

// Issue #30 item 2: a page with a text layer and text inside an image gave only the layer's text. Made
// here: an A4 page with two typed lines (a text layer) and, between them, a scanned strip holding a
// sentence (a PNG image: no text layer for it).
const IMAGE_SENTENCE = 'Versicherungsnummer HR-100001 steht im Bild';

async function mixedPdf(): Promise<Uint8Array> {
  const strip = await letterScan(
    { lines: [IMAGE_SENTENCE], fontSize: 14, page: [460, 70] },
    { dpi: 200, noise: 8, blur: 0.5, seed: 5 },
  );
  const { width, height } = await sharp(strip).metadata();
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Sehr geehrte Damen und Herren, dies ist getippter Text.', { x: 64, y: 770, size: 12, font });
  const img = await doc.embedPng(strip);
  const [w, h] = [(width! / 200) * 72, (height! / 200) * 72];
  page.drawImage(img, { x: 64, y: 740 - h, width: w, height: h });
  page.drawText('Mit freundlichen Gruessen, weiterer getippter Text.', { x: 64, y: 740 - h - 30, size: 12, font });
  return doc.save();
}

const word = (text: string, x: number, y: number): TextWord => ({ text, box: { x, y, w: 0.05, h: 0.015 } });

describe('mixed pages', () => {
  it('an image with no layer words on it is one to read; one the layer already covers (an OCR’d scan) is not; a logo is too small', () => {
    const image = { x: 0.1, y: 0.2, w: 0.6, h: 0.1 };
    const layer = [[word('typed', 0.1, 0.1), word('text', 0.2, 0.1)]];
    expect(imagesWithoutText([image], layer)).toEqual([image]);
    const covered = [...layer, [word('in', 0.12, 0.22), word('the', 0.2, 0.22), word('image', 0.3, 0.22)]];
    expect(imagesWithoutText([image], covered)).toEqual([]);
    expect(imagesWithoutText([{ x: 0.8, y: 0.05, w: 0.1, h: 0.05 }], layer)).toEqual([]);
  });

  it('adds the image’s words in reading order, never the layer’s words a second time', () => {
    const image = { x: 0.1, y: 0.2, w: 0.6, h: 0.1 };
    const layer = [[word('first', 0.1, 0.1)], [word('last', 0.1, 0.5)]];
    const ocr = [
      [word('first', 0.1, 0.1)],
      [word('inside', 0.12, 0.22), word('image', 0.3, 0.22)],
      [word('last', 0.1, 0.5)],
    ];
    const merged = mergeImageText(layer, ocr, [image]);
    expect(merged.map((l) => l.map((w) => w.text).join(' '))).toEqual(['first', 'inside image', 'last']);
  });

  describe('read', () => {
    let dir: string;
    let service: DocumentTextService;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'mixed-'));
      service = new DocumentTextService({ dataDir: join(dir, 'data'), maxOcrPages: 1, dpi: 300, poolSize: 1 });
    });
    afterAll(async () => {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it(
      'a page with a text layer and a sentence in an image gives both, in order, each once',
      { timeout: idleMs(120_000) },
      async () => {
        const path = join(dir, 'mixed.pdf');
        writeFileSync(path, await mixedPdf());
        const r = await service.textOf(path);
        if (!r.ok) throw new Error(r.message);
        const page = r.pages[0]!;
        expect(page.source).toBe('pdf-text');
        const lines = page.lines.map((l) => l.map((w) => w.text).join(' '));
        const text = lines.join('\n');
        const at = (s: string) => text.indexOf(s);
        expect(at('dies ist getippter Text.')).toBeGreaterThanOrEqual(0);
        expect(at('HR-100001')).toBeGreaterThan(at('dies ist getippter Text.'));
        expect(at('weiterer getippter Text.')).toBeGreaterThan(at('HR-100001'));
        // Each typed line once: the OCR's reading of the typed text is not added.
        expect(text.split('getippter').length - 1).toBe(2);
        expect(text.split('HR-100001').length - 1).toBe(1);
      },
    );
  });
});
