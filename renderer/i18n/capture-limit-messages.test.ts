import { describe, expect, it } from 'vitest';
import { noticeText } from '../app/notice-text';
import { errorMessages } from './error-messages';

/** Issue #27: a scan refused by a limit, or cut off twice, says so to the clerk in English and German. */
describe('capture limit messages', () => {
  const codes = ['capture.too_large', 'capture.too_many_pages', 'capture.interrupted'] as const;

  it('each notice names the scan in both languages, never the raw code', () => {
    for (const code of codes)
      for (const locale of ['en', 'de'] as const) {
        const text = noticeText(locale, { code, values: { file: 'bomb.tif' } });
        expect(text, `${locale} ${code}`).toContain('bomb.tif');
        expect(text, `${locale} ${code}`).not.toContain(code);
      }
    expect(noticeText('de', { code: 'capture.too_large', values: { file: 'bomb.tif' } })).toMatch(/Bildpunkte/);
  });

  it('each document error has its sentence in both languages', () => {
    for (const code of codes) {
      expect(errorMessages.en[`error.${code}`], code).toMatch(/kept whole/);
      expect(errorMessages.de[`error.${code}`], code).toMatch(/bleibt ganz/i);
    }
  });
});
