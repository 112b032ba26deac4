import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, LocaleProvider, translate, translateFrom, useCatalog, useT } from './i18n';
import type { Catalogs } from './i18n';

const catalogs: Catalogs<'greet' | 'onlyEn'> = {
  en: { greet: 'Hello {name}, {count} new', onlyEn: 'English only' },
  de: { greet: 'Hallo {name}, {count} neu', onlyEn: '' },
};

describe('translateFrom', () => {
  it('fills placeholders, numbers in the locale form; an unknown placeholder stays visible', () => {
    expect(translateFrom(catalogs, 'en', 'greet', { name: 'Eva', count: 1234 })).toBe('Hello Eva, 1,234 new');
    expect(translateFrom(catalogs, 'de', 'greet', { name: 'Eva', count: 1234 })).toBe('Hallo Eva, 1.234 neu');
    expect(translateFrom(catalogs, 'en', 'greet', { name: 'Eva' })).toBe('Hello Eva, {count} new');
  });
  it('the shell catalogs go through the same function', () => {
    expect(translate('de', 'nav.inbox')).not.toBe(translate('en', 'nav.inbox'));
  });
});

describe('hooks follow the LocaleProvider, not a store', () => {
  function Probe() {
    const t = useT();
    const own = useCatalog(catalogs);
    return (
      <p>
        {t('nav.inbox')}|{own('greet', { name: 'Eva', count: 2 })}
      </p>
    );
  }
  it('renders in the locale it is given', () => {
    const en = renderToStaticMarkup(<Probe />);
    const de = renderToStaticMarkup(
      <LocaleProvider value="de">
        <Probe />
      </LocaleProvider>,
    );
    expect(en).toBe(`<p>${translate('en', 'nav.inbox')}|Hello Eva, 2 new</p>`);
    expect(de).toBe(`<p>${translate('de', 'nav.inbox')}|Hallo Eva, 2 neu</p>`);
  });
});

describe('formats', () => {
  it('a calendar date keeps its day in every time zone; what is no date is shown as given', () => {
    expect(formatDate('en', '2026-03-05')).toBe('Mar 5, 2026');
    expect(formatDate('de', '2026-03-05T23:30:00+05:00')).toBe('05.03.2026');
    expect(formatDate('en', '2026-13-01')).toBe('2026-13-01');
    expect(formatDate('en', undefined)).toBe('–');
  });
  it('bytes in binary steps, one decimal above bytes', () => {
    expect(formatBytes('en', 0)).toBe('0 B');
    expect(formatBytes('en', 1536)).toBe('1.5 KB');
    expect(formatBytes('de', 5 * 1024 * 1024)).toBe('5 MB');
  });
});
