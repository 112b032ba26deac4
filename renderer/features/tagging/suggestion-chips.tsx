import type { PolicyHit, Suggestion } from '../../../shared/domain/suggestions';
import { policyInForce } from '../../../shared/domain/suggestions';
import { useAppStore } from '../../app/store';
import type { Locale, Translate } from '../../i18n/i18n';
import { formatDate, useLocale, useT } from '../../i18n/i18n';
import type { MetadataField } from './metadata-form-model';

/** A confirmed policy's state in the clerk's words: in force, expired on …, not in force before …, not active. */
function policyStateText(t: Translate, locale: Locale, policy: PolicyHit): string {
  if (policyInForce(policy)) return t('suggest.policy.active');
  if (policy.state === 'expired') return t('suggest.policy.expired', { date: formatDate(locale, policy.endDate) });
  if (policy.state === 'not-started')
    return t('suggest.policy.notStarted', { date: formatDate(locale, policy.startDate) });
  return t('suggest.inactive');
}

/**
 * The suggestions for one field, as chips beside it (issue #17). A chip the platform confirmed says so,
 * with the customer and policy for a policy number; one only found in the document says it was not
 * checked. A confirmed policy that is not in force (expired, not yet started, inactive: issue #30) says so
 * and is drawn as a warning, not as a green confirmation. Enter (or a click) on a chip fills the field;
 * Alt+V on it shows its place in the preview.
 */
export function SuggestionChips(props: {
  documentId: string;
  field: MetadataField;
  chips: readonly Suggestion[];
  current: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { documentId, field, chips, current } = props;
  if (!chips.length) return null;
  const s = useAppStore.getState;
  return (
    <div className="suggestion-chips" role="group" aria-label={t('suggest.chipsFor', { field: t(`field.${field}`) })}>
      {chips.map((chip, i) => {
        const verified = chip.check === 'verified';
        // Read on the page, asked, and the platform has no such case or policy (issue #36 item 2).
        const unknown = chip.check === 'unknown';
        const policy = chip.policy;
        const notInForce = verified && !!policy && !policyInForce(policy);
        const inField = current.trim() === chip.value;
        return (
          <button
            key={`${chip.value}-${chip.page}-${i}`}
            type="button"
            className={`chip ${notInForce ? 'chip-not-in-force' : verified ? 'chip-verified' : unknown ? 'chip-unknown' : 'chip-found'} ${inField ? 'chip-in-field' : ''}`}
            data-testid="suggestion-chip"
            data-field={field}
            data-check={chip.check}
            {...(policy
              ? { 'data-policy-state': policyInForce(policy) ? 'active' : (policy.state ?? 'inactive') }
              : {})}
            data-suggest-index={i}
            aria-keyshortcuts="Enter Alt+V"
            title={t('suggest.keys')}
            onClick={() => s().acceptSuggestion(chip)}
            onKeyDown={(e) => {
              if (e.altKey && (e.key === 'v' || e.key === 'V')) {
                s().showSuggestion(documentId, chip);
                e.preventDefault();
                e.stopPropagation();
              }
            }}
          >
            <span className="chip-value">{chip.value}</span>
            {policy && (
              <span className="chip-detail" data-testid="suggestion-policy">
                {[
                  policy.customerName,
                  policy.customerNumber && t('suggest.customerNumber', { number: policy.customerNumber }),
                  policy.product,
                  policyStateText(t, locale, policy),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
            {unknown ? (
              <span className="chip-check" data-testid="suggestion-unknown">
                <span aria-hidden="true">✗ </span>
                {t(chip.field === 'policyNumber' ? 'suggest.unknown.policy' : 'suggest.unknown.case', {
                  page: chip.page + 1,
                })}
              </span>
            ) : (
              <>
                <span className="chip-page">{t('suggest.page', { page: chip.page + 1 })}</span>
                <span className="chip-check">
                  <span aria-hidden="true">{notInForce ? '⚠ ' : verified ? '✓ ' : '? '}</span>
                  {notInForce ? t('suggest.notInForce') : verified ? t('suggest.confirmed') : t('suggest.found')}
                </span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
