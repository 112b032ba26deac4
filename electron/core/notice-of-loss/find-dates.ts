/**
 * The date of loss: dates in German and English forms (12.03.2026, 2026-03-12, 12. März 2026, 12 March
 * 2026, March 12, 2026), the one next to words that name the loss (Schadentag, date of loss, "am … ereignete
 * sich"). Never the letter's own date (a place and "den" before it, "Datum:", "Date:"), a date of another
 * thing (birth, purchase, policy start, the report) or a date after today.
 */
import type { NoticeLine, Place } from './notice-lines';
import { boxOf, placeOf, plain } from './notice-lines';

const MONTHS: Record<string, number> = {
  januar: 1, jan: 1, january: 1, janner: 1, februar: 2, feb: 2, february: 2, marz: 3, maerz: 3,
  mar: 3, march: 3, april: 4, apr: 4, mai: 5, may: 5, juni: 6, jun: 6, june: 6, juli: 7, jul: 7,
  july: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, oktober: 10, okt: 10, october: 10, oct: 10,
  november: 11, nov: 11, dezember: 12, dez: 12, december: 12, dec: 12,
}; // prettier-ignore
const MONTH = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/**
 * Each form with the groups it has: d, m (number or month name), y. Two-digit years (14.2.26) are 20yy;
 * d/m/y with slashes is read day first (the letters are to a European insurer). A form without a year
 * ("am 2. Mai", "(26.09.)", "May 3rd") takes its year from the letter's own date (notYear).
 */
const DATE_FORMS: RegExp[] = [
  new RegExp(String.raw`(?<![\d.])(?<d>\d{1,2})\s?\.\s?(?<m>\d{1,2})\s?\.\s?(?<y>\d{4}|\d{2})(?![\d.,]\d|\d)`, 'giu'),
  new RegExp(String.raw`(?<![\d/])(?<d>\d{1,2})/(?<m>\d{1,2})/(?<y>\d{4}|\d{2})(?![\d/])`, 'giu'),
  new RegExp(String.raw`(?<!\d)(?<y>\d{4})-(?<m>\d{2})-(?<d>\d{2})(?!\d)`, 'giu'),
  new RegExp(
    String.raw`(?<!\d)(?<d>\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(?<m>${MONTH})\.?,?\s+(?<y>\d{4})(?!\d)`,
    'giu',
  ),
  new RegExp(String.raw`(?<![\p{L}])(?<m>${MONTH})\.?\s+(?<d>\d{1,2})(?:st|nd|rd|th)?,?\s+(?<y>\d{4})(?!\d)`, 'giu'),
  // Without a year.
  new RegExp(String.raw`(?<![\d.,])(?<d>\d{1,2})\.\s?(?<m>\d{1,2})\.(?!\s?\d)`, 'giu'),
  new RegExp(String.raw`(?<![\d.,])(?<d>\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(?<m>${MONTH})\b\.?`, 'giu'),
  new RegExp(String.raw`(?<![\p{L}])(?<m>${MONTH})\.?\s+(?<d>\d{1,2})(?:st|nd|rd|th)?(?![\d.,:]\d|\d)`, 'giu'),
];

/** Words naming the loss, before the date (same line, or the label line above a form box). */
const LOSS_BEFORE =
  /(schadens?(tag|datum)|tag des schadens|datum des schadens|schadenereignis|unfall(tag|datum)|ereignis(tag|datum)|datum des (unfalls|ereignisses)|date of (the )?(loss|damage|incident|accident|event)|(loss|incident|accident|damage) date|when did (it|the loss|the damage) happen|wann ist (es|der schaden)|ereignete sich|geschah|passierte)[^\d]{0,40}$/u;
/** …or after it, in the same sentence: "Am 12.03.2026 ereignete sich", "On March 12, 2026 a pipe burst". */
const LOSS_AFTER =
  /^[^.!?]{0,60}?\b(ereignete|ereignet|geschah|passierte|kam es|entstand|trat|platzte|brach|bemerkten wir den schaden|occurred|happened|burst|broke|there was|a storm|we discovered|wurde .* beschadigt)/u;
/** An "on"/"am" right before the date inside a sentence about the damage. */
const WEEKDAY =
  '(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(abend|morgen|nachmittag|vormittag|nacht)?';
const ON_BEFORE = new RegExp(
  String.raw`(\b(am|on|in der nacht (zum|vom|von \p{L}+ auf)|during the night of|on the night of|the night of)\s*(${WEEKDAY}\s*,?\s*)?((dem|den|the)\s+)?[(]?|\b${WEEKDAY}\s*,?\s*((dem|den|the)\s+|[(]))\s*$`,
  'u',
);

