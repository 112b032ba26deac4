import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrEngine } from './ocr-engine';
import { createOcrEngine, wordsOfTsv } from './ocr-engine';
import { packagedEnglish } from './ocr-languages';
import { letterScan } from './test-support/letters';
import { idleMs } from '../util/test-support/box-pace';

describe('Tesseract TSV words', () => {
  const header = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
  it('groups level-5 rows into lines by block, paragraph and line, in page fractions, skipping blanks', () => {
    const tsv = [
      header,
      '1\t1\t0\t0\t0\t0\t0\t0\t1000\t2000\t-1\t',
      '4\t1\t1\t1\t1\t0\t100\t200\t300\t40\t-1\t',
      '5\t1\t1\t1\t1\t1\t100\t200\t100\t40\t96.5\tPolicy',
      '5\t1\t1\t1\t1\t2\t250\t200\t150\t40\t95.1\tHR-100001',
      '5\t1\t1\t1\t1\t3\t420\t200\t10\t40\t95.1\t ',
      '5\t1\t1\t1\t2\t1\t100\t300\t200\t40\t91.0\tClaim',
      '5\t1\t2\t1\t1\t1\t500\t1000\t200\t40\t91.0\tnext',
      '',
    ].join('\n');
    expect(wordsOfTsv(tsv, 1000, 2000)).toEqual([
      [
        { text: 'Policy', box: { x: 0.1, y: 0.1, w: 0.1, h: 0.02 } },
        { text: 'HR-100001', box: { x: 0.25, y: 0.1, w: 0.15, h: 0.02 } },
      ],
      [{ text: 'Claim', box: { x: 0.1, y: 0.15, w: 0.2, h: 0.02 } }],
      [{ text: 'next', box: { x: 0.5, y: 0.5, w: 0.2, h: 0.02 } }],
    ]);
  });

  it('gives no lines for an empty page or a malformed row', () => {
    expect(wordsOfTsv('', 10, 10)).toEqual([]);
    expect(wordsOfTsv(`${header}\n5\t1\t1\t1\t1\t1\tx\t0\t1\t1\t90\tword\n5\t1\t1`, 10, 10)).toEqual([]);
  });
});

// The engine as the app sets it up (shipped model, LSTM only): every word of a dense, noisy 300-DPI
// strip, as printed. Guards the model and its settings (issue #30 item 4: faster, with the same words).
describe('OCR engine', () => {
  let dir: string;
  let engine: OcrEngine;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ocr-engine-'));
    engine = await createOcrEngine([packagedEnglish()], join(dir, 'stage'));
  });
  afterAll(async () => {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'reads every word of a dense page strip, numbers included',
    async () => {
      const lines = [
        'We refer to the claim named above and ask you to settle the repair invoice',
        'Versicherungsnummer: HR-100001 Unser Zeichen: CLM-2026-000101 Schadentag 12.03.2026',
        'of the garage within fourteen days; the vehicle was damaged on the motorway',
        'near the exit when a truck changed lanes without signalling. Please find enclosed',
      ];
      const png = await letterScan(
        { lines, fontSize: 10, page: [595.28, 160] },
        { dpi: 300, noise: 16, blur: 0.5, seed: 3 },
      );
      const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
      const read = await engine.recognize({ width: info.width, height: info.height, data: new Uint8Array(data) });
      expect(read.map((l) => l.map((w) => w.text).join(' '))).toEqual(lines);
    },
    idleMs(60_000),
  );
});
