/**
 * The date of loss: dates in German and English forms (12.03.2026, 2026-03-12, 12. März 2026, 12 March
 * 2026, March 12, 2026), the one next to words that name the loss (Schadentag, date of loss, "am … ereignete
 * sich"). Never the letter's own date (a place and "den" before it, "Datum:", "Date:"), a date of another
 * thing (birth, purchase, policy start, the report) or a date after today.
 */
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

const MONTHS: Record<string, number> = {
  januar: 1, jan: 1, january: 1, janner: 1, februar: 2, feb: 2, february: 2, marz: 3, maerz: 3,
  mar: 3, march: 3, april: 4, apr: 4, mai: 5, may: 5, juni: 6, jun: 6, june: 6, juli: 7, jul: 7,
  july: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, oktober: 10, okt: 10, october: 10, oct: 10,
  november: 11, nov: 11, dezember: 12, dez: 12, december: 12, dec: 12,
}; // prettier-ignore
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** Each form with the groups it has: d, m (number or month name), y. */
const DATE_FORMS: RegExp[] = [
  new RegExp(String.raw`(?<![\d.])(?<d>\d{1,2})\s?\.\s?(?<m>\d{1,2})\s?\.\s?(?<y>\d{4})(?!\d)`, 'giu'),
  new RegExp(String.raw`(?<!\d)(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})(?!\d)`, 'giu'),
  new RegExp(String.raw`(?<!\d)(?<d>\d{1,2})\.?\s+(?<m>${MONTH})\.?,?\s+(?<y>\d{4})(?!\d)`, 'giu'),
  new RegExp(String.raw`(?<![\p{L}])(?<m>${MONTH})\.?\s+(?<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?<y>\d{4})(?!\d)`, 'giu'),
];

/** Words naming the loss, before the date (same line, or the label line above a form box). */
const LOSS_BEFORE =
  /(schadens?(tag|datum)|tag des schadens|datum des schadens|schadenereignis|unfall(tag|datum)|ereignis(tag|datum)|datum des (unfalls|ereignisses)|date of (the )?(loss|damage|incident|accident|event)|(loss|incident|accident|damage) date|when did (it|the loss|the damage) happen|wann ist (es|der schaden)|ereignete sich|geschah|passierte)[^\d]{0,40}$/u;
/** …or after it, in the same sentence: "Am 12.03.2026 ereignete sich", "On March 12, 2026 a pipe burst". */
const LOSS_AFTER =
  /^[^.!?]{0,60}?\b(ereignete|ereignet|geschah|passierte|kam es|entstand|trat|platzte|brach|bemerkten wir den schaden|occurred|happened|burst|broke|there was|a storm|we discovered|wurde .* beschadigt)/u;
/** An "on"/"am" right before the date inside a sentence about the damage. */
const ON_BEFORE = /\b(am|on|in der nacht (zum|vom)|during the night of)\s*$/u;

/** The letter's own date and dates of other things. */
const NOT_LOSS_BEFORE =
  /(\bden\s*$|^\s*(datum|date|dated)\s*:?\s*$|(ihr|unser|your|our) (schreiben|letter|zeichen) vom\s*$|geboren|geb\.|birth|geburts|gekauft|kaufdatum|purchased?|bought|seit|since|versicherungsbeginn|beginn|valid from|gultig ab|meldedatum|gemeldet am|reported on|eingang|received|termin|appointment|besichtigung|inspection|gutachter)[^\d]{0,25}$/u;
const LETTER_DATE_LINE = /^[\p{Lu}][\p{L} .'-]{1,40},\s*(den\s+)?$/u;

export interface FoundDate {
  iso: string;
  raw: string;
  at: Place;
  /** loss: named as the date of loss; letter/other: the letter's own or another thing's; plain: no words. */
  role: 'loss' | 'letter' | 'other' | 'plain';
}

export function isoOf(d: number, m: number, y: number): string | undefined {
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

export function findDates(lines: readonly NoticeLine[]): FoundDate[] {
  const out: FoundDate[] = [];
  for (const [i, line] of lines.entries()) {
    const low = plain(line.text);
    const taken: [number, number][] = [];
    for (const re of DATE_FORMS) {
      re.lastIndex = 0;
      for (const m of low.matchAll(re)) {
        const start = m.index ?? 0;
        const end = start + m[0].length;
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        const g = m.groups!;
        const month = /^\d+$/.test(g.m!) ? Number(g.m) : MONTHS[g.m!.replace(/\.$/, '')];
        if (!month) continue;
        const iso = isoOf(Number(g.d), month, Number(g.y));
        if (!iso) continue;
        taken.push([start, end]);
        const before = low.slice(0, start);
        const after = low.slice(end);
        const labelAbove = i > 0 && lines[i - 1]!.page === line.page ? plain(lines[i - 1]!.text) : '';
        const aloneOnLine = before.trim().length === 0;
        let role: FoundDate['role'] = 'plain';
        if (NOT_LOSS_BEFORE.test(before) || LETTER_DATE_LINE.test(line.text.slice(0, start))) role = 'letter';
        else if (LOSS_BEFORE.test(before) || LOSS_AFTER.test(after)) role = 'loss';
        else if (aloneOnLine && LOSS_BEFORE.test(labelAbove.replace(/[:\s]*$/, ' '))) role = 'loss';
        else if (aloneOnLine && NOT_LOSS_BEFORE.test(labelAbove.replace(/[:\s]*$/, ''))) role = 'other';
        else if (
          ON_BEFORE.test(before) &&
          /schaden|damage|wasser|water|sturm|storm|brand|fire|einbruch|burglar|hagel|hail|glas|rohr|pipe/u.test(low)
        )
          role = 'loss';
        out.push({ iso, raw: line.text.slice(start, end), at: placeOf(line, start, end), role });
      }
    }
  }
  return out;
}

export interface DateChoice {
  date: FoundDate;
  confidence: number;
}

/**
 * The date of loss among the letter's dates, as of `today` (YYYY-MM-DD): one named as the loss date and
 * not in the future is sure; two different ones named so, or only one unnamed date, are offered.
 */
export function chooseLossDate(dates: readonly FoundDate[], today: string): DateChoice | undefined {
  const past = dates.filter((d) => d.iso <= today);
  const loss = past.filter((d) => d.role === 'loss');
  const distinct = new Set(loss.map((d) => d.iso));
  if (distinct.size === 1) return { date: loss[0]!, confidence: 0.95 };
  if (distinct.size > 1) return { date: loss[0]!, confidence: 0.5 };
  const unnamed = past.filter((d) => d.role === 'plain');
  if (new Set(unnamed.map((d) => d.iso)).size === 1) return { date: unnamed[0]!, confidence: 0.55 };
  return undefined;
}
