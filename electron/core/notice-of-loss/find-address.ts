/**
 * The damage address as the letter gives it: after a label (Schadenort, Ort des Schadens, address of loss,
 * place of loss …) on the same line or the next one or two, as "Street 12, 12345 Town" or street and
 * "12345 Town" on two lines. A letter that gives none, or says the insured address, leaves it to the
 * policyholder's address from the platform.
 */
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

const LABEL =
  /(schadenort|schadensort|ort des schadens|schadenanschrift|schadenadresse|anschrift des schadenortes|adresse des schadens|risikoort|address of (the )?(loss|damage)|(loss|damage|incident) (address|location)|place of (the )?(loss|damage)|location of (the )?(loss|damage)|risk address)\s*:?/u;
const STREET = /^(?<street>[\p{L}][\p{L}&.' -]*?\s+\d+\s?[a-z]?(?:\s?[-/]\s?\d+\s?[a-z]?)?)\s*$/u;
const TOWN = /^(?<postal>\d{4,5}|\d{3}\s\d{2})\s+(?<city>[\p{L}][\p{L}. '-]*[\p{L}.])\s*$/u;

export interface FoundAddress {
  street: string;
  postalCode: string;
  city: string;
  raw: string;
  at: Place;
  /** After a label (Schadenort: …), or in a sentence about where it happened. */
  how: 'labelled' | 'prose';
}

/** "Lindenstraße 12, 20095 Hamburg" → its parts; undefined when the text is not in that form. */
export function parseAddressText(text: string): Omit<FoundAddress, 'raw' | 'at' | 'how'> | undefined {
  const parts = text.split(/\s*,\s*/);
  if (parts.length < 2) return undefined;
  const town = TOWN.exec(parts[parts.length - 1]!.trim());
  const street = STREET.exec(parts.slice(0, -1).join(', ').trim());
  if (!town || !street) return undefined;
  return {
    street: street.groups!.street!.trim(),
    postalCode: town.groups!.postal!.replace(/\s/g, ''),
    city: town.groups!.city!.trim(),
  };
}

/** The insured address in words: the damage is where the policyholder lives. */
const AT_INSURED =
  /(versicherten (adresse|anschrift|wohnung)|versicherungsort|insured (address|premises|property)|our (home|house|flat)|unserer wohnung|unserem haus)/u;

/**
 * The letter's damage address: `found` when one was read after its label; `labelled` when a label was there
 * but what follows could not be read as an address (then the insured's address is not taken for it).
 */
export function findAddress(lines: readonly NoticeLine[]): {
  found?: FoundAddress;
  labelled: boolean;
  atInsured: boolean;
} {
  let labelled = false;
  for (const [i, line] of lines.entries()) {
    const low = plain(line.text);
    const label = LABEL.exec(low);
    if (!label) continue;
    labelled = true;
    const restStart = (label.index ?? 0) + label[0].length;
    const rest = line.text.slice(restStart).replace(/^[\s:]+/, '');
    const next = lines[i + 1]?.page === line.page ? lines[i + 1] : undefined;
    const after = lines[i + 2]?.page === line.page ? lines[i + 2] : undefined;
    const tries: [string, NoticeLine, number, number][] = [];
    if (rest) tries.push([rest, line, line.text.length - rest.length, line.text.length]);
    if (rest && next) tries.push([`${rest}, ${next.text}`, line, line.text.length - rest.length, line.text.length]);
    if (!rest && next) tries.push([next.text, next, 0, next.text.length]);
    if (!rest && next && after) tries.push([`${next.text}, ${after.text}`, next, 0, next.text.length]);
    for (const [text, at, start, end] of tries) {
      if (AT_INSURED.test(plain(text))) return { labelled: false, atInsured: true };
      const parsed = parseAddressText(text);
      if (parsed)
        return {
          found: { ...parsed, raw: text, at: placeOf(at, start, end), how: 'labelled' },
          labelled,
          atInsured: false,
        };
    }
    // A form's cell: the address inside the label's line or the next two, among other words ("Hotel
    // Stachus Residenz, Bayerstraße 12 80335 München", "14.2.26 ca. 7 Uhr Lindenstraße 12, 20095 Hamburg").
    for (const [k, l] of [
      [0, line],
      [1, next],
      [2, after],
    ] as const) {
      if (!l) continue;
      const from = k === 0 ? restStart : 0;
      const joined = k < 2 && lines[i + k + 1]?.page === l.page ? ` ${lines[i + k + 1]!.text}` : '';
      const hit = addressIn(l.text.slice(from) + joined);
      if (hit) {
        const start = from + hit.start;
        return {
          found: {
            ...hit.parts,
            raw: hit.raw,
            at: placeOf(l, start, Math.min(l.text.length, start + hit.raw.length)),
            how: 'labelled',
          },
          labelled,
          atInsured: false,
        };
      }
    }
  }
  if (labelled) return { labelled, atInsured: false };
  const prose = findAddressInProse(lines);
  return { ...(prose ? { found: prose } : {}), labelled, atInsured: false };
}

/** "Straße 12, 12345 Town" inside a sentence; the street's words start with a capital ("Große Bleichen 36"). */
const IN_TEXT = new RegExp(
  String.raw`(?<street>\p{Lu}[\p{L}.'-]*(?:\s(?:\p{Lu}[\p{L}.'-]*|der|des|am|an|im|in|von|zum|zur|de|la))*\s\d{1,4}\s?[a-z]?(?:\s?[-/]\s?\d{1,4}\s?[a-z]?)?)\s*,?\s+(?<postal>\d{5}|\d{4})\s(?<city>(?:St\.\s?)?\p{Lu}[\p{L}'-]*(?:\s(?:am|an der|an|im|bei|ob der|in der)\s\p{Lu}[\p{L}'-]*|\sa\.\s?M\.)*)`,
  'gu',
);
const STREET_WORD =
  /(stra(ss|ß)e|str\.|weg|gasse|allee|platz|ring|damm|ufer|chaussee|steig|pfad|markt|road|street|lane|avenue)$/iu;

/** A sentence saying where it happened, before the address: "ereignete sich in", "happened at", "im Parkhaus". */
const PLACE_BEFORE =
  /(ereignete|ereignet|passierte|passiert|geschah|entstand|aufgetreten|happened|occurred|took place|parked|geparkt|abgestellt|stand|standen|staying|stayed|wohnte|ubernachtet|hotel|parkhaus|parkplatz|tiefgarage|garage|ferienwohnung|ferienhaus|cottage|holiday|urlaub|bei (meinen|meiner|unseren|unserer|meinem|unserem)|at (my|our) (parents|sister|brother|friend|daughter|son)|in (der|dem|unserer|unserem|meiner|meinem)|\b(in|at|im|auf|vor)\s*$)/u;
/** …and not the writer's own address or a postal one. */
const NOT_PLACE_BEFORE =
  /(wohne|wohnen|wohnhaft|anschrift|adresse|address|live at|living at|postfach|p\.o\.|c\/o|absender|von:|from:|sitz|registered)/u;

/** The first "Street 12, 12345 Town" in a text, with where it starts. */
function addressIn(text: string): { parts: AddressParts; raw: string; start: number } | undefined {
  IN_TEXT.lastIndex = 0;
  const m = IN_TEXT.exec(text);
  if (!m) return undefined;
  return { parts: partsOf(m), raw: m[0], start: m.index };
}

const SUFFIX_ALONE =
  /^(stra(ss|ß)e|str\.?|strasse|weg|gasse|allee|platz|ring|damm|ufer|chaussee|street|road|lane|avenue)$/iu;

function partsOf(m: RegExpExecArray | RegExpMatchArray): AddressParts {
  let street = m.groups!.street!.trim();
  // "Hotel Stachus Residenz Bayerstraße 12" → the street from its street word on ("Venloer Straße 210" stays).
  const words = street.split(/\s+/);
  const at = words.findIndex((w, k) => k > 0 && k < words.length - 1 && STREET_WORD.test(w));
  if (at > 0) street = words.slice(SUFFIX_ALONE.test(words[at]!) ? at - 1 : at).join(' ');
  return {
    street,
    postalCode: m.groups!.postal!,
    city: m.groups!.city!.replace(/[.,;:]+$/, '').trim(),
  };
}

/**
 * The place of the damage in the letter's sentences: an address in a sentence that says it happened there
 * (not the letterhead, not the writer's address). The first such address counts; it is offered unless the
 * blind letters show this evidence right often enough (fill-evidence.ts).
 */
export function findAddressInProse(lines: readonly NoticeLine[]): FoundAddress | undefined {
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1]?.page === line.page ? lines[i + 1]!.text : '';
    const prev = i > 0 && lines[i - 1]!.page === line.page ? lines[i - 1]!.text : '';
    const text = next ? `${line.text} ${next}` : line.text;
    IN_TEXT.lastIndex = 0;
    for (const m of text.matchAll(IN_TEXT)) {
      const start = m.index ?? 0;
      if (start >= line.text.length) break;
      const before = plain(`${prev} ${text.slice(0, start)}`).slice(-90);
      const sentence = before.split(/[.!?]\s/).pop() ?? before;
      if (!PLACE_BEFORE.test(sentence) || NOT_PLACE_BEFORE.test(sentence)) continue;
      return {
        ...partsOf(m),
        raw: m[0],
        at: placeOf(line, start, Math.min(line.text.length, start + m[0].length)),
        how: 'prose',
      };
    }
  }
  return undefined;
}

/** Edits to turn `a` into `b` (Levenshtein), for telling an OCR misreading from another address or town. */
export function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

const key = (s: string) =>
  plain(s)
    .replace(/ss|s/g, 's')
    .replace(/[^a-z0-9]/g, '');

/** Whether the letter's address is the insured's one, read with OCR's usual slips (ß as B, ü as ii). */
type AddressParts = Omit<FoundAddress, 'raw' | 'at' | 'how'>;

export function sameAddress(a: AddressParts, b: AddressParts): boolean {
  if (a.postalCode !== b.postalCode) return false;
  const close = (x: string, y: string) =>
    distance(key(x), key(y)) <= Math.max(1, Math.floor(Math.max(key(x).length, key(y).length) / 5));
  return close(a.street, b.street) && close(a.city, b.city);
}

/**
 * Whether the letter names an address other than `insured` anywhere ("Street 12, 12345 Town" on a line, or
 * over two lines): then a damage address whose label was not read may be that one, and the insured's
 * address is only offered.
 */
export function namesOtherAddress(lines: readonly NoticeLine[], insured: AddressParts): boolean {
  for (const [i, line] of lines.entries()) {
    const next = lines[i + 1];
    for (const text of [line.text, ...(next ? [`${line.text}, ${next.text}`] : [])]) {
      // The address may follow a label or a name on the same line.
      const parts = text.split(/\s*[:]\s*/);
      const parsed = parseAddressText(parts[parts.length - 1]!.trim());
      if (parsed && !sameAddress(parsed, insured)) return true;
    }
  }
  return false;
}
