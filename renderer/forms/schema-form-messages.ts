import type { UnsupportedReason } from '../../shared/forms/form-model';
import type { FormErrorCode } from '../../shared/forms/validate-form-value';
import type { Catalogs } from '../i18n/i18n';

type FormErrorKey = `formError.${FormErrorCode}`;
type UnsupportedKey = `unsupported.${UnsupportedReason}`;

const formErrorsEn: Record<FormErrorKey, string> = {
  'formError.required': 'Required.',
  'formError.invalid_type': 'Enter a valid value.',
  'formError.too_short': 'At least {min} characters.',
  'formError.too_long': 'At most {max} characters.',
  'formError.pattern': 'Not in the expected form.',
  'formError.format': 'Not in the expected form.',
  'formError.too_small': 'Must be at least {min}.',
  'formError.too_large': 'Must be at most {max}.',
  'formError.not_integer': 'Enter a whole number.',
  'formError.not_multiple': 'Must be a multiple of {step}.',
  'formError.not_in_list': 'Choose one of: {options}.',
  'formError.unknown_property': 'The form does not know this field; it would be refused.',
  'formError.too_few_items': 'Add at least {min}.',
  'formError.too_many_items': 'At most {max} allowed.',
  'formError.duplicate_items': 'Each entry must be different.',
  'formError.too_few_properties': 'Fill in at least {min} fields.',
  'formError.too_many_properties': 'At most {max} fields.',
  'formError.no_matching_option': 'Matches none of the allowed variants.',
  'formError.ambiguous_option': 'Matches more than one variant; fill in more to tell them apart.',
};
const formErrorsDe: Record<FormErrorKey, string> = {
  'formError.required': 'Pflichtfeld.',
  'formError.invalid_type': 'Bitte einen gültigen Wert eingeben.',
  'formError.too_short': 'Mindestens {min} Zeichen.',
  'formError.too_long': 'Höchstens {max} Zeichen.',
  'formError.pattern': 'Nicht in der erwarteten Form.',
  'formError.format': 'Nicht in der erwarteten Form.',
  'formError.too_small': 'Mindestens {min}.',
  'formError.too_large': 'Höchstens {max}.',
  'formError.not_integer': 'Bitte eine ganze Zahl eingeben.',
  'formError.not_multiple': 'Muss ein Vielfaches von {step} sein.',
  'formError.not_in_list': 'Bitte eins davon wählen: {options}.',
  'formError.unknown_property': 'Dieses Feld kennt das Formular nicht; es würde abgelehnt.',
  'formError.too_few_items': 'Mindestens {min} hinzufügen.',
  'formError.too_many_items': 'Höchstens {max} erlaubt.',
  'formError.duplicate_items': 'Jeder Eintrag muss verschieden sein.',
  'formError.too_few_properties': 'Mindestens {min} Felder ausfüllen.',
  'formError.too_many_properties': 'Höchstens {max} Felder.',
  'formError.no_matching_option': 'Passt zu keiner der erlaubten Varianten.',
  'formError.ambiguous_option': 'Passt zu mehreren Varianten; bitte mehr ausfüllen.',
};

const unsupportedEn: Record<UnsupportedKey, string> = {
  'unsupported.conditional': 'Rules that depend on other fields (if/then/else)',
  'unsupported.negation': 'A “must not match” rule',
  'unsupported.pattern-properties': 'Fields named by a pattern',
  'unsupported.dependencies': 'Fields that depend on each other',
  'unsupported.property-names': 'A rule on field names',
  'unsupported.additional-properties-schema': 'Free-form extra fields',
  'unsupported.contains': 'A list that must contain a certain entry',
  'unsupported.tuple': 'A list with a fixed entry per position',
  'unsupported.const': 'A fixed value',
  'unsupported.mixed-types': 'A value of several kinds',
  'unsupported.no-type': 'A value of any kind',
  'unsupported.never-valid': 'A field the platform never accepts',
  'unsupported.reference': 'A reference to another schema',
  'unsupported.custom-validators': 'Checks only the platform knows',
  'unsupported.content-encoding': 'Encoded file content',
  'unsupported.conflicting-all-of': 'Rules that contradict each other',
};
const unsupportedDe: Record<UnsupportedKey, string> = {
  'unsupported.conditional': 'Regeln, die von anderen Feldern abhängen (if/then/else)',
  'unsupported.negation': 'Eine „darf nicht passen“-Regel',
  'unsupported.pattern-properties': 'Felder, deren Namen einem Muster folgen',
  'unsupported.dependencies': 'Felder, die voneinander abhängen',
  'unsupported.property-names': 'Eine Regel für Feldnamen',
  'unsupported.additional-properties-schema': 'Freie Zusatzfelder',
  'unsupported.contains': 'Eine Liste, die einen bestimmten Eintrag enthalten muss',
  'unsupported.tuple': 'Eine Liste mit festem Eintrag je Position',
  'unsupported.const': 'Ein fester Wert',
  'unsupported.mixed-types': 'Ein Wert verschiedener Art',
  'unsupported.no-type': 'Ein Wert beliebiger Art',
  'unsupported.never-valid': 'Ein Feld, das die Plattform nie annimmt',
  'unsupported.reference': 'Ein Verweis auf ein anderes Schema',
  'unsupported.custom-validators': 'Prüfungen, die nur die Plattform kennt',
  'unsupported.content-encoding': 'Kodierter Dateiinhalt',
  'unsupported.conflicting-all-of': 'Regeln, die sich widersprechen',
};

