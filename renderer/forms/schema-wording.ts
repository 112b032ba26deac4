import type { EnumOption, FormModel, FormNode } from '../../shared/forms/form-model';
import type { Locale } from '../i18n/i18n';
import { knownPlatformText } from '../i18n/platform-values';

/**
 * The platform's schema texts in the clerk's language (issue #36 item 7). A schema description carries
 * one title per field, in the platform's language (the sandbox's are German: "Schadenart", options
 * "Property / Motor / Liability"); the spec gives no second language. So the wording is ours, here and
 * only here: per schema key, per field path (array items as `[]`) and per option (`path=value`), en and
 * de. What this catalog (or the table of known platform words) does not have is shown as the platform
 * sent it and marked as the platform's wording (`platformWording`), never mixed in silently.
 */
type Wording = readonly [en: string, de: string];

const CATALOG: Record<string, Record<string, Wording>> = {
  // sandbox/seed/case-schemas.ts, CASE_CREATE_INPUT: the platform's create-case operation.
  'case-create': {
    '': ['Create case', 'Fall anlegen'],
    externalClaimId: ['External claim number', 'Externe Schadennummer'],
    policyNumber: ['Policy number', 'Vertragsnummer'],
    accidentDate: ['Date of loss', 'Schadentag'],
    reportedDate: ['Reported on', 'Meldedatum'],
    caseType: ['Type of loss', 'Schadenart'],
    'caseType=Property': ['Property', 'Sachschaden'],
    'caseType=Motor': ['Motor', 'Kfz-Schaden'],
    'caseType=Liability': ['Liability', 'Haftpflichtschaden'],
    // Its options are the known causes of loss (renderer/i18n/platform-values.ts).
    damageCause: ['Cause of loss', 'Schadenursache'],
    description: ['Description of the loss', 'Schadenbeschreibung'],
    estimatedAmount: ['Estimated loss (EUR)', 'Geschätzte Schadenhöhe (EUR)'],
    shareOfVatPercent: ['Input tax deduction (%)', 'Vorsteuerabzug (%)'],
    claimant: ['Claimant', 'Anspruchsteller'],
    'claimant.salutation': ['Salutation', 'Anrede'],
    'claimant.salutation=Frau': ['Ms', 'Frau'],
    'claimant.salutation=Herr': ['Mr', 'Herr'],
    'claimant.salutation=Divers': ['Diverse', 'Divers'],
    'claimant.salutation=Firma': ['Company', 'Firma'],
    'claimant.firstName': ['First name', 'Vorname'],
    'claimant.lastName': ['Last name', 'Nachname'],
    'claimant.email': ['E-mail', 'E-Mail'],
    'claimant.phone': ['Phone', 'Telefon'],
    'claimant.birthDate': ['Date of birth', 'Geburtsdatum'],
    damageAddress: ['Place of loss', 'Schadenort'],
    'damageAddress.street': ['Street and number', 'Straße und Hausnummer'],
    'damageAddress.street2': ['Address line 2', 'Adresszusatz'],
    'damageAddress.postalCode': ['Postcode', 'Postleitzahl'],
    'damageAddress.city': ['Town', 'Ort'],
    'damageAddress.country': ['Country', 'Land'],
    'damageAddress.country=DE': ['Germany', 'Deutschland'],
    'damageAddress.country=AT': ['Austria', 'Österreich'],
    'damageAddress.country=SE': ['Sweden', 'Schweden'],
    'damageAddress.country=DK': ['Denmark', 'Dänemark'],
    'damageAddress.country=NO': ['Norway', 'Norwegen'],
    'damageAddress.country=FI': ['Finland', 'Finnland'],
    damagedItems: ['Damaged items', 'Beschädigte Gegenstände'],
    'damagedItems[].name': ['Item', 'Bezeichnung'],
    'damagedItems[].quantity': ['Quantity', 'Anzahl'],
    'damagedItems[].purchaseDate': ['Purchase date', 'Kaufdatum'],
    'damagedItems[].value': ['Value (EUR)', 'Wert (EUR)'],
  },
};

const pick = (w: Wording, locale: Locale) => (locale === 'de' ? w[1] : w[0]);

/** The form model with every label in the clerk's language, or marked as the platform's wording. */
export function localizeFormModel(model: FormModel, schemaKey: string, locale: Locale): FormModel {
  const catalog = CATALOG[schemaKey] ?? {};
  const node = (n: FormNode, path: string): FormNode => {
    const own = catalog[path];
    // A node without a title of its own (an array's item, a numbered variant) is named by us: nothing to mark.
    const marked =
      own !== undefined
        ? { ...n, label: pick(own, locale) }
        : n.label.trim() === '' || /^\d+$/.test(n.label)
          ? n
          : { ...n, platformWording: true as const };
    // A field's description: ours under `path#description`, else the platform's, marked.
    const about = catalog[`${path}#description`];
    const base = !marked.description
      ? marked
      : about
        ? { ...marked, description: pick(about, locale) }
        : { ...marked, platformDescription: true as const };
    switch (base.kind) {
      case 'object':
        return { ...base, properties: base.properties.map((c) => node(c, path === '' ? c.name : `${path}.${c.name}`)) };
      case 'array':
        return { ...base, item: node(base.item, `${path}[]`) };
      case 'choice':
        return { ...base, options: base.options.map((o) => node(o, path)) };
      case 'enum':
        return { ...base, options: base.options.map((o) => option(o, path)) };
      default:
        return base;
    }
  };
  const option = (o: EnumOption, path: string): EnumOption => {
    const own = typeof o.value === 'string' ? catalog[`${path}=${o.value}`] : undefined;
    if (own) return { ...o, label: pick(own, locale) };
    const known = typeof o.value === 'string' ? knownPlatformText(locale, o.value) : undefined;
    if (known) return { ...o, label: known };
    // Numbers and true/false read the same in every language.
    return typeof o.value === 'string' ? { ...o, platformWording: true } : o;
  };
  return { ...model, root: node(model.root, '') };
}
