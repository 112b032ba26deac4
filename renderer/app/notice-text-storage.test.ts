import { describe, expect, it } from 'vitest';
import { StorageCodeSchema } from '../../shared/domain/queue';
import { noticeText } from './notice-text';

/** The data folder's failing notices (document-queue.ts: a storage code with the error as `reason`; `storage.ok`). */
describe('storage notices', () => {
  it('each cause and the recovery read as a sentence in en and de, never the raw code', () => {
    for (const locale of ['en', 'de'] as const) {
      for (const code of StorageCodeSchema.options) {
        const text = noticeText(locale, { code, values: { reason: 'SQLITE_FULL: database or disk is full' } });
        expect(text, `${locale} ${code}`).not.toContain(code);
        expect(text).toContain('SQLITE_FULL: database or disk is full');
      }
      expect(noticeText(locale, { code: 'storage.ok', values: {} })).not.toContain('storage.ok');
    }
    expect(noticeText('de', { code: 'storage.full', values: { reason: 'ENOSPC' } })).toMatch(
      /Datenträger des Datenordners ist voll/,
    );
  });
});
