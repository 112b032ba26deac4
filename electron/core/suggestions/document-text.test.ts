import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentTextService } from './document-text';
import { packagedEnglish, packagedModel, packagedModels } from './ocr-languages';
import type { PageText } from './page-text';
import { letterPdf, letterScan } from './test-support/letters';
import { idleMs } from '../util/test-support/box-pace';

const words = (p: PageText | undefined) => (p?.lines ?? []).flat().map((w) => w.text);

describe('document text', () => {
  let dir: string;
  let service: DocumentTextService;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'doc-text-'));
    service = new DocumentTextService({ dataDir: join(dir, 'data'), maxOcrPages: 1, dpi: 200, poolSize: 1 });
  });
  afterAll(async () => {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes a born-digital PDF’s text layer with the words’ places, without OCR', async () => {
    const path = join(dir, 'digital.pdf');
    writeFileSync(path, await letterPdf({ lines: ['Versicherungsnummer: HR-100001', 'Unfalltag 12.01.2026'] }));
    const r = await service.textOf(path);
    if (!r.ok) throw new Error(r.message);
    expect(r.pages[0]!.source).toBe('pdf-text');
    expect(words(r.pages[0])).toContain('HR-100001');
    const box = r.pages[0]!.lines[0]![1]!.box;
    // 64 pt from the left of a 595 pt page, near the top.
    expect(box.x).toBeGreaterThan(0.1);
    expect(box.y).toBeLessThan(0.15);
    expect(existsIn(join(dir, 'data'), 'ocr-languages')).toBe(false); // no OCR engine was started
  });

  it(
    'OCRs a scanned page within the limit, skips later ones, and caches by content',
    async () => {
      const scan = await letterScan(
        { lines: ['Policy number HR-100001', 'Claim CLM-2026-000101'], fontSize: 14 },
        {
          dpi: 200,
          noise: 20,
          blur: 0.6,
        },
      );
      const doc = await PDFDocument.create();
      const png = await doc.embedPng(scan);
      for (let i = 0; i < 2; i++)
        doc.addPage([595.28, 841.89]).drawImage(png, { x: 0, y: 0, width: 595.28, height: 841.89 });
      const path = join(dir, 'scan.pdf');
      writeFileSync(path, await doc.save());

      const first = await service.textOf(path);
      if (!first.ok) throw new Error(first.message);
      expect(first.fromCache).toBe(false);
      expect(first.pageCount).toBe(2);
      expect(first.pages.map((p) => p.source)).toEqual(['ocr', 'skipped']);
      expect(words(first.pages[0])).toEqual(expect.arrayContaining(['HR-100001', 'CLM-2026-000101']));
      expect(readdirSync(join(dir, 'data', 'text-cache'))).toHaveLength(2); // the digital letter and this scan

      // The same content under another name: from the cache, no second OCR.
      const copy = join(dir, 'again.pdf');
      writeFileSync(copy, await doc.save());
      const again = await service.textOf(copy);
      expect(again.ok && again.fromCache).toBe(true);
    },
    idleMs(120_000),
  );

  it(
    'follows a changed page limit at the next read: 0 reads no scan page, 1 reads the first, not from the old cache',
    async () => {
      let limit = 0;
      const limited = new DocumentTextService({
        dataDir: join(dir, 'limited'),
        maxOcrPages: () => limit,
        dpi: 200,
        poolSize: 1,
      });
      try {
        const scan = await letterScan({ lines: ['Policy number HR-100002'], fontSize: 14 }, { dpi: 200 });
        const path = join(dir, 'limited.png');
        writeFileSync(path, scan);
        const none = await limited.textOf(path);
        if (!none.ok) throw new Error(none.message);
        expect(none.pages.map((p) => p.source)).toEqual(['skipped']);
        expect(limited.maxOcrPages).toBe(0);
        limit = 1;
        const one = await limited.textOf(path);
        if (!one.ok) throw new Error(one.message);
        expect(one.fromCache).toBe(false);
        expect(one.pages.map((p) => p.source)).toEqual(['ocr']);
        expect(words(one.pages[0])).toContain('HR-100002');
      } finally {
        await limited.close();
      }
    },
    idleMs(120_000),
  );

  it('says why a file cannot be read', async () => {
    const path = join(dir, 'note.txt');
    writeFileSync(path, 'just text');
    const r = await service.textOf(path);
    expect(r).toEqual({ ok: false, message: expect.stringContaining('not a PDF') });
  });
});

