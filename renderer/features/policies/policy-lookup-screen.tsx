import { useEffect, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import type { Customer, PolicyMatch } from '../../../shared/platform/customers';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { SearchRow } from '../../components/search-row';
import { useAppStore } from '../../app/store';
import { formatDate, useLocale, useT } from '../../i18n/i18n';
import { LocaleDateInput } from '../../forms/locale-date-input';
import { policyStatusLabel } from './policy-status';
import { platformText } from '../../i18n/platform-values';

/** Debounce of the search box: fast typists send one request, not one per key. */
export const SEARCH_DEBOUNCE_MS = 250;

export function PolicyLookupScreen() {
  const t = useT();
  const query = useAppStore((s) => s.policyQuery);
  const date = useAppStore((s) => s.policyDate);
  const customers = useAppStore((s) => s.customers);
  const loading = useAppStore((s) => s.policyLoading);
  const error = useAppStore((s) => s.policyError);
  const hasMore = useAppStore((s) => s.policyHasMore);
  const target = useAppStore((s) => (s.selection.active ? s.documents[s.selection.active] : undefined));
  const inputRef = useRef<HTMLInputElement>(null);
  const s = useAppStore.getState;

  useEffect(() => inputRef.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(() => void s().searchPolicies(), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, date, s]);

  const choose = (policy: PolicyMatch) => {
    s().setDraftField('policyNumber', policy.number);
    s().setScreen('inbox');
    setTimeout(() => document.getElementById('tag-policyNumber')?.focus(), 0);
  };

  // Arrow keys walk the "Use this policy" buttons, starting from the search box.
  const onArrows = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const target = e.target as HTMLElement;
    if (target.id === 'lookup-date') return;
    const buttons = [
      ...e.currentTarget.querySelectorAll<HTMLButtonElement>('[data-testid="choose-policy"]:not(:disabled)'),
    ];
    const index = buttons.indexOf(target as HTMLButtonElement);
    const next = e.key === 'ArrowDown' ? buttons[index + 1] : index > 0 ? buttons[index - 1] : inputRef.current;
    if (next) {
      next.focus();
      e.preventDefault();
    }
  };

  return (
    <div className="screen lookup-screen" onKeyDown={onArrows}>
      <div className="screen-header">
        <h2>{t('lookup.title')}</h2>
        {target && (
          <p className="muted" data-testid="lookup-target">
            {t('lookup.target', { file: target.fileName })}
          </p>
        )}
      </div>
      <SearchRow search onSubmit={() => void s().searchPolicies()}>
        <Field id="lookup-q" label={t('lookup.query')} grow>
          {(a) => (
            <input
              {...a}
              ref={inputRef}
              type="search"
              value={query}
              placeholder={t('lookup.queryHint')}
              onChange={(e) => s().setPolicyQuery(e.target.value)}
            />
          )}
        </Field>
        <Field id="lookup-date" label={t('lookup.date')}>
          {(a) => <LocaleDateInput {...a} value={date} required onChange={(d) => d && s().setPolicyDate(d)} />}
        </Field>
      </SearchRow>
      <div aria-live="polite" className="muted status-line">
        {loading
          ? t('lookup.searching')
          : query.trim() && !error
            ? t('lookup.results', { count: customers.length })
            : ''}
      </div>
      {error && <ErrorBanner error={error} onRetry={() => void s().searchPolicies()} testId="lookup-error" />}
      <ul className="customer-list" data-testid="customer-list">
        {customers.map((c) => (
          <CustomerItem key={c.customerId} customer={c} onChoose={choose} canChoose={!!target} />
        ))}
      </ul>
      {hasMore && (
        <button
          type="button"
          className="button"
          data-testid="more-results"
          disabled={loading}
          onClick={() => void s().morePolicies()}
        >
          {t('lookup.more')}
        </button>
      )}
    </div>
  );
}

function ActiveBadge(props: { active: boolean; statusText?: string | null }) {
  const locale = useLocale();
  return (
    <span className={`active-badge ${props.active ? 'is-active' : 'is-inactive'}`} data-testid="policy-status">
      {policyStatusLabel(locale, props.active, props.statusText)}
    </span>
  );
}

function CustomerItem(props: { customer: Customer; canChoose: boolean; onChoose(p: PolicyMatch): void }) {
  const t = useT();
  const locale = useLocale();
  const c = props.customer;
  return (
    <li className="customer" data-testid="customer">
      <div className="customer-head">
        <strong>{c.fullName}</strong>
        <span className="muted">
          {c.number && `${t('lookup.customerNumber')} ${c.number}`}
          {c.address && ` · ${c.address}`}
          {c.description && ` · ${platformText(locale, c.description)}`}
        </span>
      </div>
      <ul className="policy-list">
        {c.policyMatches.map((p) => (
          <li
            key={`${p.number}-${p.policyVersionId ?? ''}`}
            className={`policy ${p.isActive ? '' : 'inactive'}`}
            data-testid="policy"
          >
            <div className="policy-head">
              <span className="policy-number">{p.number}</span>
              <span>{p.product ?? p.description}</span>
              <ActiveBadge active={p.isActive} statusText={p.statusText} />
              <span className="muted">
                {formatDate(locale, p.startDate)} – {p.endDate ? formatDate(locale, p.endDate) : t('lookup.open')}
              </span>
              <span className="spacer" />
              <button
                type="button"
                className="button button-small"
                disabled={!props.canChoose}
                onClick={() => props.onChoose(p)}
                data-testid="choose-policy"
              >
                {t('lookup.choose')}
                <span className="visually-hidden"> {p.number}</span>
              </button>
            </div>
            {p.policyObjectMatches.length > 0 && (
              <ul className="object-list">
                {p.policyObjectMatches.map((o, i) => (
                  <li key={o.policyObjectVersionId ?? i} className={o.isActive ? '' : 'inactive'}>
                    <span>{o.description}</span> <ActiveBadge active={o.isActive} statusText={o.statusText} />{' '}
                    <span className="muted">
                      {formatDate(locale, o.startDate)} – {o.endDate ? formatDate(locale, o.endDate) : t('lookup.open')}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
