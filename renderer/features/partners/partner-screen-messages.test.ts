import { describe, expect, it } from 'vitest';
import { VALIDATE_ACCOUNT_ERRORS } from '../../../shared/platform/validate-account';
import type { ValidateAccountErrorCode } from '../../../shared/platform/validate-account';
import { translateFrom } from '../../i18n/i18n';
import { partnerScreenMessages } from './partner-screen-messages';

describe('partner rejection messages', () => {
  const codes = Object.keys(VALIDATE_ACCOUNT_ERRORS) as ValidateAccountErrorCode[];
  it('gives each error body its own message, in both languages', () => {
    for (const locale of ['en', 'de'] as const) {
      const texts = codes.map((c) => translateFrom(partnerScreenMessages, locale, `partner.rejection.${c}`));
      expect(new Set(texts).size).toBe(codes.length);
      for (const t of texts) expect(t.length).toBeGreaterThan(20);
    }
  });
  it('has a German text for every English key of the screen', () => {
    expect(Object.keys(partnerScreenMessages.de).sort()).toEqual(Object.keys(partnerScreenMessages.en).sort());
  });
});
