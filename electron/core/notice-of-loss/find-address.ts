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
}

/** "Lindenstraße 12, 20095 Hamburg" → its parts; undefined when the text is not in that form. */
export function parseAddressText(text: string): Omit<FoundAddress, 'raw' | 'at'> | undefined {
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
      if (parsed) return { found: { ...parsed, raw: text, at: placeOf(at, start, end) }, labelled, atInsured: false };
    }
  }
  return { labelled, atInsured: false };
}

/** Edits to turn `a` into `b` (Levenshtein), for telling an OCR misreading from another address. */
function distance(a: string, b: string): number {
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
export function sameAddress(a: Omit<FoundAddress, 'raw' | 'at'>, b: Omit<FoundAddress, 'raw' | 'at'>): boolean {
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
export function namesOtherAddress(lines: readonly NoticeLine[], insured: Omit<FoundAddress, 'raw' | 'at'>): boolean {
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
