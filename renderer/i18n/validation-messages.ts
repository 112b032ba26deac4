import { isMessageKey, translate, translateFrom } from './i18n';
import type { Catalogs, Locale, MessageValues } from './i18n';

/**
 * The clerk's sentences for the validators' codes (shared/ipc/validate.ts `validationCode`, e.g.
 * `validation.too_big.number?max=20`), so no validator's English reaches the screen (issue #31 item 8).
 */
const en = {
  'validation.too_big.number': 'At most {max}.',
  'validation.too_big.string': 'At most {max} characters.',
  'validation.too_big.array': 'At most {max} entries.',
  'validation.too_small.number': 'At least {min}.',
  'validation.too_small.string': '{min, plural, one {Required.} other {At least # characters.}}',
  'validation.too_small.array': '{min, plural, one {Add at least one.} other {Add at least #.}}',
  'validation.invalid_type.number': 'Enter a number.',
  'validation.invalid_type.int': 'Enter a whole number.',
  'validation.invalid_type.string': 'Enter a text.',
  'validation.invalid_type.boolean': 'Choose yes or no.',
  'validation.invalid_format.url': 'Enter a full web address (https://…).',
  'validation.invalid_format.email': 'Enter an e-mail address.',
  'validation.invalid_format.date': 'Enter a date that exists.',
  'validation.invalid_format.datetime': 'Enter a date and time.',
  'validation.invalid_format.regex': 'Not in the expected form.',
  'validation.invalid_value': 'Choose one of the offered values.',
  'validation.not_multiple_of': 'Must be a multiple of {step}.',
  'validation.unrecognized_keys': 'Contains a field that is not known here.',
  'validation.invalid_union': 'This value is not valid here.',
  'validation.other': 'This value is not valid.',
} as const;
export type ValidationKey = keyof typeof en;

const de: Record<ValidationKey, string> = {
  'validation.too_big.number': 'Höchstens {max}.',
  'validation.too_big.string': 'Höchstens {max} Zeichen.',
  'validation.too_big.array': 'Höchstens {max} Einträge.',
  'validation.too_small.number': 'Mindestens {min}.',
  'validation.too_small.string': '{min, plural, one {Pflichtfeld.} other {Mindestens # Zeichen.}}',
  'validation.too_small.array': '{min, plural, one {Mindestens einen hinzufügen.} other {Mindestens # hinzufügen.}}',
  'validation.invalid_type.number': 'Bitte eine Zahl eingeben.',
  'validation.invalid_type.int': 'Bitte eine ganze Zahl eingeben.',
  'validation.invalid_type.string': 'Bitte einen Text eingeben.',
  'validation.invalid_type.boolean': 'Bitte Ja oder Nein wählen.',
  'validation.invalid_format.url': 'Bitte eine vollständige Webadresse eingeben (https://…).',
  'validation.invalid_format.email': 'Bitte eine E-Mail-Adresse eingeben.',
  'validation.invalid_format.date': 'Bitte ein Datum eingeben, das es gibt.',
  'validation.invalid_format.datetime': 'Bitte Datum und Uhrzeit eingeben.',
  'validation.invalid_format.regex': 'Nicht in der erwarteten Form.',
  'validation.invalid_value': 'Bitte einen der angebotenen Werte wählen.',
  'validation.not_multiple_of': 'Muss ein Vielfaches von {step} sein.',
  'validation.unrecognized_keys': 'Enthält ein Feld, das hier nicht bekannt ist.',
  'validation.invalid_union': 'Dieser Wert ist hier nicht gültig.',
  'validation.other': 'Dieser Wert ist nicht gültig.',
};

export const validationMessages: Catalogs<ValidationKey> = { en, de };

function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(en, key);
}

/**
 * A field's message in the clerk's words: a validator code with its values, a catalog key, or (our own
 * sentences from the core) the text as it is. An unknown validator code falls back to "not valid", never
 * to the code itself.
 */
export function fieldText(locale: Locale, text: string): string {
  const m = /^(validation\.[\w.]+)(?:\?(.*))?$/.exec(text);
  if (m) {
    const key = m[1] ?? '';
    const values: MessageValues = {};
    for (const [k, v] of new URLSearchParams(m[2] ?? '')) values[k] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    return translateFrom(validationMessages, locale, isValidationKey(key) ? key : 'validation.other', values);
  }
  return isMessageKey(text) ? translate(locale, text) : text;
}
