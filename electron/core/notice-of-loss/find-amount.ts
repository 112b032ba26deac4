/**
 * The estimated amount: amounts with € / EUR / Euro in either number form (1.200,50 and 1,200.50; 1 200 €),
 * the one next to words of an estimate or the damage's cost; never a deductible, a sum insured or a premium.
 */
import type { NoticeLine, Place } from './notice-lines';
import { placeOf, plain } from './notice-lines';

const NUM = String.raw`\d{1,3}(?:[.,'  ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const AMOUNT = new RegExp(
  String.raw`(?:(?:€|eur|euro)\s?(?:(?:ca|approx|etwa|rund)\.?\s)?(?<a>${NUM})(?:\s?,[-–—])?|(?<b>${NUM})(?:\s?,[-–—])?\s?(?:€|eur\b|euro\b)|(?<![\d.,])(?<c>\d{1,3}(?:\.\d{3})*|\d+),[-–—](?![\d-]))`,
  'giu',
);
/** Words of a sum: the total of a table or of the letter's amounts. */
const TOTAL =
  /(\btotal|gesamt|insgesamt|zusammen|\bsumme|\bsum\b|all in|in all|amounts? to|altogether|alles in allem)/u;
const TOTAL_AFTER = /^[\s.,]{0,3}(all in|in total|in all|insgesamt|altogether|gesamt)/u;

const ESTIMATE =
  /(wiederbeschaffungswert|zeitwert|schadenssumme|geschatzt|schatz|schadens?h.{1,2}he|h.{1,2}he des schadens|kosten|kostenvoranschlag|betrag|reparatur|belauft|belaufen|rund|ca\.|etwa|ungefahr|estimated?|estimate|amount|cost|costs|repair|approx|approximately|about|around|loss of|value of the loss|quote)/u;
const NOT_ESTIMATE =
  /(gekauft|kaufpreis|neupreis|bought|purchased?|paid|bezahlt|selbstbeteiligung|selbstbehalt|deductible|excess|versicherungssumme|sum insured|beitrag|pramie|premium|jahresbeitrag|annual|bereits bezahlt|already paid|anzahlung|deposit|vorschuss|advance)/u;

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
  role: 'total' | 'estimate' | 'other' | 'plain';
}

export function findAmounts(lines: readonly NoticeLine[]): FoundAmount[] {
  const out: FoundAmount[] = [];
  for (const [i, line] of lines.entries()) {
    const low = plain(line.text);
    AMOUNT.lastIndex = 0;
    for (const m of low.matchAll(AMOUNT)) {
      const amount = amountOf(m.groups!.a ?? m.groups!.b ?? m.groups!.c!);
      if (amount === undefined) continue;
      const start = m.index ?? 0;
      const before = low.slice(Math.max(0, start - 60), start);
      const labelAbove = before.trim() === '' && i > 0 ? plain(lines[i - 1]!.text).slice(-60) : '';
      const context = `${labelAbove} ${before}`;
      const after = low.slice(start + m[0].length, start + m[0].length + 20);
      const role = NOT_ESTIMATE.test(context)
        ? 'other'
        : TOTAL.test(context) || TOTAL_AFTER.test(after)
          ? 'total'
          : ESTIMATE.test(context)
            ? 'estimate'
            : 'plain';
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

export interface AmountChoice {
  found: FoundAmount;
  confidence: number;
  evidence: 'amount-total' | 'amount-totals-differ' | 'amount-estimate' | 'amount-estimates-differ' | 'amount-unnamed';
}

/** A total first (the sum of a table, "zusammen", "all in"), else the one estimate, else the one amount. */
export function chooseAmount(amounts: readonly FoundAmount[]): AmountChoice | undefined {
  const totals = amounts.filter((a) => a.role === 'total');
  if (new Set(totals.map((a) => a.amount)).size === 1)
    return { found: totals[0]!, confidence: 0.9, evidence: 'amount-total' };
  if (totals.length > 1) {
    const largest = totals.reduce((a, b) => (b.amount > a.amount ? b : a));
    return { found: largest, confidence: 0.5, evidence: 'amount-totals-differ' };
  }
  const estimates = amounts.filter((a) => a.role === 'estimate');
  const distinct = new Set(estimates.map((a) => a.amount));
  if (distinct.size === 1) return { found: estimates[0]!, confidence: 0.9, evidence: 'amount-estimate' };
  if (distinct.size > 1) return { found: estimates[0]!, confidence: 0.5, evidence: 'amount-estimates-differ' };
  const plainOnes = amounts.filter((a) => a.role === 'plain');
  if (new Set(plainOnes.map((a) => a.amount)).size === 1)
    return { found: plainOnes[0]!, confidence: 0.55, evidence: 'amount-unnamed' };
  return undefined;
}
