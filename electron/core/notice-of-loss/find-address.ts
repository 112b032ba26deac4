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
const STREET = /^(?<street>[\p{L}][\p{L}.' -]*?\s+\d+\s?[a-z]?(?:\s?[-/]\s?\d+\s?[a-z]?)?)\s*$/u;
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
  return { street: street.groups!.street!.trim(), postalCode: town.groups!.postal!.replace(/\s/g, ''), city: town.groups!.city!.trim() };
}

/** The insured address in words: the damage is where the policyholder lives. */
const AT_INSURED = /(versicherten (adresse|anschrift|wohnung)|versicherungsort|insured (address|premises|property)|our (home|house|flat)|unserer wohnung|unserem haus)/u;

export function findAddress(lines: readonly NoticeLine[]): FoundAddress | undefined {
  for (const [i, line] of lines.entries()) {
    const low = plain(line.text);
    const label = LABEL.exec(low);
    if (!label) continue;
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
      if (AT_INSURED.test(plain(text))) return undefined;
      const parsed = parseAddressText(text);
      if (parsed) return { ...parsed, raw: text, at: placeOf(at, start, end) };
    }
  }
  return undefined;
}
