import { formatDateTime, useLocale, useT } from '../i18n/i18n';

/** "✓ Confirmed" (inbox, queue and case activity) beside an uploaded document once an AttachmentsAdded event named it (Document.confirmedAt). */
export function ConfirmedMark(props: { confirmedAt?: string }) {
  const t = useT();
  const locale = useLocale();
  if (!props.confirmedAt) return null;
  const full = t('state.confirmed', { at: formatDateTime(locale, props.confirmedAt) });
  return (
    <span className="confirmed-mark" data-testid="confirmed-mark" title={full}>
      <span aria-hidden="true">✓ </span>
      {t('state.confirmedShort')}
      <span className="visually-hidden"> – {full}</span>
    </span>
  );
}
