import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../../shared/forms/build-form-model';
import { CASE_CREATE_INPUT, FNOL_INPUT } from '../../../sandbox/seed/case-schemas';
import { SchemaType as T } from '../../../shared/platform/schema-description';
import type { SchemaDescription } from '../../../shared/platform/schema-description';
import type { ConfirmedPolicy } from './case-draft';
import { draftCase } from './case-draft';
import { typedPage } from './test-support/typed-pages';

const TODAY = '2026-04-01';
const POLICY: ConfirmedPolicy = {
  number: 'HR-100001',
  at: { page: 0, line: 3 },
  customer: { fullName: 'Jörg Müller', address: 'Lindenstraße 12, 20095 Hamburg' },
  policy: { number: 'HR-100001', product: 'Hausrat Komfort', isActive: true },
  inForce: true,
};
const LETTER = [
  'Jörg Müller, Lindenstraße 12, 20095 Hamburg',
  'Hamburg, den 20.03.2026',
  'Schadenmeldung',
  'Versicherungsnummer: HR-100001',
  'Sehr geehrte Damen und Herren,',
  'am 12. März 2026 ereignete sich in unserer Küche ein Wasserrohrbruch. Das Wasser hat den',
  'Parkettboden und die Küchenschränke beschädigt.',
  'Die Reparatur wird nach Kostenvoranschlag etwa 1.200,50 € kosten.',
  'Mit freundlichen Grüßen',
  'Jörg Müller',
];

const draftOf = (
  lines: string[],
  schema: SchemaDescription = CASE_CREATE_INPUT,
  policy: ConfirmedPolicy | null = POLICY,
) =>
  draftCase({
    pages: [typedPage(lines)],
    model: buildFormModel(schema),
    key: 'k',
    today: TODAY,
    ...(policy ? { policy } : {}),
  });
const valueOf = (d: ReturnType<typeof draftOf>, path: string) => d.values.find((v) => v.path === path);