/** The letter's own date and dates of other things (a quote "vom …", a document "dated …"). */
const NOT_LOSS_BEFORE =
  /(\bden\s*$|^\s*(datum|date|dated|sent|gesendet)\s*:?\s*((mon|tue|wed|thu|fri|sat|sun|mo|di|mi|do|fr|sa|so)\p{L}*\.?,?\s*)?$|(ihr|unser|your|our) (schreiben|letter|zeichen) vom\s*$|\bvom\s*$|\bv\.\s*$|\bdated\s*$|geboren|geb\.|birth|geburts|gekauft|kaufdatum|purchased?|bought|seit|since|versicherungsbeginn|beginn|valid from|gultig ab|meldedatum|gemeldet am|reported on|eingang|received|termin|appointment|besichtigung|inspection|gutachter|frist|deadline|until|bis zum|bis)[^\d]{0,25}$/u;
const LETTER_DATE_LINE = /^[\p{Lu}][\p{L} .'-]{1,40},\s*((den|am)\s+)?$/u;
/** "On Saturday, 15 August 2026": a sentence, not a place and the letter's date. */
const STARTS_AS_SENTENCE = new RegExp(String.raw`^\W*(am|on|in|at|during|the|${WEEKDAY})\b`, 'u');
/** How much of the next line a wrapped date is looked for in ("Dezember 2026", "September 2026"). */
const WRAP_HEAD = 16;
const QUOTE_HEADER = /^[^.!?]{0,60}\b(schrieb|wrote)\b/u;
/** The date opens its line, or follows only a weekday or a word or two (a form's cell). */
const aloneOnLineOrFirst = (prefix: string) => prefix.trim().split(/\s+/).filter(Boolean).length <= 2;

export interface FoundDate {
  iso: string;
  raw: string;
  at: Place;
  /**
   * loss: named as the date of loss (or under a form's loss-date label); on: "am …"/"on …" in a sentence;
   * letter/other: the letter's own or another thing's; plain: no words.
   */
  role: 'loss' | 'on' | 'letter' | 'other' | 'plain';
  /** Written without a year: the year is the letter's (or the one before, if that were after the letter). */
  noYear?: boolean;
}

/** A form's column label above the date naming the loss's day ("Schadentag", "Datum / Uhrzeit Unfallort"). */
const LOSS_COLUMN =
  /^[^a-z]*(schadens?tag|schadens?datum|tag des schadens|datum des schadens|unfall(tag|datum)|ereignis(tag|datum)|date of (the )?(loss|damage|incident|accident|event)|(loss|incident|accident) date|when did it happen|datum|date)\b/u;
/** A bare "Datum"/"Date" column counts only in a label line about the loss. */
const LOSS_LINE = /(uhrzeit|time|schaden|unfall|loss|incident|accident|happen|passiert|geschehen)/u;
const NOT_LOSS_COLUMN = /^[^a-z]*(datum|date) (of (this|the) (report|letter)|der (meldung|anzeige))/u;

function columnLabelAbove(lines: readonly NoticeLine[], i: number, start: number, end: number): 'loss' | undefined {
  const box = boxOf(lines[i]!, start, end);
  if (!box) return undefined;
  for (const j of [i - 1, i - 2]) {
    const above = lines[j];
    if (!above || above.page !== lines[i]!.page) return undefined;
    const k = above.words.findIndex((w) => w.box.x < box.x + box.w && w.box.x + w.box.w > box.x);
    if (k < 0) continue;
    const label = plain(above.text.slice(above.starts[k]!));
    if (NOT_LOSS_COLUMN.test(label)) return undefined;
    const m = LOSS_COLUMN.exec(label);
    if (m && (!/^[^a-z]*(datum|date)$/u.test(m[0]) || LOSS_LINE.test(plain(above.text)))) return 'loss';
    // A line of values between the label and this one (two-line cells): look one further up.
    if (/\d/.test(above.text)) continue;
    return undefined;
  }
  return undefined;
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
    // A date the line wraps ("am Dienstag, dem 1." / "Dezember 2026, …") is read with the head of the next
    // line; one that starts there is that line's.
    const next = lines[i + 1]?.page === line.page ? lines[i + 1]!.text : '';
    const joined = next ? `${low} ${plain(next.slice(0, WRAP_HEAD))}` : low;
    const taken: [number, number][] = [];
    for (const re of DATE_FORMS) {
      re.lastIndex = 0;
      for (const m of joined.matchAll(re)) {
        const start = m.index ?? 0;
        const end = start + m[0].length;
        const wrapped = end > low.length;
        // Begun on the next line, or ending on the space that joins the two: not this line's.
        if (start >= low.length || end === low.length + 1) continue;
        if (taken.some(([a, b]) => start < b && end > a)) continue;
        const g = m.groups!;
        const month = /^\d+$/.test(g.m!) ? Number(g.m) : MONTHS[g.m!.replace(/\.$/, '')];
        if (!month) continue;
        const noYear = g.y === undefined;
        const year = noYear ? 2000 : g.y!.length === 2 ? 2000 + Number(g.y) : Number(g.y);
        const iso = isoOf(Number(g.d), month, noYear && month === 2 && Number(g.d) === 29 ? 2000 : year);
        if (!iso) continue;
        taken.push([start, end]);
        const before = low.slice(0, start);
        const after = joined.slice(end);
        const labelAbove = i > 0 && lines[i - 1]!.page === line.page ? plain(lines[i - 1]!.text) : '';
        const aloneOnLine = before.trim().length === 0;
        const prefix = plain(line.text.slice(0, start));
        const onBefore = ON_BEFORE.test(before);
        let role: FoundDate['role'] = 'plain';
        // A quoted e-mail's header ("Am 03.03.2026 um 10:14 schrieb …", "On …, … wrote:").
        if (QUOTE_HEADER.test(after)) role = 'other';
        // A form's column under a loss-date label, before the letter-date rule: "Ostermontag, 6.4.2026".
        else if (aloneOnLineOrFirst(prefix) && columnLabelAbove(lines, i, start, end)) role = 'loss';
        else if (
          // "geboren am …" is another thing's date; "Dienstag, den …" is not the letter's.
          NOT_LOSS_BEFORE.test(onBefore ? before.replace(/\b(am|on|den|dem|the)\s*[(]?\s*$/u, '') : before) ||
          (LETTER_DATE_LINE.test(line.text.slice(0, start)) && !STARTS_AS_SENTENCE.test(prefix))
        )
          role = 'letter';
        else if (LOSS_BEFORE.test(before) || LOSS_AFTER.test(after)) role = 'loss';
        else if (aloneOnLine && LOSS_BEFORE.test(labelAbove.replace(/[:\s]*$/, ' '))) role = 'loss';
        else if (aloneOnLine && NOT_LOSS_BEFORE.test(labelAbove.replace(/[:\s]*$/, ''))) role = 'other';
        else if (columnLabelAbove(lines, i, start, end)) role = 'loss';
        else if (onBefore)
          role = /schaden|damage|wasser|water|sturm|storm|brand|fire|einbruch|burglar|hagel|hail|glas|rohr|pipe/u.test(
            low,
          )
            ? 'loss'
            : 'on';
        out.push({
          iso,
          raw: wrapped
            ? `${line.text.slice(start)} ${next.slice(0, end - low.length - 1)}`
            : line.text.slice(start, end),
          at: placeOf(line, start, Math.min(end, low.length)),
          role,
          ...(noYear ? { noYear } : {}),
        });
      }
    }
  }
  return withYears(out);
}

/** A date written without a year takes the letter's year, or the year before if it would follow the letter. */
function withYears(dates: FoundDate[]): FoundDate[] {
  const dated = dates.find((d) => d.role === 'letter' && !d.noYear) ?? dates.find((d) => !d.noYear);
  if (!dated) return dates.filter((d) => !d.noYear);
  const ref = dated.iso;
  return dates.map((d) => {
    if (!d.noYear) return d;
    const md = d.iso.slice(4);
    const same = `${ref.slice(0, 4)}${md}`;
    return { ...d, iso: same <= ref ? same : `${Number(ref.slice(0, 4)) - 1}${md}` };
  });
}

export interface DateChoice {
  date: FoundDate;
  confidence: number;
  evidence:
    | 'loss-date-named'
    | 'loss-date-named-twice'
    | 'loss-date-on'
    | 'loss-date-on-first'
    | 'loss-date-no-year'
    | 'loss-date-unnamed';
}

/**
 * The date of loss among the letter's dates, as of `today` (YYYY-MM-DD): one named as the loss date and
 * not in the future; else the one an "am …"/"on …" sentence gives (the first of several); else the only
 * unnamed date. A date written without a year is its own kind of evidence (its year is inferred).
 */
export function chooseLossDate(dates: readonly FoundDate[], today: string): DateChoice | undefined {
  const past = dates.filter((d) => d.iso <= today);
  const pick = (
    date: FoundDate,
    confidence: number,
    evidence: Exclude<DateChoice['evidence'], 'loss-date-no-year'>,
  ): DateChoice =>
    date.noYear ? { date, confidence: 0.5, evidence: 'loss-date-no-year' } : { date, confidence, evidence };
  const loss = past.filter((d) => d.role === 'loss');
  const distinct = new Set(loss.map((d) => d.iso));
  if (distinct.size === 1) return pick(loss[0]!, 0.95, 'loss-date-named');
  if (distinct.size > 1) return pick(loss[0]!, 0.5, 'loss-date-named-twice');
  const on = past.filter((d) => d.role === 'on');
  if (new Set(on.map((d) => d.iso)).size === 1) return pick(on[0]!, 0.8, 'loss-date-on');
  if (on.length > 1) return pick(on[0]!, 0.5, 'loss-date-on-first');
  const unnamed = past.filter((d) => d.role === 'plain');
  if (new Set(unnamed.map((d) => d.iso)).size === 1) return pick(unnamed[0]!, 0.55, 'loss-date-unnamed');
  return undefined;
}
