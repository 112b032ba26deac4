import type { ValidateAccountErrorCode } from '../../../shared/platform/validate-account';

/** One clear message per error body of validate-account (codes: shared/platform/validate-account.ts). */
export const partnerRejectionMessages: Record<'en' | 'de', Record<ValidateAccountErrorCode, string>> = {
  en: {
    invalid_request:
      'The platform could not read the request. Check that tenant, tax id and reference number are filled in correctly.',
    partner_not_found:
      'No service partner with this tax id is registered. Check the tax id on the invoice (e.g. DE811234567).',
    reference_not_found:
      'No service with this reference number exists for this tenant. Check the reference number and the tenant.',
    partner_not_assigned:
      'The service exists, but this partner is not assigned to it. The invoice may belong to another claim.',
  },
  de: {
    invalid_request:
      'Die Plattform konnte die Anfrage nicht lesen. Bitte Mandant, Steuernummer und Referenznummer prüfen.',
    partner_not_found:
      'Zu dieser Steuernummer ist kein Dienstleister registriert. Bitte die Steuernummer auf der Rechnung prüfen (z. B. DE811234567).',
    reference_not_found:
      'Zu dieser Referenznummer gibt es in diesem Mandanten keinen Auftrag. Bitte Referenznummer und Mandant prüfen.',
    partner_not_assigned:
      'Den Auftrag gibt es, aber dieser Dienstleister ist ihm nicht zugeordnet. Die Rechnung gehört vielleicht zu einem anderen Schaden.',
  },
};

export function partnerRejectionMessage(locale: 'en' | 'de', code: ValidateAccountErrorCode): string {
  return partnerRejectionMessages[locale][code];
}
