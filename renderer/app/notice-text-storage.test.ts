import { describe, expect, it } from 'vitest';
import { StorageCodeSchema } from '../../shared/domain/queue';
import { noticeText } from './notice-text';

/** The data folder's failing notices (document-queue.ts: `<storage code>: <error>`, `storage.ok: `). */
describe('storage notices', () => {
  it('each cause and the recovery read as a sentence in en and de, never the raw code', () => {
    for (const locale of ['en', 'de'] as const) {
      for (const code of StorageCodeSchema.options) {
        const text = noticeText(locale, `${code}: SQLITE_FULL: database or disk is full`);
        expect(text, `${locale} ${code}`).not.toContain(code);
        expect(text).toContain('SQLITE_FULL: database or disk is full');
      }
      expect(noticeText(locale, 'storage.ok: ')).not.toContain('storage.ok');
    }
    expect(noticeText('de', 'storage.full: ENOSPC')).toMatch(/Datenträger des Datenordners ist voll/);
  });
});
