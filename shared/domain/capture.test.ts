import { describe, expect, it } from 'vitest';
import { CaptureProfileSchema, DEFAULT_CAPTURE_PROFILE } from './capture';

describe('CaptureProfileSchema', () => {
  it('defaults: split on PATCHT, drop the separator page, keep blank pages, 200 DPI', () => {
    expect(DEFAULT_CAPTURE_PROFILE).toMatchObject({
      separate: true,
      separatorValue: 'PATCHT',
      keepSeparatorPage: false,
      blankPages: 'keep',
      dpi: 200,
    });
  });

  it('refuses a pattern that does not compile, with a message', () => {
    const r = CaptureProfileSchema.safeParse({ metadataPattern: '^CLM-(?<CaseNumber>\\d{4}' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('not a valid regular expression');
    expect(CaptureProfileSchema.safeParse({ separatorPattern: '^CLM-(?<CaseNumber>\\d{4}-\\d{6})$' }).success).toBe(
      true,
    );
  });

  it('refuses an unknown blank-page mode and an absurd threshold', () => {
    expect(CaptureProfileSchema.safeParse({ blankPages: 'burn' }).success).toBe(false);
    expect(CaptureProfileSchema.safeParse({ blankThreshold: 0.5 }).success).toBe(false);
  });
});
