import { describe, expect, it } from 'vitest';
import { VALIDATE_ACCOUNT_ERRORS } from '../../../shared/platform/validate-account';
import type { ValidateAccountErrorCode } from '../../../shared/platform/validate-account';
import { partnerRejectionMessage } from './partner-messages';

describe('partnerRejectionMessage', () => {
  const codes = Object.keys(VALIDATE_ACCOUNT_ERRORS) as ValidateAccountErrorCode[];
  it('gives each error body its own message, in both languages', () => {
    for (const locale of ['en', 'de'] as const) {
      const texts = codes.map((c) => partnerRejectionMessage(locale, c));
      expect(new Set(texts).size).toBe(codes.length);
      for (const t of texts) expect(t.length).toBeGreaterThan(20);
    }
  });
});
