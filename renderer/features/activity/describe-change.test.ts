import { describe, expect, it } from 'vitest';
import type { CaseChangeEvent } from '../../../shared/platform/events';
import { parseCaseChangeEvent } from '../../../shared/platform/events';
import { activityMessagesDe, activityMessagesEn } from './activity-messages';
import { describeChange, describeEvent } from './describe-change';

/** Events go through the shared parser first, as they do in the app. */
function event(changes: unknown[], extra: Record<string, unknown> = {}): CaseChangeEvent {
  const parsed = parseCaseChangeEvent({
    eventType: 'CaseChanged',
    payloadVersion: '1.0',
    correlationId: 'c-1',
    timestamp: '2026-03-02T09:15:00Z',
    case: { number: 'S-2026-0001' },
    changes,
    ...extra,
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.event;
}
const one = (change: Record<string, unknown>, locale: 'en' | 'de' = 'en') => {
  const first = event([change]).changes[0];
  if (!first) throw new Error('no change');
  return describeChange(first, locale);
};

describe('describeChange: every change kind, in English', () => {
  it('Coverage: old → new with its context', () => {
    expect(
      one({
        property: 'Coverage',
        oldValue: { coverage: 'undetermined' },
        newValue: { coverage: 'covered', context: 'claimWizard', reason: 'checked' },
      }),
    ).toEqual({
      property: 'Coverage',
      text: 'Coverage: undetermined → covered (claim wizard)',
      details: ['checked'],
    });
  });
  it('Coverage set the first time', () => {
    expect(one({ property: 'Coverage', newValue: { coverage: 'undefined' } }).text).toBe('Coverage: not set');
  });
  it('CaseClosed with reason, description and the own-system hint', () => {
    expect(
      one({
        property: 'CaseClosed',
        isTerminated: true,
        terminationReason: 'BelowDeductible',
        terminationReasonDescription: 'under 300 EUR',
        shouldBeClosedInOwnSystem: true,
      }),
    ).toEqual({
      property: 'CaseClosed',
      text: 'Case closed: below deductible',
      details: ['under 300 EUR', 'Close it in your own system as well.'],
    });
    expect(one({ property: 'CaseClosed', terminationReason: 'None' }).text).toBe('Case closed');
  });
  it('CaseReopened', () => {
    expect(one({ property: 'CaseReopened' }).text).toBe('Case reopened');
  });
  it('AttachmentsAdded counts and lists the files', () => {
    const line = one({
      property: 'AttachmentsAdded',
      attachments: [
        { id: '1', fileName: 'a.pdf', fileSize: 2048 },
        { id: '2', fileName: 'b.pdf', fileSize: 10 },
        { id: '3', fileName: 'c.pdf', fileSize: 0 },
      ],
    });
    expect(line.text).toBe('3 attachments added');
    expect(line.details).toEqual(['a.pdf (2 KB)', 'b.pdf (10 B)', 'c.pdf (0 B)']);
    expect(one({ property: 'AttachmentsAdded', attachments: [{ id: '1', fileName: 'a', fileSize: 1 }] }).text).toBe(
      '1 attachment added',
    );
  });
  it('AttachmentChanged with description and restriction', () => {
    expect(one({ property: 'AttachmentChanged', id: '77', description: 'Report', isRestricted: true })).toEqual({
      property: 'AttachmentChanged',
      text: 'Attachment 77 changed',
      details: ['Description: “Report”', 'Access restricted'],
    });
  });
  it('Reserve with reason and comment', () => {
    const line = one({
      property: 'Reserve',
      oldValue: { amount: 1000, currency: 'EUR', reason: 'Manual' },
      newValue: { amount: 2500, currency: 'EUR', reason: 'OfferApproved', comment: 'drying' },
    });
    expect(line.text).toBe('Reserve: €1,000.00 (manual) → €2,500.00 (offer approved)');
    expect(line.details).toEqual(['drying']);
  });
  it('CaseOwner with type', () => {
    expect(
      one({
        property: 'CaseOwner',
        oldValue: { name: 'Pool A', type: 'Pool' },
        newValue: { name: 'Petra', type: 'ClaimHandler' },
      }).text,
    ).toBe('Case owner: Pool A (pool) → Petra (claim handler)');
  });
  it('Regress', () => {
    expect(one({ property: 'Regress', oldValue: 'Unknown', newValue: 'Yes' }).text).toBe('Recourse: unknown → yes');
  });
  it('Deductible, including a currency code Intl does not know', () => {
    expect(
      one({
        property: 'Deductible',
        oldValue: { amount: 150, currency: 'EUR' },
        newValue: { amount: 300, currency: 'EUR' },
      }).text,
    ).toBe('Deductible: €150.00 → €300.00');
    expect(one({ property: 'Deductible', newValue: { amount: 5, currency: 'POINTS' } }).text).toBe(
      'Deductible: 5.00 POINTS',
    );
  });
  it('ShareOfVatPercent', () => {
    expect(one({ property: 'ShareOfVatPercent', oldValue: 0, newValue: 19 }).text).toBe('Input tax share: 0 % → 19 %');
  });
  it('AccidentDate', () => {
    expect(
      one({ property: 'AccidentDate', oldValue: '2026-02-01T00:00:00Z', newValue: '2026-02-01T08:30:00Z' }).text,
    ).toBe('Accident date: Feb 1, 2026, 12:00 AM → Feb 1, 2026, 8:30 AM');
  });
  it('additional claim fields: by type and format, set, changed and cleared', () => {
    expect(one({ property: 'WaterDamageSource', type: 'string', oldValue: 'Nein', newValue: 'Ja' }).text).toBe(
      'WaterDamageSource: Nein → Ja',
    );
    expect(one({ property: 'PoliceInformed', type: 'boolean', newValue: true }).text).toBe('PoliceInformed: yes');
    expect(one({ property: 'InspectionDate', type: 'string', format: 'date', newValue: '2026-03-05' }).text).toBe(
      'InspectionDate: Mar 5, 2026',
    );
    expect(one({ property: 'Rooms', type: 'number', oldValue: 3 }).text).toBe('Rooms: 3 removed');
    expect(one({ property: 'Meta', type: 'object', newValue: { a: 1 } }).text).toBe('Meta: {"a":1}');
  });
});

describe('describeChange: German', () => {
  it('uses the German catalog and number formats', () => {
    expect(
      one(
        {
          property: 'Coverage',
          oldValue: { coverage: 'undetermined' },
          newValue: { coverage: 'covered', context: 'claimWizard' },
        },
        'de',
      ).text,
    ).toBe('Deckung: ungeklärt → gedeckt (Schadenassistent)');
    expect(one({ property: 'CaseClosed', terminationReason: 'BelowDeductible' }, 'de').text).toBe(
      'Fall geschlossen: unter Selbstbeteiligung',
    );
    expect(
      one(
        {
          property: 'AttachmentsAdded',
          attachments: [
            { id: '1', fileName: 'a', fileSize: 1 },
            { id: '2', fileName: 'b', fileSize: 1 },
          ],
        },
        'de',
      ).text,
    ).toBe('2 Anhänge hinzugefügt');
    expect(one({ property: 'Deductible', newValue: { amount: 300, currency: 'EUR' } }, 'de').text).toBe(
      'Selbstbeteiligung: 300,00\u00a0€',
    );
  });
  it('has a German text for every English key', () => {
    expect(Object.keys(activityMessagesDe).sort()).toEqual(Object.keys(activityMessagesEn).sort());
  });
});

describe('describeEvent', () => {
  it('names the actor: a user by name, automatic changes as such', () => {
    expect(
      describeEvent(event([{ property: 'CaseReopened' }], { changedBy: { type: 'user', fullName: 'Eva' } }), 'en'),
    ).toMatchObject({ actor: 'by Eva', eventType: 'CaseChanged', at: '2026-03-02T09:15:00Z' });
    expect(
      describeEvent(event([{ property: 'CaseReopened' }], { changedBy: { type: 'automatic', name: 'Rules' } }), 'de')
        .actor,
    ).toBe('automatisch (Rules)');
    expect(describeEvent(event([{ property: 'CaseReopened' }]), 'en').actor).toBeUndefined();
  });
  it('gives one line per change, in order', () => {
    const described = describeEvent(
      event([{ property: 'CaseReopened' }, { property: 'Regress', newValue: 'No' }]),
      'en',
    );
    expect(described.lines.map((l) => l.text)).toEqual(['Case reopened', 'Recourse: no']);
  });
});
