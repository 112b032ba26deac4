import { describe, expect, it } from 'vitest';
import { letters } from './test-support/letters';
import { TypeClassifier, words } from './type-classifier';

/** Trains on the first part of a history and measures on the rest (the held-out part). */
function heldOut(perType: number, seed: number, trainShare = 0.7) {
  const all = letters(perType, seed).map((l) => ({ text: l.lines.join('\n'), code: l.type }));
  const cut = Math.round(all.length * trainShare);
  const model = TypeClassifier.train(all.slice(0, cut));
  const test = all.slice(cut);
  let suggested = 0;
  let right = 0;
  let wrong = 0;
  let topRight = 0;
  for (const t of test) {
    if (model.rank(t.text)[0]?.code === t.code) topRight++;
    const guess = model.predict(t.text);
    if (!guess) continue;
    suggested++;
    if (guess.code === t.code) right++;
    else wrong++;
  }
  return { test: test.length, suggested, right, wrong, topRight };
}

describe('document type from the station’s history (issue #31 item 10)', () => {
  it('learns words, not numbers or dates', () => {
    expect([...words('Rechnung Nr. 4711 vom 12.03.2026, Betrag 1.200,50 EUR')]).toEqual([
      'rechnung',
      'vom',
      'betrag',
      'eur',
    ]);
  });

  it('suggests nothing before it has learnt enough, nor for a text it knows no word of', () => {
    const few = TypeClassifier.train([
      { text: 'Rechnung Betrag', code: 'INV' },
      { text: 'Polizeibericht Unfall', code: 'POLICE' },
    ]);
    expect(few.predict('Rechnung Betrag zahlbar')).toBeUndefined();
    const model = TypeClassifier.train(letters(10, 1).map((l) => ({ text: l.lines.join(' '), code: l.type })));
    expect(model.predict('Xylophon Quark Zebra')).toBeUndefined();
    expect(model.predict('')).toBeUndefined();
  });

  it('on held-out generated history: right where it is confident, and confident for most letters', () => {
    // Five types, 40 letters each (a few weeks of one station); 70 % learnt, 30 % held out.
    const runs = [1, 2, 3, 4, 5].map((seed) => heldOut(40, seed));
    const total = runs.reduce(
      (a, r) => ({
        test: a.test + r.test,
        suggested: a.suggested + r.suggested,
        right: a.right + r.right,
        wrong: a.wrong + r.wrong,
        topRight: a.topRight + r.topRight,
      }),
      { test: 0, suggested: 0, right: 0, wrong: 0, topRight: 0 },
    );
    const accuracy = total.right / total.suggested;
    const coverage = total.suggested / total.test;
    console.info(
      `type classifier, held-out: ${total.test} letters, suggested ${total.suggested} (coverage ${(coverage * 100).toFixed(1)} %), ` +
        `right ${total.right}, wrong ${total.wrong} (accuracy ${(accuracy * 100).toFixed(1)} %), top-1 of all ${((total.topRight / total.test) * 100).toFixed(1)} %`,
    );
    expect(accuracy).toBeGreaterThanOrEqual(0.98);
    expect(coverage).toBeGreaterThanOrEqual(0.8);
  });

  it('with little history (5 letters a type) it stays quiet rather than guess wrong', () => {
    const r = heldOut(8, 9, 0.6);
    expect(r.wrong).toBeLessThanOrEqual(1);
  });
});
