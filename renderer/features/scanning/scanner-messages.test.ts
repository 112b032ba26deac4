import { describe, expect, it } from 'vitest';
import { SCANNER_PROBLEMS } from '../../../shared/domain/scanning';
import { translatorFor } from '../../i18n/i18n';
import { scannerMessages } from './scanner-messages';

describe('a scan in plain words, en and de (issue #38)', () => {
  it('says the pages scanned and the documents so far', () => {
    const en = translatorFor(scannerMessages, 'en');
    const de = translatorFor(scannerMessages, 'de');
    expect(en('scan.progress', { pages: 7, documents: 2 })).toBe('page 7 scanned · 2 documents so far');
    expect(de('scan.progress', { pages: 7, documents: 2 })).toBe('Seite 7 gescannt · bisher 2 Dokumente');
    expect(en('scan.progress', { pages: 1, documents: 0 })).toBe('page 1 scanned · no document yet');
    expect(de('scan.progress', { pages: 3, documents: 1 })).toBe('Seite 3 gescannt · bisher 1 Dokument');
  });

  it('has a sentence for every scanner state, in both languages, none the same', () => {
    for (const locale of ['en', 'de'] as const) {
      const t = translatorFor(scannerMessages, locale);
      const sentences = SCANNER_PROBLEMS.map((code) => t(code));
      for (const s of sentences) expect(s.length).toBeGreaterThan(20);
      expect(new Set(sentences).size).toBe(SCANNER_PROBLEMS.length);
    }
    expect(translatorFor(scannerMessages, 'de')('scanner.jam')).toMatch(/^Papierstau/);
  });
});
