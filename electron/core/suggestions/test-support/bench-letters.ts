/**
 * The generated letters of `bench/ocr.ts`'s accuracy figure, shared with the tests that must see the same
 * pages (the upright check, issue #30): each names a policy number (even letters one of `known`, odd ones a
 * number not in it) and a case number; printed to 200, 240 or 300 DPI with noise, blur and a skew.
 */
import { prng } from '../../capture/test-support/synthetic-scan';
import type { LetterSpec, ScanLook } from './letters';

const BODY = [
  'Sehr geehrte Damen und Herren,',
  'wir beziehen uns auf den oben genannten Schaden und bitten um Bearbeitung.',
  'Die Unterlagen zum Schadenhergang liegen diesem Schreiben bei.',
  'Bitte teilen Sie uns mit, ob ein Gutachter beauftragt wird.',
  'Für Rückfragen stehen wir Ihnen gerne zur Verfügung.',
  'Mit freundlichen Grüßen',
];

/** Letter `i` naming `policy` and `caseNumber` (its skew and font size follow from `i`). */
export function benchLetter(policy: string, caseNumber: string, i: number): LetterSpec {
  const rnd = prng(1000 + i);
  return {
    lines: [
      'Musterstadt Versicherungsmakler GmbH, Hauptstraße 5, 20095 Hamburg',
      '',
      `Hamburg, den ${1 + (i % 27)}.0${1 + (i % 9)}.2026`,
      '',
      `Versicherungsnummer: ${policy}`,
      `Unser Zeichen: ${caseNumber}`,
      `Schadentag: ${1 + (i % 28)}.${1 + (i % 12)}.2026`,
      '',
      ...BODY,
    ],
    skew: (rnd() - 0.5) * 1.6, // −0.8° … 0.8°
    fontSize: 10 + Math.round(rnd() * 2),
  };
}

export interface BenchLetter {
  i: number;
  /** The policy number is one of `known` (the platform confirms it). */
  isKnown: boolean;
  policy: string;
  caseNumber: string;
  dpi: number;
  spec: LetterSpec;
  look: ScanLook;
}

/** The first `count` accuracy letters, in the bench's order (the numbers depend on all before). */
export function benchLetters(known: string[], count: number): BenchLetter[] {
  const knownSet = new Set(known);
  const rnd = prng(4242);
  const out: BenchLetter[] = [];
  for (let i = 0; i < count; i++) {
    const isKnown = i % 2 === 0;
    let policy = known[i % known.length]!;
    if (!isKnown)
      do policy = `${policy.slice(0, 3)}${String(900000 + Math.floor(rnd() * 99999)).padStart(6, '0')}`;
      while (knownSet.has(policy));
    const caseNumber = `CLM-2026-${String(Math.floor(rnd() * 1e6)).padStart(6, '0')}`;
    const dpi = [200, 240, 300][i % 3]!;
    out.push({
      i,
      isKnown,
      policy,
      caseNumber,
      dpi,
      spec: benchLetter(policy, caseNumber, i),
      look: { dpi, noise: 12 + (i % 4) * 6, blur: 0.4 + (i % 3) * 0.3, seed: i },
    });
  }
  return out;
}
