import type { Notice } from '../../shared/domain/notice';
import { errorText, translate, withInstantsShown } from '../i18n/i18n';
import type { Locale } from '../i18n/i18n';
import type { MessageKey } from '../i18n/messages-en';

/**
 * The clerk's sentence for a notice: the catalog's `notice.<code>` filled with the notice's values, never
 * the raw code. The key's type makes the compiler check that every code of shared/domain/notice.ts has a
 * sentence. A value `errorCode` is an error's code: its plain sentence (errorText) fills `{reason}`.
 */
export function noticeText(locale: Locale, notice: Pick<Notice, 'code' | 'values'>): string {
  const key: MessageKey = `notice.${notice.code}`;
  const { errorCode, ...values } = withInstantsShown(locale, notice.values);
  const reason = errorCode ? errorText(locale, { code: errorCode, message: values['reason'] ?? '' }) : undefined;
  return translate(locale, key, reason === undefined ? values : { ...values, reason });
}