/**
 * The words for a format or an expected kind, so no schema word ("date", "string") stands in a sentence
 * (issue #31 item 8: "Kein gültiges Format (date)." for 31.02.2026).
 */
const formErrorDetailEn = {
  'formError.format.date': 'Enter a date that exists.',
  'formError.format.date-time': 'Enter a date and time that exist.',
  'formError.format.time': 'Enter a time of day.',
  'formError.format.email': 'Enter an e-mail address.',
  'formError.format.uri': 'Enter a full web address (https://…).',
  'formError.format.uuid': 'Not in the expected form.',
  'formError.invalid_type.number': 'Enter a number.',
  'formError.invalid_type.integer': 'Enter a whole number.',
  'formError.invalid_type.string': 'Enter a text.',
  'formError.invalid_type.boolean': 'Choose yes or no.',
  'formError.invalid_type.enum': 'Choose one of the offered values.',
  'formError.invalid_type.object': 'Fill in this part.',
  'formError.invalid_type.array': 'Fill in this list.',
  'formError.invalid_type.choice': 'Choose a variant and fill it in.',
} as const;
const formErrorDetailDe: Record<keyof typeof formErrorDetailEn, string> = {
  'formError.format.date': 'Bitte ein Datum eingeben, das es gibt.',
  'formError.format.date-time': 'Bitte Datum und Uhrzeit eingeben, die es gibt.',
  'formError.format.time': 'Bitte eine Uhrzeit eingeben.',
  'formError.format.email': 'Bitte eine E-Mail-Adresse eingeben.',
  'formError.format.uri': 'Bitte eine vollständige Webadresse eingeben (https://…).',
  'formError.format.uuid': 'Nicht in der erwarteten Form.',
  'formError.invalid_type.number': 'Bitte eine Zahl eingeben.',
  'formError.invalid_type.integer': 'Bitte eine ganze Zahl eingeben.',
  'formError.invalid_type.string': 'Bitte einen Text eingeben.',
  'formError.invalid_type.boolean': 'Bitte Ja oder Nein wählen.',
  'formError.invalid_type.enum': 'Bitte einen der angebotenen Werte wählen.',
  'formError.invalid_type.object': 'Bitte diesen Teil ausfüllen.',
  'formError.invalid_type.array': 'Bitte diese Liste ausfüllen.',
  'formError.invalid_type.choice': 'Bitte eine Variante wählen und ausfüllen.',
};

/** The catalog key of a form error: the one naming its format or expected kind where there is one. */
export function formErrorKey(code: FormErrorCode, params?: Record<string, string | number>): SchemaFormKey {
  const detail =
    code === 'format'
      ? `formError.format.${String(params?.['format'])}`
      : code === 'invalid_type'
        ? `formError.invalid_type.${String(params?.['expected'])}`
        : '';
  if (Object.hasOwn(formErrorDetailEn, detail)) return detail as SchemaFormKey;
  // A format the catalog has no word for: the sentence without the schema's word.
  return code === 'format' ? 'formError.pattern' : `formError.${code}`;
}

const en = {
  ...formErrorsEn,
  ...formErrorDetailEn,
  ...unsupportedEn,
  'form.required': 'required',
  'form.requiredNote': 'Fields marked * are required.',
  'form.addItem': 'Add {label}',
  'form.removeItem': 'Remove {label} {index}',
  'form.item': '{label} {index}',
  'form.noItems': 'None yet.',
  'form.choose': '– choose –',
  'form.variant': 'Variant',
  'form.variantN': 'Variant {index}',
  'form.readOnly': 'Set by the platform',
  'form.unsupported': 'This part cannot be edited here. It is shown so nothing is hidden; {hint}',
  'form.unsupportedFixed': 'the value {value} is sent as it is.',
  'form.unsupportedNone': 'the platform fills it in or checks it.',
  'form.rawSchema': 'Schema of this part',
  'form.warning': 'Warning',
  'form.platformWording': 'platform wording',
  'form.platformWordingHint': 'Shown as the platform sends it: no English wording is known for this text.',
} as const;
export type SchemaFormKey = keyof typeof en;

const de: Record<SchemaFormKey, string> = {
  ...formErrorsDe,
  ...formErrorDetailDe,
  ...unsupportedDe,
  'form.required': 'Pflichtfeld',
  'form.requiredNote': 'Mit * markierte Felder sind Pflicht.',
  'form.addItem': '{label} hinzufügen',
  'form.removeItem': '{label} {index} entfernen',
  'form.item': '{label} {index}',
  'form.noItems': 'Noch keine.',
  'form.choose': '– bitte wählen –',
  'form.variant': 'Variante',
  'form.variantN': 'Variante {index}',
  'form.readOnly': 'Setzt die Plattform',
  'form.unsupported':
    'Dieser Teil kann hier nicht bearbeitet werden. Er wird angezeigt, damit nichts verborgen bleibt; {hint}',
  'form.unsupportedFixed': 'der Wert {value} wird unverändert gesendet.',
  'form.unsupportedNone': 'die Plattform füllt oder prüft ihn.',
  'form.rawSchema': 'Schema dieses Teils',
  'form.warning': 'Hinweis',
  'form.platformWording': 'Wortlaut der Plattform',
  'form.platformWordingHint': 'So, wie die Plattform es sendet: eine deutsche Fassung dieses Textes ist nicht bekannt.',
};

/** Texts of the schema-driven form: its labels, our own validation errors and the parts it cannot edit. */
export const schemaFormMessages: Catalogs<SchemaFormKey> = { en, de };
