import type { Change } from '../../shared/platform/events';
import type { ClaimRecord } from '../cases/claim-registry';

/**
 * A plausible change of each kind, for POST /__sandbox/cases/{caseNumber}/changes {"kind": "..."}.
 * Returns the change and what it does to the claim's state.
 */
export function exampleChange(kind: string, claim: ClaimRecord): { change: Change; update: Partial<ClaimRecord> } {
  switch (kind) {
    case 'Reserve':
      return {
        change: {
          property: 'Reserve',
          oldValue: { amount: 1000, currency: 'EUR', reason: 'Manual' },
          newValue: {
            amount: 2500,
            currency: 'EUR',
            reason: 'OfferApproved',
            comment: 'Angebot Trocknung freigegeben',
          },
        },
        update: {},
      };
    case 'CaseOwner':
      return {
        change: {
          property: 'CaseOwner',
          oldValue: { name: 'Pool Sachschaden', type: 'Pool' },
          newValue: {
            name: 'Petra Schäfer',
            username: 'p.schaefer',
            email: 'p.schaefer@demo-insurance.invalid',
            type: 'ClaimHandler',
          },
        },
        update: {},
      };
    case 'Regress':
      return { change: { property: 'Regress', oldValue: 'Unknown', newValue: 'Yes' }, update: {} };
    case 'Deductible':
      return {
        change: {
          property: 'Deductible',
          oldValue: { amount: 150, currency: 'EUR' },
          newValue: { amount: 300, currency: 'EUR' },
        },
        update: {},
      };
    case 'ShareOfVatPercent':
      return { change: { property: 'ShareOfVatPercent', oldValue: 0, newValue: 19 }, update: {} };
    case 'AccidentDate':
      return {
        change: {
          property: 'AccidentDate',
          oldValue: `${claim.accidentDate}T00:00:00Z`,
          newValue: `${claim.accidentDate}T08:30:00Z`,
        },
        update: {},
      };
    case 'CaseClosed':
      return {
        change: {
          property: 'CaseClosed',
          isTerminated: true,
          terminationReason: 'BelowDeductible',
          terminationReasonDescription: 'Schaden unter Selbstbeteiligung',
          shouldBeClosedInOwnSystem: false,
        },
        update: { closed: true },
      };
    case 'CaseReopened':
      return { change: { property: 'CaseReopened' }, update: { closed: false } };
    case 'AttachmentsAdded': {
      const id = String(claim.files.length + 9000);
      return {
        change: {
          property: 'AttachmentsAdded',
          attachments: [{ id, fileName: 'Kostenvoranschlag.pdf', fileSize: 48213 }],
        },
        update: {},
      };
    }
    case 'AttachmentChanged': {
      const first = claim.files[0];
      return {
        change: {
          property: 'AttachmentChanged',
          id: String(first?.id ?? 1),
          description: 'Gutachten (geprüft)',
          isRestricted: true,
        },
        update: {},
      };
    }
    case 'Coverage':
      return {
        change: {
          property: 'Coverage',
          oldValue: { coverage: claim.coverage as 'undefined' },
          newValue: {
            coverage: 'covered',
            policyCoverage: 'Leitungswasser',
            reason: 'Deckung geprüft',
            context: 'editCoverage',
          },
        },
        update: { coverage: 'covered' },
      };
    default:
      return {
        change: { property: kind, type: 'string', newValue: 'Ja', oldValue: 'Nein' },
        update: {},
      };
  }
}
