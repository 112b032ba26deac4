import type { ValidateAccountErrorCode } from '../../../shared/platform/validate-account';
import type { Catalogs } from '../../i18n/i18n';

/** One clear message per error body of validate-account (codes: shared/platform/validate-account.ts). */
type RejectionKey = `partner.rejection.${ValidateAccountErrorCode}`;

const rejectionsEn: Record<RejectionKey, string> = {
  'partner.rejection.invalid_request':
    'The platform could not read the request. Check that tenant, tax id and reference number are filled in correctly.',
  'partner.rejection.partner_not_found':
    'No service partner with this tax id is registered. Check the tax id on the invoice (e.g. DE811234567).',
  'partner.rejection.reference_not_found':
    'No service with this reference number exists for this tenant. Check the reference number and the tenant.',
  'partner.rejection.partner_not_assigned':
    'The service exists, but this partner is not assigned to it. The invoice may belong to another claim.',
};
const rejectionsDe: Record<RejectionKey, string> = {
  'partner.rejection.invalid_request':
    'Die Plattform konnte die Anfrage nicht lesen. Bitte Mandant, Steuernummer und Referenznummer prüfen.',
  'partner.rejection.partner_not_found':
    'Zu dieser Steuernummer ist kein Dienstleister registriert. Bitte die Steuernummer auf der Rechnung prüfen (z. B. DE811234567).',
  'partner.rejection.reference_not_found':
    'Zu dieser Referenznummer gibt es in diesem Mandanten keinen Auftrag. Bitte Referenznummer und Mandant prüfen.',
  'partner.rejection.partner_not_assigned':
    'Den Auftrag gibt es, aber dieser Dienstleister ist ihm nicht zugeordnet. Die Rechnung gehört vielleicht zu einem anderen Schaden.',
};

const en = {
  ...rejectionsEn,
  'partner.title': 'Validate service partner',
  'partner.intro': 'Check that an invoice’s service partner really works on the claim the reference number names.',
  'partner.tenant': 'Tenant',
  'partner.tenantHint': 'Default: the tenant of the active environment.',
  'partner.taxId': 'Company tax id',
  'partner.taxIdHint': 'As printed on the invoice, e.g. DE811234567.',
  'partner.reference': 'Reference number',
  'partner.referenceHint': 'The service reference, e.g. SRV-2026-0001.',
  'partner.required': 'Required.',
  'partner.validate': 'Validate',
  'partner.checking': 'Checking…',
  'partner.valid': 'The partner is assigned to this service.',
  'partner.rejected': 'Not confirmed',
  'partner.claim': 'Claim',
  'partner.claimNumber': 'Claim number',
  'partner.damageCause': 'Damage cause',
  'partner.damageCategory': 'Damage category',
  'partner.address': 'Damage address',
  'partner.service': 'Service',
  'partner.serviceReference': 'Reference',
  'partner.startDate': 'Start',
  'partner.estimatedEnd': 'Estimated end',
  'partner.actualEnd': 'Actual end',
  'partner.partners': 'Service partners',
  'partner.name': 'Name',
  'partner.phone': 'Phone',
  'partner.fax': 'Fax',
  'partner.responsible': 'Responsible',
  'partner.tag': 'Tag current document with this claim',
  'partner.tagging': 'Tagging…',
  'partner.tagNoDocument': 'Select a document in the inbox to tag it with this claim.',
  'partner.tagged': '{file} now carries case number {number}.',
  'partner.platformSaid': 'The platform said: {message}',
} as const;
export type PartnerScreenKey = keyof typeof en;

const de: Record<PartnerScreenKey, string> = {
  ...rejectionsDe,
  'partner.title': 'Dienstleister prüfen',
  'partner.intro': 'Prüfen, ob der Dienstleister einer Rechnung wirklich an dem Schaden der Referenznummer arbeitet.',
  'partner.tenant': 'Mandant',
  'partner.tenantHint': 'Vorgabe: der Mandant der aktiven Umgebung.',
  'partner.taxId': 'Steuernummer des Unternehmens',
  'partner.taxIdHint': 'Wie auf der Rechnung, z. B. DE811234567.',
  'partner.reference': 'Referenznummer',
  'partner.referenceHint': 'Die Auftragsreferenz, z. B. SRV-2026-0001.',
  'partner.required': 'Pflichtfeld.',
  'partner.validate': 'Prüfen',
  'partner.checking': 'Wird geprüft…',
  'partner.valid': 'Der Dienstleister ist diesem Auftrag zugeordnet.',
  'partner.rejected': 'Nicht bestätigt',
  'partner.claim': 'Schaden',
  'partner.claimNumber': 'Schadennummer',
  'partner.damageCause': 'Schadenursache',
  'partner.damageCategory': 'Schadenkategorie',
  'partner.address': 'Schadenort',
  'partner.service': 'Auftrag',
  'partner.serviceReference': 'Referenz',
  'partner.startDate': 'Beginn',
  'partner.estimatedEnd': 'Voraussichtliches Ende',
  'partner.actualEnd': 'Tatsächliches Ende',
  'partner.partners': 'Dienstleister',
  'partner.name': 'Name',
  'partner.phone': 'Telefon',
  'partner.fax': 'Fax',
  'partner.responsible': 'Zuständig',
  'partner.tag': 'Aktuelles Dokument diesem Schaden zuordnen',
  'partner.tagging': 'Wird zugeordnet…',
  'partner.tagNoDocument': 'Im Eingang ein Dokument wählen, um es diesem Schaden zuzuordnen.',
  'partner.tagged': '{file} trägt jetzt die Schadennummer {number}.',
  'partner.platformSaid': 'Meldung der Plattform: {message}',
};

export const partnerScreenMessages: Catalogs<PartnerScreenKey> = { en, de };
