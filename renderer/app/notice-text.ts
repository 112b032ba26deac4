import { isMessageKey, translate, translateMaybe } from '../i18n/i18n';
import type { Locale } from '../i18n/i18n';

/**
 * A notice from the core reads `<code>: <detail>` (hot-folder-service.ts, document-queue.ts), e.g.
 * `folder.missing: Scanner (/srv/scans)`. The clerk gets the catalog's sentence for `notice.<code>` with the
 * detail filled in, never the raw code; a notice without a known code is shown as the core wrote it.
 */
export function noticeText(locale: Locale, message: string): string {
  const m = /^([a-z][\w.]*): ([\s\S]*)$/.exec(message);
  if (m) {
    const key = `notice.${m[1] ?? ''}`;
    if (isMessageKey(key)) return translate(locale, key, { detail: m[2] ?? '' });
  }
  return translateMaybe(locale, message);
}
