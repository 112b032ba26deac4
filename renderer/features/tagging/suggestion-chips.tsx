import type { Suggestion } from '../../../shared/domain/suggestions';
import { useAppStore } from '../../app/store';
import { useLocale, useT } from '../../i18n/i18n';
import type { MetadataField } from './metadata-form-model';
import { platformText } from '../../i18n/platform-values';

/**
 * The suggestions for one field, as chips beside it (issue #17). A chip the platform confirmed says so,
 * with the customer and policy for a policy number; one only found in the document says it was not
 * checked. Enter (or a click) on a chip fills the field; Alt+V on it shows its place in the preview.
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
        const policy = chip.policy;
        const inField = current.trim() === chip.value;
        return (
          <button
            key={`${chip.value}-${chip.page}-${i}`}
            type="button"
            className={`chip ${verified ? 'chip-verified' : 'chip-found'} ${inField ? 'chip-in-field' : ''}`}
            data-testid="suggestion-chip"
            data-field={field}
            data-check={chip.check}
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
                  policy.statusText
                    ? platformText(locale, policy.statusText)
                    : policy.isActive
                      ? undefined
                      : t('suggest.inactive'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
            <span className="chip-page">{t('suggest.page', { page: chip.page + 1 })}</span>
            <span className="chip-check">
              <span aria-hidden="true">{verified ? '✓ ' : '? '}</span>
              {verified ? t('suggest.confirmed') : t('suggest.found')}
            </span>
          </button>
        );
      })}
    </div>
  );
}
