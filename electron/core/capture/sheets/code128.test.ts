import { describe, expect, it } from 'vitest';
import { readPageBarcodes } from '../analysis/barcodes';
import type { GrayBitmap } from '../pages/bitmap';
import { createGray } from '../test-support/gray-bitmap';
import { Code128Error, code128Modules, code128Values, code128Widths } from './code128';

/** The symbol drawn at `px` pixels per module with 10 modules of quiet zone, 60 px high, on white. */
function drawn(text: string, px = 3): GrayBitmap {
  const widths = code128Widths(text);
  const modules = widths.reduce((a, b) => a + b, 0) + 20;
  const page = createGray(modules * px + 40, 100);
  let x = 20 + 10 * px;
  widths.forEach((w, i) => {
    if (i % 2 === 0) for (let y = 20; y < 80; y++) page.data.fill(0, y * page.width + x, y * page.width + x + w * px);
    x += w * px;
  });
  return page;
}

const read = async (text: string) =>
  (await readPageBarcodes(drawn(text), ['Code128'])).map((b) => `${b.format}:${b.text}`);

describe('Code 128 encoder, read back by zxing-wasm (the reader capture uses)', () => {
  it.each([
    'PATCHT',
    'CLM-2026-000101',
    'CLM-2024-000123',
    '1234567890',
    '12345',
    'A1234567B',
    'x9',
    '00',
    'HR-100001',
  ])('%s', async (text) => {
    expect(await read(text)).toEqual([`Code128:${text}`]);
  });

  it('every printable ASCII character (so every code-B pattern) reads back', async () => {
    const all = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    // Spaces at an end would be trimmed by nothing, but keep each chunk starting with a letter for clarity.
    for (let i = 0; i < all.length; i += 19) {
      const chunk = `Q${all.slice(i, i + 19)}Q`;
      expect(await read(chunk)).toEqual([`Code128:${chunk}`]);
    }
  });

  it('every code-C pair (00–99) reads back', async () => {
    for (let start = 0; start < 100; start += 20) {
      const digits = Array.from({ length: 20 }, (_, i) => String(start + i).padStart(2, '0')).join('');
      expect(await read(digits)).toEqual([`Code128:${digits}`]);
    }
  });

  it('uses code set C for digit runs: a case number is shorter than in code B alone', () => {
    // CLM- in B, then 2026 (middle run of 4 stays B), -, then 000101 in C: start + 4 + 5 + 1 + (switch + 3) + check.
    const values = code128Values('CLM-2026-000101');
    expect(values[0]).toBe(104);
    expect(values).toContain(99);
    expect(code128Modules('CLM-2026-000101')).toBeLessThan(11 * (2 + 15) + 13);
    expect(code128Values('123456')[0]).toBe(105);
    expect(code128Values('123456')).toHaveLength(1 + 3 + 1);
  });

  it('computes the check value as (start + Σ position × value) mod 103', () => {
    // Start B 104; P 48, J 42, J 42, 1 17, 2 18, 3 19, C 35 → 104 + 48 + 84 + 126 + 68 + 90 + 114 + 245 = 879 → 55.
    expect(code128Values('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it.each([
    ['', 'nothing to encode'],
    ['Schäden', 'not a printable ASCII character'],
    ['a\tb', 'not a printable ASCII character'],
    ['x'.repeat(81), 'longer than 80'],
  ])('refuses %j: %s', (text, message) => {
    expect(() => code128Values(text)).toThrow(Code128Error);
    expect(() => code128Values(text)).toThrow(message);
  });
});
