import { describe, expect, it } from 'vitest';
import { FIRST_ZOOM, fitScale, parseZoom, stepZoom, widthScale } from './zoom';

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

  it('fit width: a 300 DPI scan as wide as the pane (not 13 % of it), a PDF page enlarged to it, never wider', () => {
    const scan = widthScale({ width: 2480, height: 3508 }, { width: 900 });
    expect(scan * 2480).toBeLessThanOrEqual(900);
    expect(scan * 2480).toBeGreaterThan(899);
    const pdf = widthScale({ width: 595, height: 842 }, { width: 1100 });
    expect(pdf).toBeGreaterThan(1.8);
    expect(pdf * 595).toBeLessThanOrEqual(1100);
    expect(widthScale({ width: 10, height: 10 }, { width: 1100 })).toBe(4);
    expect(widthScale({ width: 0, height: 0 }, { width: 300 })).toBe(1);
  });

  it('opens at fit width before a choice; a stored choice reads back, a damaged one is none', () => {
    expect(FIRST_ZOOM).toBe('width');
    expect(parseZoom('fit')).toBe('fit');
    expect(parseZoom('width')).toBe('width');
    expect(parseZoom('1.25')).toBe(1.25);
    for (const damaged of [null, undefined, '', 'opening', 'NaN', '0', '40', '-1'])
      expect(parseZoom(damaged)).toBeUndefined();
  });
});
