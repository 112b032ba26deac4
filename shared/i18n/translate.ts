/**
 * The one translation mechanism, for every layer that writes a sentence: the renderer (renderer/i18n/i18n.ts
 * adds its catalogs and React's locale to it) and the core (the tray and the desktop notifications,
 * shared/i18n/desktop-messages.ts). A catalog pair (`Catalogs`) maps keys to `{name}` templates per locale.
 */
export type Locale = 'en' | 'de';
export type MessageValues = Record<string, string | number>;
export type Catalogs<K extends string> = Record<Locale, Record<K, string>>;
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/**
 * Fills `{name}` placeholders; numbers are written in the locale's form; an unknown name stays as it is.
 * A plural picks its branch by the locale's plural rules (Intl.PluralRules), ICU style:
 * `{count, plural, one {# document} other {# documents}}` (`#` = the number; `=0 {…}` an exact match).
 * So no catalog needs `file(s)` or `Datei(en)`.
 */
export function translateFrom<K extends string>(
  catalogs: Catalogs<K>,
  locale: Locale,
  key: K,
  values: MessageValues = {},
): string {
  const template = catalogs[locale][key] ?? catalogs.en[key];
  const number = (v: number) => new Intl.NumberFormat(locale).format(v);
  return fillPlurals(template, locale, values).replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    return v === undefined ? `{${name}}` : typeof v === 'number' ? number(v) : v;
  });
}

/** Replaces each `{name, plural, …}` with its branch for values[name]; left as it is when the value is no number. */
export function fillPlurals(template: string, locale: Locale, values: MessageValues): string {
  let out = '';
  let i = 0;
  const head = /\{(\w+), plural,/g;
  for (let m = head.exec(template); m; m = head.exec(template)) {
    // Find the plural's closing brace (branches hold one level of braces, and placeholders inside them).
    let depth = 1;
    let j = head.lastIndex;
    for (; j < template.length && depth > 0; j++) {
      if (template[j] === '{') depth++;
      else if (template[j] === '}') depth--;
    }
    const name = m[1] ?? '';
    const value = values[name];
    const body = template.slice(head.lastIndex, j - 1);
    out += template.slice(i, m.index);
    if (typeof value !== 'number') out += template.slice(m.index, j);
    else {
      const branches = new Map<string, string>();
      for (const b of body.matchAll(/\s*(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g)) {
        branches.set(b[1] ?? '', b[2] ?? '');
      }
      const rule = new Intl.PluralRules(locale).select(value);
      const branch = branches.get(`=${value}`) ?? branches.get(rule) ?? branches.get('other') ?? '';
      out += branch.replace(/#/g, new Intl.NumberFormat(locale).format(value));
    }
    i = j;
    head.lastIndex = j;
  }
  return out + template.slice(i);
}

export function translatorFor<K extends string>(catalogs: Catalogs<K>, locale: Locale): Translate<K> {
  return (key, values) => translateFrom(catalogs, locale, key, values);
}
