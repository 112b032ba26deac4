import type { DraftValue } from '../../../shared/domain/case-draft';
import { nodeAtPath, parsePath } from '../../../shared/forms/form-paths';
import type { FormModel } from '../../../shared/forms/form-model';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../app/store';
import { useCatalog } from '../../i18n/i18n';
import type { Translate } from '../../i18n/i18n';
import { fieldDomId } from '../../forms/field-messages';
import { caseMessages } from './case-messages';
import type { CaseMessageKey } from './case-messages';

/**
 * What the letter and its policy gave the form (issue #40 item 2): each value with its field, where it came
 * from (the page, as the tagging chips say it, or the policy) and how sure the reading is. Filled values can
 * be changed in their field ("Change" moves there); offered ones are put in only when the clerk takes them.
 * Every action is a button: Tab to it, Enter or Space.
 */
export function CaseDraftPanel(props: { model: FormModel; idPrefix: string; disabled: boolean }) {
  const t = useCatalog(caseMessages);
  const draft = useAppStore((s) => s.caseDraft);
  const loading = useAppStore((s) => s.caseDraftLoading);
  const error = useAppStore((s) => s.caseDraftError);
  const taken = useAppStore((s) => s.caseDraftTaken);
  const docId = useAppStore((s) => s.caseDocumentId);
  const s = useAppStore.getState;
  if (!loading && !draft && !error) return null;
  const filled = draft?.values.filter((v) => v.filled) ?? [];
  const offered = draft?.values.filter((v) => !v.filled) ?? [];
  const takeable = offered.filter(
    (v) => v.reason !== 'refused-by-schema' && v.reason !== 'field-not-empty' && !taken.includes(v.path),
  );
  const row = (v: DraftValue) => (
    <DraftRow
      key={v.path}
      v={v}
      t={t}
      model={props.model}
      idPrefix={props.idPrefix}
      disabled={props.disabled}
      taken={taken.includes(v.path)}
    />
  );
  return (
    <section className="case-draft" aria-labelledby="case-draft-title" data-testid="case-draft">
      <h3 id="case-draft-title">{t('case.draft.title')}</h3>
      {loading && (
        <p className="muted" role="status" data-testid="case-draft-loading">
          {t('case.draft.reading')}
        </p>
      )}
      {error && docId && (
        <ErrorBanner error={error} onRetry={() => void s().startCaseFromDocument(docId)} testId="case-draft-error" />
      )}
      {draft && (
        <p role="status" data-testid="case-draft-summary">
          {t('case.draft.summary', { filled: filled.length, offered: offered.length })}
        </p>
      )}
      {draft?.problems.map((p, i) => (
        <p key={i} className="banner banner-warning" data-testid="case-draft-problem">
          {p}
        </p>
      ))}
      {filled.length > 0 && (
        <>
          <h4>{t('case.draft.filled')}</h4>
          <ul className="case-draft-list" data-testid="case-draft-filled">
            {filled.map(row)}
          </ul>
        </>
      )}
      {offered.length > 0 && (
        <>
          <h4>{t('case.draft.offered')}</h4>
          {/* One click takes every offered value the form accepts, after the clerk has looked at them
              (issue #47: ≤ 6 actions per case); each stays marked with its source and can be changed. */}
          {takeable.length > 1 && (
            <button
              type="button"
              className="button button-small"
              disabled={props.disabled}
              data-testid="case-draft-take-all"
              onClick={() => takeable.forEach((v) => s().takeDraftValue(v.path))}
            >
              {t('case.draft.takeAll', { count: takeable.length })}
            </button>
          )}
          <ul className="case-draft-list" data-testid="case-draft-offered">
            {offered.map(row)}
          </ul>
        </>
      )}
    </section>
  );
}

function DraftRow(props: {
  v: DraftValue;
  t: Translate<CaseMessageKey>;
  model: FormModel;
  idPrefix: string;
  disabled: boolean;
  taken: boolean;
}) {
  const { v, t } = props;
  const s = useAppStore.getState;
  const node = nodeAtPath(props.model.root, parsePath(v.path));
  const label = node?.label ?? v.path;
  // An option is shown by its title in the clerk's language, as the form's select shows it ("Sachschaden",
  // not the platform's value "Property"; issue #47 item 5).
  const shown =
    node?.kind === 'enum' ? (node.options.find((o) => o.value === v.value)?.label ?? String(v.value)) : String(v.value);
  const sure = v.confidence >= 0.8;
  const source =
    v.source.kind === 'page'
      ? t('case.draft.page', { page: v.source.page + 1 })
      : t('case.draft.fromPolicy', { number: v.source.policyNumber });
  const why =
    v.reason === 'refused-by-schema'
      ? t('case.draft.refused')
      : v.reason === 'field-not-empty'
        ? t('case.draft.notEmpty')
        : t('case.draft.unsure');
  return (
    <li
      className="case-draft-value"
      data-testid="case-draft-value"
      data-path={v.path}
      data-filled={v.filled}
      data-source={v.source.kind}
    >
      <span className="case-draft-label">{label}</span>{' '}
      <span className="case-draft-text" data-testid="case-draft-text">
        {shown}
      </span>{' '}
      <span className="chip-page" data-testid="case-draft-source">
        {source}
      </span>{' '}
      <span className={sure ? 'ok-text' : 'muted'} data-testid="case-draft-confidence">
        {t(sure ? 'case.draft.sure' : 'case.draft.notSure', { percent: Math.round(v.confidence * 100) })}
      </span>
      {!v.filled && !props.taken && <span className="muted"> · {why}</span>}
      {v.raw && String(v.value) !== v.raw && (
        <span className="muted case-draft-raw">
          {' '}
          · {t('case.draft.read', { text: v.raw.length > 80 ? `${v.raw.slice(0, 80)}…` : v.raw })}
        </span>
      )}{' '}
      {v.filled || props.taken ? (
        <button
          type="button"
          className="link-button"
          disabled={props.disabled}
          data-testid="case-draft-change"
          onClick={() => document.getElementById(fieldDomId(props.idPrefix, v.path))?.focus()}
        >
          {t('case.draft.change')}
          <span className="visually-hidden"> {label}</span>
        </button>
      ) : (
        <button
          type="button"
          className="button button-small"
          disabled={props.disabled}
          data-testid="case-draft-take"
          onClick={() => s().takeDraftValue(v.path)}
        >
          {t('case.draft.take')}
          <span className="visually-hidden"> {label}</span>
        </button>
      )}
    </li>
  );
}
