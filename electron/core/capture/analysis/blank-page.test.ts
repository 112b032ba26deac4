import { describe, expect, it } from 'vitest';
import { createGray } from '../test-support/gray-bitmap';
import { inkRatio, isBlank } from './blank-page';
import { renderScan } from '../test-support/synthetic-scan';

const THRESHOLD = 0.002;

describe('blank page detection', () => {
  it('calls a clean white page and a dusty, noisy duplex back blank', async () => {
    expect(inkRatio(createGray(400, 600))).toBe(0);
    const back = await renderScan({ specks: 60 }, { noise: 25, seed: 3 });
    expect(isBlank(inkRatio(back), THRESHOLD)).toBe(true);
  });

  it('calls a grey (recycled) paper back blank: ink is judged against the paper, not against white', async () => {
    const back = await renderScan({ specks: 20 }, { levels: [60, 170], noise: 15 });
    expect(isBlank(inkRatio(back), THRESHOLD)).toBe(true);
  });

  it('does not call a page with one line of text blank, nor a faded letter', async () => {
    expect(isBlank(inkRatio(await renderScan({ textLines: 1 })), THRESHOLD)).toBe(false);
    expect(isBlank(inkRatio(await renderScan({ textLines: 8 }, { levels: [120, 210], noise: 10 })), THRESHOLD)).toBe(
      false,
    );
  });

  it('ignores a dark scanner edge in the outer 5 %', () => {
    const b = createGray(1000, 1400);
    for (let y = 0; y < b.height; y++) b.data.fill(0, y * b.width, y * b.width + 40);
    expect(inkRatio(b)).toBe(0);
  });

  it('the threshold decides: one short line is ink above 0.0005 but below 0.05', async () => {
    const ink = inkRatio(await renderScan({ textLines: 1 }));
    expect(isBlank(ink, 0.0005)).toBe(false);
    expect(isBlank(ink, 0.05)).toBe(true);
  });
});
