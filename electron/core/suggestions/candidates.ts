/**
 * Candidates: numbers and dates read off a page for the tagging form's fields. Each field has patterns
 * (regular expressions, configurable); the value is the named group `value`, or the whole match. A
 * format with a check digit names its scheme and candidates failing it are dropped. Each candidate keeps
 * its page and the box of the words it came from, so the preview can show the place.
 */
import type { Candidate, FieldPattern } from '../../../shared/domain/suggestions';
import { SANDBOX_CASE_NUMBER_PATTERN } from '../../../shared/domain/case-number';
import { checkDigitValid } from './check-digits';
import type { PageText } from './page-text';
import { unionBox } from './page-text';

export type { FieldPattern };

const MONTHS: Record<string, number> = {
  jan: 1, januar: 1, january: 1, feb: 2, februar: 2, february: 2, mar: 3, mär: 3, märz: 3, march: 3,
  apr: 4, april: 4, may: 5, mai: 5, jun: 6, juni: 6, june: 6, jul: 7, juli: 7, july: 7, aug: 8, august: 8,
  sep: 9, sept: 9, september: 9, oct: 10, okt: 10, oktober: 10, october: 10, nov: 11, november: 11,
  dec: 12, dez: 12, dezember: 12, december: 12,
}; // prettier-ignore

const DATE =
  String.raw`(?<value>\d{1,2}\.\s?\d{1,2}\.\s?\d{4}|\d{4}-\d{2}-\d{2}|\d{1,2}\.?\s+(?:` +
  Object.keys(MONTHS)
    .sort((a, b) => b.length - a.length)
    .join('|') +
  String.raw`)\.?\s+\d{4})`;

/** The defaults: the sandbox's formats, common German and English wording, German number plates. */
export function defaultFieldPatterns(caseNumberPattern = SANDBOX_CASE_NUMBER_PATTERN): FieldPattern[] {
  const caseBody = caseNumberPattern.replace(/^\^/, '').replace(/\$$/, '');
  return [
    { field: 'caseNumber', pattern: String.raw`(?<![\w-])(?<value>${caseBody})(?![\w-])`, normalize: 'upper' },
    // The sandbox's policy numbers (HR-100001) and any number after the word for it.
    { field: 'policyNumber', pattern: String.raw`(?<![\w-])(?<value>[A-Z]{2}-\d{6})(?![\w-])`, normalize: 'upper' },
    {
      field: 'policyNumber',
      pattern: String.raw`(?:versicherungs(?:schein)?-?(?:nummer|nr\.?)|police(?:n-?nummer|n-?nr\.?)?|policy\s+(?:number|no\.?))\s*:?\s*(?<value>[A-Z0-9][A-Z0-9./-]{4,24}[A-Z0-9])`,
      normalize: 'upper',
    },
    {
      field: 'claimId',
      pattern: String.raw`(?:schaden-?(?:nummer|nr\.?)|claim\s+(?:id|no\.?|number))\s*:?\s*(?<value>\d{3,19})(?![\w-])`,
    },
    {
      field: 'registrationNumber',
      pattern: String.raw`(?<![\w-])(?<value>[A-ZÄÖÜ]{1,3}[- ][A-Z]{1,2}\s?[1-9]\d{0,3}[EH]?)(?![\w-])`,
      caseSensitive: true,
      normalize: 'upper',
    },
    {
      field: 'accidentDate',
      pattern: String.raw`(?:unfall|schaden|accident|loss|incident)\s*(?:tag|datum|date|of\s+loss|on)?\s*(?:vom|on|am)?\s*:?\s*${DATE}`,
      normalize: 'date',
    },
    { field: 'date', pattern: String.raw`(?<![\d.])${DATE}(?![\d])`, normalize: 'date' },
  ];
}

/** 12.03.2024, 2024-03-12, 12 March 2024, 12. März 2024 → 2024-03-12; undefined when not a calendar date. */
export function isoDate(text: string): string | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  let y: number, m: number, d: number;
  let match: RegExpMatchArray | null;
  if ((match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/.exec(t)))
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\.?\s+([a-zä]+)\.?\s+(\d{4})$/.exec(t)) && MONTHS[match[2]!])
    [d, m, y] = [Number(match[1]), MONTHS[match[2]!]!, Number(match[3])];
  else return undefined;
  const iso = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

function normalize(kind: FieldPattern['normalize'], raw: string): string | undefined {
  switch (kind) {
    case 'upper':
      return raw.trim().toUpperCase();
    case 'compact-upper':
      return raw.replace(/\s+/g, '').toUpperCase();
    case 'date':
      return isoDate(raw);
    default:
      return raw.trim();
  }
}

/**
 * OCR reads 0 as O and 1 as l or I inside numbers. Between digits (or a digit and a dash) those letters
 * are taken as the digits, so "HR-1OOOO1" is found as HR-100001.
 */
export function fixDigitLookalikes(word: string): string {
  // A run of digits and look-alikes that holds at least one real digit is a number.
  return word.replace(/[\dOoIl|]{2,}/g, (run) =>
    /\d/.test(run) ? run.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1') : run,
  );
}

/**
 * The line as one string, remembering where each word starts, to map a match back to its words. With
 * `joinSplitDigits`, a lone digit after a word ending in a digit is put to it without the space: OCR
 * (Tesseract's fast English model above all) reads Helvetica's "11" with its wide side bearings as "1 1",
 * so "WG-50021 1" is also looked at as WG-500211. Both readings are matched; a number so found is still
 * checked like any other (a policy number only counts when the platform confirms it).
 */
function lineText(line: PageText['lines'][number], joinSplitDigits: boolean): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const w of line) {
    const word = fixDigitLookalikes(w.text);
    if (text && !(joinSplitDigits && /^\d$/.test(word) && /\d$/.test(text))) text += ' ';
    starts.push(text.length);
    text += word;
  }
  return { text, starts };
}

export function compilePatterns(patterns: readonly FieldPattern[]): { p: FieldPattern; re: RegExp }[] {
  return patterns.map((p) => ({ p, re: new RegExp(p.pattern, p.caseSensitive ? 'gu' : 'giu') }));
}

export function findCandidates(pages: readonly PageText[], patterns: readonly FieldPattern[]): Candidate[] {
  const compiled = compilePatterns(patterns);
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const page of pages) {
    for (const line of page.lines) {
      const plain = lineText(line, false);
      const joined = lineText(line, true);
      for (const { text, starts } of joined.text === plain.text ? [plain] : [plain, joined])
        for (const { p, re } of compiled) {
          re.lastIndex = 0;
          for (const m of text.matchAll(re)) {
            const raw = m.groups?.value ?? m[0];
            const offset = (m.index ?? 0) + (m.groups?.value !== undefined ? m[0].indexOf(raw) : 0);
            const value = normalize(p.normalize, raw);
            if (!value) continue;
            if (p.checkDigit && !checkDigitValid(p.checkDigit, value)) continue;
            const key = `${p.field}\u0000${value}\u0000${page.page}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const end = offset + raw.length;
            const boxes = line
              .filter((w, i) => starts[i]! < end && starts[i]! + w.text.length > offset)
              .map((w) => w.box);
            const box = unionBox(boxes);
            out.push({ field: p.field, value, raw, page: page.page, ...(box ? { box } : {}) });
          }
        }
    }
  }
  return out;
}
