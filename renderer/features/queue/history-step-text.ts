import type { HistoryStep } from '../../../shared/domain/history';
import { errorText, translate, withInstantsShown, type Locale } from '../../i18n/i18n';
import type { MessageKey } from '../../i18n/messages-en';

export interface HistoryStepText {
  /** The step in the clerk's words. */
  text: string;
  /** Behind "Details": the error's sentence, a note's text. */
  details?: string;
  /** The system's own (English) text of the error, when the sentence above is a translation of it. */
  original?: string;
}

/**
 * The clerk's words for one history step: the catalog's `history.step.<code>` filled with its values (the
 * key's type makes the compiler check that every code of shared/domain/history.ts has a sentence). A step
 * with an error (`errorCode`, `reason`) shows the error's sentence behind "Details", as the inbox does.
 */
export function historyStepText(locale: Locale, step: HistoryStep): HistoryStepText {
  const key: MessageKey = `history.step.${step.code}`;
  const { errorCode, reason, text, ...values } = withInstantsShown(locale, step.values);
  const out: HistoryStepText = { text: translate(locale, key, values) };
  if (text !== undefined) out.details = String(text);
  if (reason !== undefined) {
    const message = String(reason);
    out.details = errorText(locale, { code: String(errorCode ?? ''), message });
    if (out.details !== message) out.original = message;
  }
  return out;
}

/**
 * Whether a step only says the state its row shows already ("Uploaded" · "uploaded"): then the row shows the
 * state once (issue #48 item 9: "Uploaded uploaded", "Archived archived" in the history).
 */
export function repeatsState(locale: Locale, step: HistoryStep, stateWord: string): boolean {
  const { text, details } = historyStepText(locale, step);
  return details === undefined && text.trim().toLocaleLowerCase(locale) === stateWord.trim().toLocaleLowerCase(locale);
}
