/**
 * The estimated amount: amounts with € / EUR / Euro in either number form (1.200,50 and 1,200.50; 1 200 €),
 * the one next to words of an estimate or the damage's cost; never a deductible, a sum insured or a premium.
 */
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

const NUM = String.raw`\d{1,3}(?:[.,'  ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNT = new RegExp(
  String.raw`(?:(?:€|eur|euro)\s?(?<a>${NUM})(?:\s?,-)?|(?<b>${NUM})(?:\s?,-)?\s?(?:€|eur\b|euro\b))`,
  'giu',
);

const ESTIMATE =
  /(geschatzt|schatz|schadens?h.{1,2}he|h.{1,2}he des schadens|kosten|kostenvoranschlag|betrag|reparatur|belauft|belaufen|rund|ca\.|etwa|ungefahr|estimated?|estimate|amount|cost|costs|repair|approx|approximately|about|around|loss of|value of the loss|quote)/u;
const NOT_ESTIMATE =
  /(selbstbeteiligung|selbstbehalt|deductible|excess|versicherungssumme|sum insured|beitrag|pramie|premium|jahresbeitrag|annual|bereits bezahlt|already paid|anzahlung|deposit|vorschuss|advance)/u;

/** 1.200,50 / 1,200.50 / 1 200 / 950 → a number; undefined when the form is not an amount. */
export function amountOf(text: string): number | undefined {
  const t = text.replace(/[  ']/g, (c) => (c === "'" ? ',' : ''));
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    normal = t.split(group).join('').replace(decimal, '.');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const parts = t.split(sep);
    const tail = parts[parts.length - 1]!;
    // One separator with three digits after it groups thousands; with one or two it is the decimal point.
    normal = tail.length === 3 ? parts.join('') : parts.length === 2 ? `${parts[0]}.${tail}` : '';
  } else normal = t;
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return undefined;
  return Number(normal);
}

export interface FoundAmount {
  amount: number;
  raw: string;
  at: Place;
  role: 'estimate' | 'other' | 'plain';
}

export function findAmounts(lines: readonly NoticeLine[]): FoundAmount[] {
  const out: FoundAmount[] = [];
  for (const [i, line] of lines.entries()) {
    const low = plain(line.text);
    AMOUNT.lastIndex = 0;
    for (const m of low.matchAll(AMOUNT)) {
      const amount = amountOf(m.groups!.a ?? m.groups!.b!);
      if (amount === undefined) continue;
      const start = m.index ?? 0;
      const before = low.slice(Math.max(0, start - 60), start);
      const labelAbove = before.trim() === '' && i > 0 ? plain(lines[i - 1]!.text) : '';
      const context = `${labelAbove} ${before}`;
      const role = NOT_ESTIMATE.test(context) ? 'other' : ESTIMATE.test(context) ? 'estimate' : 'plain';
      out.push({
        amount,
        raw: line.text.slice(start, start + m[0].length),
        at: placeOf(line, start, start + m[0].length),
        role,
      });
    }
  }
  return out;
}

export function chooseAmount(amounts: readonly FoundAmount[]): { found: FoundAmount; confidence: number } | undefined {
  const estimates = amounts.filter((a) => a.role === 'estimate');
  const distinct = new Set(estimates.map((a) => a.amount));
  if (distinct.size === 1) return { found: estimates[0]!, confidence: 0.9 };
  if (distinct.size > 1) return { found: estimates[0]!, confidence: 0.5 };
  const plainOnes = amounts.filter((a) => a.role === 'plain');
  if (new Set(plainOnes.map((a) => a.amount)).size === 1) return { found: plainOnes[0]!, confidence: 0.55 };
  return undefined;
}
