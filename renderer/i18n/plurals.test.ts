import { describe, expect, it } from 'vitest';
import { documentTypeLabel } from './document-types';
import { translate, translateFrom } from './i18n';
import type { Catalogs } from './i18n';
import { noticeText } from '../app/notice-text';
import { policyStatusLabel } from '../features/policies/policy-status';

const catalogs: Catalogs<'docs' | 'exact'> = {
  en: {
    docs: '{count, plural, one {# document} other {# documents}} in {place}',
    exact: '{n, plural, =0 {none} other {#}}',
  },
  de: {
    docs: '{count, plural, one {# Dokument} other {# Dokumente}} in {place}',
    exact: '{n, plural, =0 {keine} other {#}}',
  },
};

describe('plurals by Intl.PluralRules', () => {
  it('picks the branch per locale, writes the number in its form, fills the other placeholders', () => {
    expect(translateFrom(catalogs, 'en', 'docs', { count: 1, place: 'Inbox' })).toBe('1 document in Inbox');
    expect(translateFrom(catalogs, 'en', 'docs', { count: 1234, place: 'Inbox' })).toBe('1,234 documents in Inbox');
    expect(translateFrom(catalogs, 'de', 'docs', { count: 1, place: 'Eingang' })).toBe('1 Dokument in Eingang');
    expect(translateFrom(catalogs, 'de', 'docs', { count: 0, place: 'Eingang' })).toBe('0 Dokumente in Eingang');
    expect(translateFrom(catalogs, 'de', 'exact', { n: 0 })).toBe('keine');
  });

  it('the shell says "1 Dokument", not "1 Dokumente"; "Datei(en)" is gone', () => {
    expect(translate('de', 'inbox.count', { count: 1 })).toBe('1 Dokument');
    expect(translate('de', 'inbox.count', { count: 2 })).toBe('2 Dokumente');
    expect(translate('en', 'inbox.count', { count: 1 })).toBe('1 document');
    expect(translate('de', 'status.importing', { count: 1 })).toBe('1 Datei wird übernommen…');
    expect(translate('de', 'status.importing', { count: 3 })).toBe('3 Dateien werden übernommen…');
  });
});

describe('German remnants', () => {
  it('the shipped document types speak the clerk’s language; an office’s own label stays as typed', () => {
    expect(documentTypeLabel('de', { code: 'INV', label: 'Invoice' })).toBe('Rechnung');
    expect(documentTypeLabel('en', { code: 'INV', label: 'Invoice' })).toBe('Invoice');
    expect(documentTypeLabel('de', { code: 'INV', label: 'Handwerkerrechnung' })).toBe('Handwerkerrechnung');
  });

  it('a policy status is one word in the clerk’s language: no "Aktiv · Aktiv", no "Inactive · Abgelaufen"', () => {
    expect(policyStatusLabel('de', true, 'Aktiv')).toBe('Aktiv');
    expect(policyStatusLabel('en', false, 'Abgelaufen')).toBe('Expired');
    expect(policyStatusLabel('en', false, 'Storniert')).toBe('Cancelled');
    expect(policyStatusLabel('de', false, 'Ruhend')).toBe('Inaktiv · Ruhend');
    expect(policyStatusLabel('en', true, null)).toBe('Active');
  });

  it('a notice shows a sentence, never its raw code', () => {
    const text = noticeText('de', { code: 'folder.missing', values: { folder: 'Scanner', path: '/srv/scans' } });
    expect(text).toContain('Scanner (/srv/scans)');
    expect(text).not.toContain('folder.missing');
  });
});