describe('OCR languages', () => {
  const root = resolve(import.meta.dirname, '../../..');
  const unpackedSha = (file: string) =>
    createHash('sha256')
      .update(gunzipSync(readFileSync(file)))
      .digest('hex');

  // Issue #46: German and English ship with the app; nothing is taken from the system's tessdata (a
  // Windows or macOS station has none), so what is read does not depend on the machine.
  it('German and English come with the app, whatever the system has', () => {
    expect(packagedModels()).toEqual([
      { code: 'deu', file: join(root, 'resources', 'ocr', 'deu.traineddata.gz') },
      { code: 'eng', file: join(root, 'resources', 'ocr', 'eng.traineddata.gz') },
    ]);
  });

  // The model decides OCR's speed (issue #30 item 4): tessdata_fast reads our pages with the same words
  // as the npm package's best_int in two thirds of the time. Another file here must be a decision.
  it('English is the shipped tessdata_fast model, byte for byte Debian’s tesseract-ocr-eng 4.1.0', () => {
    const eng = packagedEnglish();
    expect(eng).toEqual({ code: 'eng', file: join(root, 'resources', 'ocr', 'eng.traineddata.gz') });
    expect(unpackedSha(eng.file)).toBe('7d4322bd2a7749724879683fc3912cb542f19906c83bcc1a52132556427170b2');
  });

  // Issue #46: the npm package @tesseract.js-data/deu 1.0.0, 4.0.0_best_int (the legacy 4.0.0 file read
  // the same words at 5× the size; resources/ocr/README.md). Another file here must be a decision.
  it('German is @tesseract.js-data/deu 1.0.0’s best_int model, byte for byte', () => {
    expect(unpackedSha(packagedModel('deu').file)).toBe(
      'a1b72cc25753eac167edfef5af4448a8dc34973503a2265c34c84520f896eb03',
    );
  });

  it('finds the models from a bundle’s folder too, and says so when one is missing', () => {
    expect(packagedModel('deu', join(root, 'out', 'main')).file).toBe(packagedModel('deu').file);
    expect(packagedEnglish(join(root, 'out', 'main')).file).toBe(packagedEnglish().file);
    const elsewhere = mkdtempSync(join(tmpdir(), 'no-model-'));
    try {
      expect(() => packagedModel('deu', elsewhere)).toThrow(/OCR model .*deu\.traineddata\.gz.* is missing/);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

function existsIn(dir: string, name: string): boolean {
  try {
    return readdirSync(dir).includes(name);
  } catch {
    return false;
  }
}

describe('closing the document text', () => {
  it(
    'waits for a read it cut off: its mark is taken back and nothing is written after',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'doc-text-close-'));
      const cache = join(dir, 'data', 'text-cache');
      const service = new DocumentTextService({ dataDir: join(dir, 'data'), maxOcrPages: 1, dpi: 200, poolSize: 1 });
      try {
        const path = join(dir, 'scan.png');
        writeFileSync(path, await letterScan({ lines: ['Policy number HR-100003'], fontSize: 14 }, { dpi: 200 }));
        const reading = service.textOf(path);
        // The read has begun once its mark is on disk (renamed into place: the mark's temp file, seen for a
        // moment on a busy box, is not the mark yet); close while the worker reads.
        const marks = () =>
          existsIn(join(dir, 'data'), 'text-cache') ? readdirSync(cache).filter((n) => n.endsWith('.reading')) : [];
        await expect.poll(() => marks().length, { timeout: idleMs(30_000) }).toBe(1);
        expect(readdirSync(cache)).toEqual(marks());
        await service.close();
        expect(readdirSync(cache)).toEqual([]); // a clean stop leaves no mark that would count against the file
        expect(await reading).toMatchObject({ ok: false });
        expect(await service.textOf(path)).toEqual({
          ok: false,
          message: 'not read: the program is closing',
          closing: true,
        });
        expect(readdirSync(cache)).toEqual([]);
      } finally {
        await service.close();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    idleMs(60_000),
  );
});