describe('a notice of loss fills the platform case form', () => {
  it('fills what its kind of evidence carries, each with its source and evidence; offers the rest', () => {
    const d = draftOf(LETTER);
    const filled = Object.fromEntries(d.values.filter((v) => v.filled).map((v) => [v.path, v.value]));
    expect(filled).toEqual({
      policyNumber: 'HR-100001',
      caseType: 'Property',
      'claimant.firstName': 'Jörg',
      'claimant.lastName': 'Müller',
    });
    // Read right and offered with their evidence: a date named as the loss's, a named cause and an amount
    // next to "etwa" were right in fewer than 99 % of their values on blind sets A–D.
    for (const [path, value, evidence] of [
      ['accidentDate', '2026-03-12', 'loss-date-named'],
      ['damageCause', 'Leitungswasser', 'cause-named'],
      ['estimatedAmount', 1200.5, 'amount-estimate'],
    ] as const)
      expect(valueOf(d, path)).toMatchObject({ value, evidence, filled: false, reason: 'uncertain' });
    // The letter names no place: the insured's address is offered, marked as the policy's, never filled.
    for (const [path, value] of [
      ['damageAddress.street', 'Lindenstraße 12'],
      ['damageAddress.postalCode', '20095'],
      ['damageAddress.city', 'Hamburg'],
    ])
      expect(valueOf(d, path!)).toMatchObject({
        value,
        filled: false,
        evidence: 'address-from-policy',
        source: { kind: 'policy', policyNumber: 'HR-100001' },
      });
    // The description is offered: its kind was right in too few blind letters to be filled.
    expect(valueOf(d, 'description')).toMatchObject({ filled: false, evidence: 'description-sentences' });
    expect(String(valueOf(d, 'description')!.value)).toContain('Wasserrohrbruch');
    expect(String(valueOf(d, 'description')!.value)).not.toContain('Sehr geehrte');
    expect(valueOf(d, 'accidentDate')!.source).toMatchObject({ kind: 'page', page: 0 });
    expect(valueOf(d, 'claimant.lastName')!.source).toEqual({ kind: 'policy', policyNumber: 'HR-100001' });
  });

  it('reads English dates and amounts, and the damage address the letter gives', () => {
    const d = draftOf([
      'London, March 20, 2026',
      'Policy number: HR-100001',
      'Date of loss: March 12, 2026',
      'Place of loss: Hafenstraße 3, 20359 Hamburg',
      'A storm tore several tiles off the roof and rain came in, damaging the ceiling.',
      'The roofer estimates the repair at EUR 2,450.00.',
    ]);
    expect(valueOf(d, 'accidentDate')).toMatchObject({ value: '2026-03-12', evidence: 'loss-date-named' });
    expect(valueOf(d, 'damageCause')).toMatchObject({ value: 'Sturm', evidence: 'cause-named' });
    expect(valueOf(d, 'estimatedAmount')).toMatchObject({ value: 2450, evidence: 'amount-estimate' });
    expect(valueOf(d, 'damageAddress.street')).toMatchObject({ value: 'Hafenstraße 3', source: { kind: 'page' } });
  });

  it('never takes the letter’s own date or a future date; two loss dates are offered, not filled', () => {
    expect(
      valueOf(
        draftOf(['Hamburg, den 12.03.2026', 'Der Keller wurde durch Leitungswasser beschädigt.']),
        'accidentDate',
      ),
    ).toBeUndefined();
    expect(
      valueOf(draftOf(['Schadentag: 12.05.2026', 'Sturm hat das Dach beschädigt.']), 'accidentDate'),
    ).toBeUndefined();
    const two = valueOf(draftOf(['Schadentag: 02.03.2026', 'Schadendatum laut Nachbar: 03.03.2026']), 'accidentDate');
    expect(two).toMatchObject({ filled: false, reason: 'uncertain' });
  });

  it('offers, never fills, what is unsure: two causes, two estimates; an expired policy is said', () => {
    const d = draftOf(
      [
        'Durch den Sturm zerbrach die Fensterscheibe und es kam zu einem Brand.',
        'Schaden ca. 500 €, Reparatur rund 900 €.',
      ],
      CASE_CREATE_INPUT,
      {
        ...POLICY,
        inForce: false,
        policy: { ...POLICY.policy, isActive: false },
      },
    );
    expect(valueOf(d, 'damageCause')?.filled).not.toBe(true);
    expect(valueOf(d, 'estimatedAmount')).toMatchObject({ filled: false, reason: 'uncertain' });
    // The number is the letter's and confirmed: filled, and the clerk is told the policy is not in force.
    expect(valueOf(d, 'policyNumber')).toMatchObject({ filled: true, evidence: 'policy-confirmed-not-in-force' });
    expect(d.problems).toEqual(['Policy HR-100001 is not in force on 2026-04-01 (the platform’s answer).']);
  });

  it('the damage address from the letter: a place in prose, the insured’s address never filled for it', () => {
    // The letters: "It happened at Ringstraße 30, 01067 Dresden" → Wien was filled as sure.
    const elsewhere = draftOf([
      'Policy number: HR-100001',
      'On 2 March 2026 a pipe burst. It happened at Ringstraße 30, 01067 Dresden, in my parents’ flat.',
    ]);
    expect(valueOf(elsewhere, 'damageAddress.city')).toMatchObject({
      value: 'Dresden',
      evidence: 'address-town-of-postal-code', // 01067 is Dresden's: the gazetteer agrees
      source: { kind: 'page' },
    });
    // A read postal code fills (57 of 57 right on sets A–D), and the town it names where the read one agrees
    // (46 of 46); the read street is offered (51 of 57): never the insured's Wien.
    expect(valueOf(elsewhere, 'damageAddress.postalCode')).toMatchObject({ value: '01067', filled: true });
    expect(valueOf(elsewhere, 'damageAddress.city')).toMatchObject({ value: 'Dresden', filled: true });
    expect(valueOf(elsewhere, 'damageAddress.street')).toMatchObject({ filled: false, reason: 'uncertain' });
    const prose = draftOf(['Der Schaden ereignete sich in der Lindenstraße 4, 80331 München.']);
    expect(valueOf(prose, 'damageAddress.street')).toMatchObject({ value: 'Lindenstraße 4', filled: false });
    expect(valueOf(prose, 'damageAddress.postalCode')).toMatchObject({ value: '80331', filled: true });
    // OCR with English dropped the umlaut: the postal code's town in the gazetteer agrees, and is taken in its
    // spelling, filled (its kind was right 46 times in 46 on sets A–D).
    const slipped = draftOf(['Policy number: HR-100001', 'Place of loss: Am Messesee 2, 81829 Munchen']);
    expect(valueOf(slipped, 'damageAddress.city')).toMatchObject({
      value: 'München',
      evidence: 'address-town-of-postal-code',
      filled: true,
    });
    const other = draftOf(['Policy number: HR-100001', 'Place of loss: Am Messesee 2, 81829 Hamburg']);
    expect(valueOf(other, 'damageAddress.city')).toMatchObject({
      value: 'Hamburg',
      evidence: 'address-read',
      filled: false,
    });
    // The writer's own address in a sentence is no place of loss: the insured's is offered.
    const home = draftOf(['Ich wohne in der Gartenstraße 9, 20095 Hamburg.', 'Sturm hat das Dach beschädigt.']);
    expect(valueOf(home, 'damageAddress.street')).toMatchObject({ filled: false, evidence: 'address-from-policy' });
  });

  it('the claimant is the signer: the policyholder fills only when the letter is signed with that name', () => {
    const byManager = draftOf([
      ...LETTER.slice(0, -1),
      'Sandra Kowalczyk',
      'Rheinische Hausverwaltung GmbH, im Auftrag von Herrn Müller',
    ]);
    expect(valueOf(byManager, 'claimant.lastName')).toMatchObject({
      value: 'Müller',
      filled: false,
      evidence: 'claimant-policyholder',
    });
    expect(valueOf(draftOf(LETTER), 'claimant.lastName')).toMatchObject({ filled: true });
  });

  it('a relative who signs with the same surname and another given name is not the policyholder', () => {
    const signed = (name: string) => draftOf([...LETTER.slice(0, -1), name]);
    // A son writes for his father (blind set C, 032): "Sven Müller" under the closing is not Jörg Müller.
    expect(valueOf(signed('Sven Müller'), 'claimant.firstName')).toMatchObject({
      filled: false,
      evidence: 'claimant-policyholder',
    });
    expect(valueOf(signed('SVEN MÜLLER'), 'claimant.lastName')).toMatchObject({ filled: false });
    // The policyholder's own ways of signing still fill.
    for (const own of ['Jörg Müller', 'J. Müller', 'Müller', 'Herr Müller'])
      expect(valueOf(signed(own), 'claimant.firstName'), own).toMatchObject({
        filled: true,
        evidence: 'claimant-policyholder-signs',
      });
  });

  it('offers a value the schema would refuse instead of filling it', () => {
    const d = draftOf(['Schadentag: 02.03.2026', 'Ein Einbruch: Schaden etwa 12.000.000,00 EUR.']);
    expect(valueOf(d, 'estimatedAmount')).toMatchObject({
      filled: false,
      reason: 'refused-by-schema',
      value: 12_000_000,
    });
    expect(valueOf(d, 'damageCause')).toMatchObject({ value: 'Einbruchdiebstahl', evidence: 'cause-named' });
  });

  it('follows the schema it is given, not the sandbox’s names', () => {
    const other: SchemaDescription = {
      type: T.Object,
      properties: {
        contractNo: { type: T.String, title: 'Policy no.' },
        occurredOn: { type: T.String, format: 'date', title: 'Date of loss' },
        reportedOn: { type: T.String, format: 'date', title: 'Reported' },
        peril: { type: T.String, title: 'Peril', enum: ['WATER', 'STORM', 'FIRE', 'THEFT'] },
        lossAmount: { type: T.Integer, title: 'Loss amount' },
        story: { type: T.String, title: 'What happened', maximumLength: 40 },
        location: {
          type: T.Object,
          title: 'Risk address',
          properties: { line1: { type: T.String, title: 'Street' }, zip: { type: T.String }, town: { type: T.String } },
        },
      },
    };
    const d = draftOf(LETTER, other);
    const by = Object.fromEntries(d.values.map((v) => [v.path, v]));
    expect(by.contractNo?.value).toBe('HR-100001');
    expect(by.occurredOn?.value).toBe('2026-03-12');
    expect(by.reportedOn).toBeUndefined();
    expect(by.peril?.value).toBe('WATER');
    // 1200.50 is not an integer: the schema would refuse it, so it is offered.
    expect(by.lossAmount).toMatchObject({ filled: false, reason: 'refused-by-schema' });
    expect(String(by.story?.value).length).toBeLessThanOrEqual(40);
    expect(by['location.zip']?.value).toBe('20095');
    expect(by['location.town']?.value).toBe('Hamburg');
    // The FNOL schema has no cause or amount: nothing is forced into other fields.
    const fnol = draftOf(LETTER, FNOL_INPUT);
    expect(fnol.values.map((v) => v.path).sort()).toEqual(['accidentDate', 'description', 'policyNumber']);
  });

  it('without a confirmed policy fills nothing from the platform', () => {
    const d = draftOf(LETTER, CASE_CREATE_INPUT, null);
    expect(d.values.some((v) => v.source.kind === 'policy')).toBe(false);
    expect(valueOf(d, 'policyNumber')).toBeUndefined();
  });
});
