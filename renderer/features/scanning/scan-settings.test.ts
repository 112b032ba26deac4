import { describe, expect, it } from 'vitest';
import type { ScannerCapabilities } from '../../../shared/domain/scanning';
import { fitSettings } from './scan-settings';

const caps = (over: Partial<ScannerCapabilities>): ScannerCapabilities => ({
  makeAndModel: 'Test',
  sources: ['platen', 'feeder', 'duplex'],
  resolutions: [100, 200, 300, 600],
  colors: ['bw', 'gray', 'color'],
  formats: ['image/jpeg'],
  ...over,
});

describe('scan settings fitted to what the scanner offers (issue #38)', () => {
  it('keeps the remembered settings where the scanner offers them', () => {
    expect(fitSettings({ source: 'duplex', dpi: 600, color: 'color' }, caps({}))).toEqual({
      source: 'duplex',
      dpi: 600,
      color: 'color',
    });
  });

  it('with nothing remembered: the feeder, 300 dpi, grey', () => {
    expect(fitSettings(undefined, caps({}))).toEqual({ source: 'feeder', dpi: 300, color: 'gray' });
  });

  it('replaces what the scanner does not offer: the usual one, else the nearest resolution or the first offered', () => {
    const glassOnly = caps({ sources: ['platen'], resolutions: [150, 400], colors: ['color'] });
    expect(fitSettings({ source: 'duplex', dpi: 600, color: 'bw' }, glassOnly)).toEqual({
      source: 'platen',
      dpi: 400,
      color: 'color',
    });
    expect(fitSettings(undefined, caps({ resolutions: [75, 290, 1200] }))).toMatchObject({ dpi: 290 });
  });
});
