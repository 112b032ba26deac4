import { describe, expect, it } from 'vitest';
import { NOTICE_CODES, NoticeSchema } from '../../shared/domain/notice';
import { en } from '../i18n/messages-en';
import { noticeText } from './notice-text';

// Issue #32 item 3: a notice travels as data ({code, values}) from the core to the screen; the renderer
// writes the sentence from the catalog, in the clerk's language, and parses no text.
describe('notices as data', () => {
  const folder = { folder: 'Scanner: Empfang', path: '/srv/scans' };

  it('the IPC schema carries a code and values, and refuses a sentence in their place', () => {
    const notice = { id: 'n1', level: 'warning', code: 'folder.missing', values: folder, at: 'now' };
    expect(NoticeSchema.parse(notice)).toEqual({ ...notice, count: 1 });
    expect(NoticeSchema.safeParse({ ...notice, code: 'folder.missing: Scanner (/srv/scans)' }).success).toBe(false);
    expect(
      NoticeSchema.safeParse({ id: 'n2', level: 'info', message: 'capture.split: a.pdf', at: 'now' }).success,
    ).toBe(false);
    expect(NoticeSchema.parse({ id: 'n3', level: 'info', code: 'storage.ok', at: 'now' }).values).toEqual({});
  });

  it('renders from code and values in en and de; a value with ": " in it stays whole', () => {
    const en = noticeText('en', { code: 'folder.invalid', values: { ...folder, reason: 'path: not absolute' } });
    expect(en).toBe(
      'The watched folder Scanner: Empfang (/srv/scans) is not watched because its settings are not valid: path: not absolute. Fix it in Settings.',
    );
    const de = noticeText('de', { code: 'folder.invalid', values: { ...folder, reason: 'path: not absolute' } });
    expect(de).toBe(
      'Der Ordner Scanner: Empfang (/srv/scans) wird nicht überwacht, weil seine Einstellungen ungültig sind: path: not absolute. Bitte in den Einstellungen korrigieren.',
    );
  });

  it('every code has a sentence in en and de, with no placeholder left unfilled', () => {
    for (const locale of ['en', 'de'] as const) {
      for (const code of NOTICE_CODES) {
        const values = {
          file: 'f.pdf',
          folder: 'F',
          path: '/p',
          reason: 'r',
          database: 'postgres://u@db:5432/o',
          station: 'PC-FRONT',
          since: '2026-12-07T09:00:00.000Z',
          count: '2',
        };
        const text = noticeText(locale, { code, values });
        expect(text, `${locale} ${code}`).not.toMatch(/\{\w+\}/);
        expect(text, `${locale} ${code}`).not.toContain(code);
        expect(en[`notice.${code}`], code).toBeTruthy();
      }
    }
  });

  it("a refused drop says the file and the error's plain sentence, not the core's technical text", () => {
    const values = { file: 'huge.pdf', errorCode: 'import.too_large', reason: 'file exceeds 100 MB (EFBIG)' };
    const text = {
      en: noticeText('en', { code: 'import.failed', values }),
      de: noticeText('de', { code: 'import.failed', values }),
    };
    expect(text.en).toContain('huge.pdf');
    expect(text.en).not.toContain('EFBIG');
    expect(text.de).toContain('Die Datei huge.pdf wurde nicht übernommen');
    expect(text.de).not.toContain('EFBIG');
  });

  it("an instant (a silent station's `since`) in the clerk's date and time, not as the core's ISO text", () => {
    const notice = {
      code: 'office.takenOver' as const,
      values: { station: 'PC A', since: '2026-12-07T09:05:00.000Z', count: '3' },
    };
    const en = noticeText('en', notice);
    const de = noticeText('de', notice);
    expect(en).not.toContain('2026-12-07T09:05');
    expect(de).not.toContain('2026-12-07T09:05');
    expect(en).toContain(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notice.values.since)),
    );
    expect(de).toContain(
      new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notice.values.since)),
    );
  });
});
