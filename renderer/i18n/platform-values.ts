import { translateFrom } from './i18n';
import type { Catalogs, Locale } from './i18n';

/**
 * Words the platform is known to send in its own language (the sandbox writes German ones, as the
 * platform's German tenants do): customer kinds, claim information titles and values, coverage states.
 * Shown in the clerk's language; a word not in this table is shown as the platform wrote it (issue #31
 * item 8: "Aktiv", "Privatkunde", "Deckung: undefined" on the English screen).
 */
const en = {
  'platform.privateCustomer': 'Private customer',
  'platform.businessCustomer': 'Business customer',
  'platform.claimNumber': 'Claim number',
  'platform.policyholder': 'Policyholder',
  'platform.policy': 'Policy',
  'platform.dateOfLoss': 'Date of loss',
  'platform.status': 'Status',
  'platform.open': 'Open',
  'platform.closed': 'Closed',
  'platform.causeOfLoss': 'Cause of loss',
  'platform.lossCategory': 'Loss category',
  'platform.placeOfLoss': 'Place of loss',
  'platform.coverage': 'Coverage',
  'platform.notSet': 'not set yet',
  'platform.covered': 'covered',
  'platform.notCovered': 'not covered',
  'platform.partiallyCovered': 'partially covered',
  'platform.undetermined': 'undetermined',
  'platform.belowDeductible': 'below the deductible',
  'platform.active': 'Active',
  'platform.expired': 'Expired',
  'platform.cancelled': 'Cancelled',
  'platform.pipeWater': 'Escaping water',
  'platform.storm': 'Storm',
  'platform.hail': 'Hail',
  'platform.fire': 'Fire',
  'platform.burglary': 'Burglary',
  'platform.glassBreakage': 'Glass breakage',
  'platform.other': 'Other',
} as const;
type PlatformKey = keyof typeof en;

const de: Record<PlatformKey, string> = {
  'platform.privateCustomer': 'Privatkunde',
  'platform.businessCustomer': 'Firmenkunde',
  'platform.claimNumber': 'Schadennummer',
  'platform.policyholder': 'Versicherungsnehmer',
  'platform.policy': 'Vertrag',
  'platform.dateOfLoss': 'Schadentag',
  'platform.status': 'Status',
  'platform.open': 'Offen',
  'platform.closed': 'Geschlossen',
  'platform.causeOfLoss': 'Schadenursache',
  'platform.lossCategory': 'Schadenkategorie',
  'platform.placeOfLoss': 'Schadenort',
  'platform.coverage': 'Deckung',
  'platform.notSet': 'noch nicht festgelegt',
  'platform.covered': 'gedeckt',
  'platform.notCovered': 'nicht gedeckt',
  'platform.partiallyCovered': 'teilweise gedeckt',
  'platform.undetermined': 'ungeklärt',
  'platform.belowDeductible': 'unter der Selbstbeteiligung',
  'platform.active': 'Aktiv',
  'platform.expired': 'Abgelaufen',
  'platform.cancelled': 'Storniert',
  'platform.pipeWater': 'Leitungswasser',
  'platform.storm': 'Sturm',
  'platform.hail': 'Hagel',
  'platform.fire': 'Feuer',
  'platform.burglary': 'Einbruchdiebstahl',
  'platform.glassBreakage': 'Glasbruch',
  'platform.other': 'Sonstiges',
};

const catalogs: Catalogs<PlatformKey> = { en, de };

/** The platform's words (either language, any case) and what they mean. */
const KNOWN = new Map<string, PlatformKey>(
  Object.entries({
    privatkunde: 'platform.privateCustomer',
    'private customer': 'platform.privateCustomer',
    firmenkunde: 'platform.businessCustomer',
    'business customer': 'platform.businessCustomer',
    schadennummer: 'platform.claimNumber',
    versicherungsnehmer: 'platform.policyholder',
    versicherungsschein: 'platform.policy',
    schadentag: 'platform.dateOfLoss',
    status: 'platform.status',
    offen: 'platform.open',
    open: 'platform.open',
    geschlossen: 'platform.closed',
    closed: 'platform.closed',
    schadenursache: 'platform.causeOfLoss',
    schadenkategorie: 'platform.lossCategory',
    schadenort: 'platform.placeOfLoss',
    deckung: 'platform.coverage',
    coverage: 'platform.coverage',
    // The platform's coverage states (its enum, also sent as text).
    undefined: 'platform.notSet',
    covered: 'platform.covered',
    notcovered: 'platform.notCovered',
    partiallycovered: 'platform.partiallyCovered',
    undetermined: 'platform.undetermined',
    belowdeductible: 'platform.belowDeductible',
    aktiv: 'platform.active',
    active: 'platform.active',
    abgelaufen: 'platform.expired',
    expired: 'platform.expired',
    storniert: 'platform.cancelled',
    cancelled: 'platform.cancelled',
    // Causes of loss (the property claim schema's enum, sandbox/seed/case-schemas.ts).
    leitungswasser: 'platform.pipeWater',
    'escaping water': 'platform.pipeWater',
    sturm: 'platform.storm',
    storm: 'platform.storm',
    hagel: 'platform.hail',
    hail: 'platform.hail',
    feuer: 'platform.fire',
    fire: 'platform.fire',
    einbruchdiebstahl: 'platform.burglary',
    burglary: 'platform.burglary',
    glasbruch: 'platform.glassBreakage',
    'glass breakage': 'platform.glassBreakage',
    sonstiges: 'platform.other',
    other: 'platform.other',
  }) as [string, PlatformKey][],
);

/** The known platform word in the clerk's language, or undefined when this table has no wording for it. */
export function knownPlatformText(locale: Locale, text: string): string | undefined {
  const key = KNOWN.get(text.trim().toLowerCase());
  return key ? translateFrom(catalogs, locale, key) : undefined;
}

export function platformText(locale: Locale, text: string | null | undefined): string {
  const raw = text?.trim() ?? '';
  const key = KNOWN.get(raw.toLowerCase());
  return key ? translateFrom(catalogs, locale, key) : raw;
}
