import { describe, expect, it } from 'vitest';
import type { DraftField } from '../electron/core/notice-of-loss/draft-fields';
import { outcomeOf, sameValue, scoreLetter } from './blind-letter-score';

// The scoring rules of the blind-letter bench (issue #47): what counts as filled right, filled wrong,
// offered and empty, and how many clerk actions a draft leaves.
const filled = (path: string, value: string | number): DraftField => ({
  path,
  value,
  state: 'filled',
  source: 'letter',
  page: 1,
});

describe('blind letter scoring', () => {
  it('compares each field by its own rule', () => {
    expect(sameValue('estimatedAmount', 1870, 1870.005)).toBe(true);
    expect(sameValue('estimatedAmount', 1870, 1870.5)).toBe(false);
    expect(sameValue('accidentDate', '2026-11-24', '2026-11-24')).toBe(true);
    expect(sameValue('accidentDate', '2026-11-25', '2026-11-24')).toBe(false);
    expect(sameValue('policyNumber', 'PH 500160', 'PH-500160')).toBe(true);
    expect(sameValue('claimant.lastName', '  öztürk ', 'Öztürk')).toBe(true);
    expect(sameValue('claimant.lastName', 'Ozturk', 'Öztürk')).toBe(false); // a lost umlaut is a fix
    expect(sameValue('damageAddress.street', 'Bahnhofstr. 33', 'Bahnhofstraße  33')).toBe(true);
    expect(sameValue('damageAddress.street', 'Bahnhofstr. 35', 'Bahnhofstraße 33')).toBe(false);
    const sentence = 'Am Sonntag ist unter der Spüle ein Eckventil abgerissen, das Wasser lief in die Küche.';
    expect(sameValue('description', `Sehr geehrte Damen und Herren, ${sentence}`, sentence)).toBe(true);
    // OCR slips in a few words: still ≥ 80 % of the words.
    expect(sameValue('description', sentence.replace('Spüle', 'Spiile').replace('Küche', 'Kiiche'), sentence)).toBe(
      true,
    );
    expect(sameValue('description', 'Das Wasser lief in die Küche.', sentence)).toBe(false);
  });

  it('a filled value where the letter gives none is wrong; offered and empty are neither right nor wrong', () => {
    expect(outcomeOf('estimatedAmount', filled('estimatedAmount', 500), null)).toBe('wrong');
    expect(outcomeOf('estimatedAmount', { ...filled('estimatedAmount', 500), state: 'offered' }, null)).toBe('offered');
    expect(outcomeOf('estimatedAmount', undefined, 500)).toBe('empty');
    expect(outcomeOf('estimatedAmount', filled('estimatedAmount', 500), 500)).toBe('right');
  });

  it('counts one action per value to type or fix, one per wrong value to clear, and one to send', () => {
    const truth = {
      policyNumber: 'HR-100001',
      accidentDate: '2026-11-24',
      caseType: 'Property',
      damageCause: 'Sturm',
      estimatedAmount: null,
      description: 'Der Sturm hat das Dach abgedeckt.',
      'claimant.firstName': 'Jörg',
      'claimant.lastName': 'Müller',
      'damageAddress.street': null,
      'damageAddress.postalCode': null,
      'damageAddress.city': null,
    };
    const all = [
      filled('policyNumber', 'HR-100001'),
      filled('accidentDate', '2026-11-24'),
      filled('caseType', 'Property'),
      filled('damageCause', 'Sturm'),
      filled('description', 'Der Sturm hat das Dach abgedeckt.'),
      filled('claimant.firstName', 'Jörg'),
      filled('claimant.lastName', 'Müller'),
    ];
    expect(scoreLetter(all, truth).actions).toBe(1);
    // The city filled though the letter names none (clear it), the cause only offered (take it).
    const some = [
      ...all.filter((f) => f.path !== 'damageCause'),
      { ...filled('damageCause', 'Sturm'), state: 'offered' as const },
      filled('damageAddress.city', 'Hamburg'),
    ];
    const s = scoreLetter(some, truth);
    expect(s.outcomes['damageAddress.city']).toBe('wrong');
    expect(s.outcomes.damageCause).toBe('offered');
    expect(s.outcomes['damageAddress.street']).toBe('empty');
    expect(s.actions).toBe(3);
    // "Use all offered" takes the cause too, but one offered value is not worth a button: still 3.
    expect(s.actionsTakeAll).toBe(3);
  });

  it('with "use all offered": one action for every offered value, one more for each offered wrong or not in the letter', () => {
    const truth = {
      policyNumber: 'HR-100001',
      accidentDate: '2026-11-24',
      caseType: 'Property',
      damageCause: 'Sturm',
      estimatedAmount: 1200,
      description: 'Der Sturm hat das Dach abgedeckt.',
      'claimant.firstName': 'Jörg',
      'claimant.lastName': 'Müller',
      'damageAddress.street': null,
      'damageAddress.postalCode': null,
      'damageAddress.city': null,
    };
    const at = (path: string, value: string | number, state: 'filled' | 'offered') =>
      ({ path, value, state, source: 'letter' }) as Parameters<typeof scoreLetter>[0][number];
    const fields = [
      at('policyNumber', 'HR-100001', 'filled'),
      at('caseType', 'Property', 'filled'),
      at('accidentDate', '2026-11-24', 'offered'),
      at('damageCause', 'Sturm', 'offered'),
      at('estimatedAmount', 1500, 'offered'), // wrong: fixed after taking it
      at('description', 'Der Sturm hat das Dach abgedeckt.', 'offered'),
      at('claimant.firstName', 'Jörg', 'offered'),
      at('claimant.lastName', 'Müller', 'filled'),
      at('damageAddress.city', 'Hamburg', 'offered'), // the letter names no place: cleared after taking it
    ];
    const s = scoreLetter(fields, truth);
    // One by one: send + 5 offered values the letter gives (the wrong amount typed instead); the offered
    // city is left.
    expect(s.actions).toBe(6);
    // Taking all: send + take all + the amount fixed + the city cleared.
    expect(s.actionsTakeAll).toBe(4);
  });
});
