import { describe, expect, it } from 'vitest';
import { ChangeSchema, parseCaseChangeEvent } from './events';

const envelope = {
  eventType: 'CaseChanged',
  payloadVersion: '1.0',
  correlationId: 'c-1',
  timestamp: '2026-03-01T10:00:00+01:00',
  case: { number: 'CLM-2026-000101' },
  changes: [] as unknown[],
};

describe('case-change events', () => {
  it('accepts every change kind in the spec shape', () => {
    const changes = [
      { property: 'Reserve', newValue: { amount: 10, currency: 'EUR', reason: 'Audit' }, oldValue: null },
      { property: 'CaseOwner', newValue: { name: 'X', type: 'Pool' } },
      { property: 'Regress', newValue: 'Unknown', oldValue: 'None' },
      { property: 'Deductible', newValue: { amount: 1, currency: 'EUR' } },
      { property: 'ShareOfVatPercent', newValue: 19, oldValue: 0 },
      { property: 'AccidentDate', newValue: '2026-01-01T00:00:00Z' },
      {
        property: 'CaseClosed',
        isTerminated: true,
        terminationReason: 'CustomReason',
        shouldBeClosedInOwnSystem: true,
      },
      { property: 'CaseReopened' },
      { property: 'AttachmentsAdded', attachments: [{ id: '1', fileName: 'a.pdf', fileSize: 3, isRestricted: false }] },
      { property: 'AttachmentChanged', id: '1', isRestricted: true },
      { property: 'Coverage', newValue: { coverage: 'partiallyCovered', context: 'phoneInspection' } },
      { property: 'Gutachter', type: 'string', newValue: 'Frau Weiß' },
    ];
    const result = parseCaseChangeEvent({ ...envelope, changedBy: { type: 'user', fullName: 'Petra' }, changes });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.event.changes).toEqual(changes);
  });

  it.each([
    [{ property: 'Reserve', newValue: { amount: '10', currency: 'EUR' } }, 'changes.0.newValue.amount'],
    [{ property: 'Regress', newValue: 'Maybe' }, 'changes.0.newValue'],
    [{ property: 'CaseClosed', terminationReason: 'Bored' }, 'changes.0.terminationReason'],
    [{ property: 'AttachmentsAdded' }, 'changes.0.attachments'],
    [{ property: 'AttachmentsAdded', attachments: [{ id: '1', fileName: 'a' }] }, 'changes.0.attachments.0.fileSize'],
    [{ property: 'AttachmentChanged', id: '1' }, 'changes.0'],
    [{ property: 'Coverage', newValue: { coverage: 'maybe' } }, 'changes.0.newValue.coverage'],
    [{ property: 'Extra', type: 'string' }, 'changes.0'],
    [{ property: 'Extra', newValue: 1 }, 'changes.0.type'],
    [{ newValue: 1 }, 'changes.0.property'],
  ])('rejects %j at %s', (change, path) => {
    const result = parseCaseChangeEvent({ ...envelope, changes: [change] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.some((e) => e.startsWith(`${path}:`))).toBe(true);
  });

  it('requires the envelope fields and an ISO date-time', () => {
    const { correlationId: _c, ...missing } = envelope;
    expect(parseCaseChangeEvent(missing).ok).toBe(false);
    expect(parseCaseChangeEvent({ ...envelope, timestamp: '01.03.2026' }).ok).toBe(false);
    expect(parseCaseChangeEvent({ ...envelope, changedBy: { type: 'robot' } }).ok).toBe(false);
  });

  it('recognises a change by property: a known name never falls back to the additional-field shape', () => {
    expect(ChangeSchema.safeParse({ property: 'Reserve', type: 'x', newValue: 'free text' }).success).toBe(false);
  });
});
