import { describe, expect, it } from 'vitest';
import { fitScale, openingScale, stepZoom } from './zoom';

describe('preview zoom', () => {
  it('fit-to-page takes the tighter of width and height', () => {
    expect(fitScale({ width: 2000, height: 1000 }, { width: 500, height: 500 })).toBe(0.25);
    expect(fitScale({ width: 595, height: 842 }, { width: 600, height: 421 })).toBe(0.5);
    expect(fitScale({ width: 0, height: 0 }, { width: 600, height: 400 })).toBe(1);
  });

  it('+ and − move to the next step from a fitted scale between steps, and stop at the ends', () => {
    expect(stepZoom(0.37, 1)).toBe(0.5);
    expect(stepZoom(0.37, -1)).toBe(0.25);
    expect(stepZoom(1, 1)).toBe(1.25);
    expect(stepZoom(1, -1)).toBe(0.75);
    expect(stepZoom(4, 1)).toBe(4);
    expect(stepZoom(0.1, -1)).toBe(0.1);
  });

  it('a document opens at 100 %, or at the pane’s width when its page is wider', () => {
    expect(openingScale({ width: 595, height: 842 }, { width: 800 })).toBe(1);
    const narrow = openingScale({ width: 595, height: 842 }, { width: 300 });
    expect(narrow).toBeLessThan(300 / 595);
    expect(narrow * 595).toBeGreaterThan(299);
    expect(openingScale({ width: 0, height: 0 }, { width: 300 })).toBe(1);
  });
});
