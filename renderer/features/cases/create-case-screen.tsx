import { useEffect, useMemo, useRef } from 'react';
import { activeEnvironmentOf } from '../../../shared/domain/settings';
import type { CreateCaseResult } from '../../../shared/domain/cases';
import type { Document } from '../../../shared/domain/document';
import { chipsFor } from '../tagging/suggestion-model';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { SearchRow } from '../../components/search-row';
import { useAppStore } from '../../app/store';
import { formatDateTime, useCatalog, useLocale } from '../../i18n/i18n';
import type { Translate } from '../../i18n/i18n';
import { caseMessages } from './case-messages';
import { canTakeCaseNumber } from './cases-slice';
import type { CaseMessageKey } from './case-messages';
import { fieldDomId, formMessages } from '../../forms/field-messages';
import type { FieldMessage } from '../../forms/field-messages';
import { PlatformWordingMark, SchemaForm } from '../../forms/schema-form';
import { schemaFormMessages } from '../../forms/schema-form-messages';
import { localizeFormModel } from '../../forms/schema-wording';
import { CaseDraftPanel } from './case-draft-panel';
import './case-screens.css';

const ID_PREFIX = 'case';

export function CreateCaseScreen() {
  const t = useCatalog(caseMessages);
  const locale = useLocale();
  const schema = useAppStore((s) => s.caseSchema);
  const loading = useAppStore((s) => s.caseSchemaLoading);
  const schemaError = useAppStore((s) => s.caseSchemaError);
  const value = useAppStore((s) => s.caseValue);
  const formErrors = useAppStore((s) => s.caseFormErrors);
  const sending = useAppStore((s) => s.caseSending);
  const result = useAppStore((s) => s.caseResult);
  const sendError = useAppStore((s) => s.caseSendError);
  const linkedDoc = useAppStore((s) => (s.caseDocumentId ? s.documents[s.caseDocumentId] : undefined));
  // Sent meanwhile (auto-submit, the queue): the case is created without it, and the screen says so.
  const created0 = useAppStore((s) => s.caseResult?.success === true);
  const doc = created0 || canTakeCaseNumber(linkedDoc) ? linkedDoc : undefined;
  const sentMeanwhile = !created0 && linkedDoc !== undefined && doc === undefined ? linkedDoc : undefined;
  const s = useAppStore.getState;
  const topRef = useRef<HTMLDivElement>(null);

  // The environment's caseSchemaKey decides the form: load it, and again when Settings change it.
  const schemaKey = useAppStore((st) => (st.settings ? activeEnvironmentOf(st.settings)?.caseSchemaKey : undefined));
  useEffect(() => {
    const current = s().caseSchema;
    if (s().caseSchemaLoading) return;
    if (!current || (schemaKey !== undefined && current.key !== schemaKey)) void s().loadCaseSchema();
  }, [s, schemaKey]);

  // The platform's labels and options in the clerk's language, or marked as its own wording.
  const model = useMemo(() => schema && localizeFormModel(schema.model, schema.key, locale), [schema, locale]);
  const tForm = useCatalog(schemaFormMessages);
  const messages = useMemo(
    () => (model ? formMessages(model, formErrors, result) : { byPath: {}, general: [] }),
    [model, formErrors, result],
  );

  const submit = async () => {
    await s().createCase();
    const after = s();
    // Move focus to what needs attention: the first invalid field, else the outcome at the top.
    const first = after.caseFormErrors[0];
    if (first) document.getElementById(fieldDomId(ID_PREFIX, first.path))?.focus();
    else topRef.current?.focus();
  };

  const created = result?.success === true;
  return (
    <div className="screen create-case-screen" data-testid="create-case-screen">
      <div className="screen-header">
        <h2>{t('case.title')}</h2>
        {schema && model && (
          <p className="muted" data-testid="case-schema-info">
            {schemaHeading({ ...schema, model }, t)}
            {model.root.platformWording && (
              <>
                {' '}
                <PlatformWordingMark t={tForm} />
              </>
            )}
          </p>
        )}
        <button
          type="button"
          className="button button-small"
          disabled={loading || sending}
          onClick={() => void s().loadCaseSchema({ refresh: true })}
        >
          {t('case.reloadSchema')}
        </button>
      </div>
      {schema?.fromCache && (
        <p className="banner banner-warning" role="status">
          {t('case.schemaFromCache', { at: formatDateTime(locale, schema.fetchedAt) })}
        </p>
      )}
      {loading && !schema && (
        <p className="muted" aria-live="polite">
          {t('case.loadingSchema')}
        </p>
      )}
      {schemaError && (
        <ErrorBanner error={schemaError} onRetry={() => void s().loadCaseSchema()} testId="case-schema-error" />
      )}
      {!created && <LinkedDocument doc={doc} sentMeanwhile={sentMeanwhile} disabled={sending} t={t} />}
      {model && !created && <CaseDraftPanel model={model} idPrefix={ID_PREFIX} disabled={sending} />}
      {schema && !created && <PolicyPicker t={t} disabled={sending} />}

      <div ref={topRef} tabIndex={-1} className="case-outcome" aria-live="polite" data-testid="case-outcome">
        {formErrors.length > 0 && (
          <p className="banner banner-error" role="alert" data-testid="case-fix-first">
            {t('case.fixFirst', { count: formErrors.length })}
          </p>
        )}
        {result && !result.success && (
          <TopIssues title={t('case.refused')} issues={messages.general} level="error" testId="case-refused" />
        )}
        {result && !result.success && messages.general.length === 0 && (
          <p className="banner banner-error" role="alert" data-testid="case-refused">
            {t('case.refused')}
          </p>
        )}
        {result && result.warnings.length > 0 && (created || messages.general.some((m) => m.level === 'warning')) && (
          <TopIssues
            title={t('case.warnings')}
            // Once created the form is gone, so every warning shows here; before, only those naming no field.
            issues={
              created
                ? result.warnings
                    // Said in the clerk's words in the panel below, not as the core's technical sentence.
                    .filter((w) => w.type !== DOCUMENT_NOT_TAGGED)
                    .map((w) => ({
                      level: 'warning' as const,
                      source: 'platform' as const,
                      text: w.message,
                    }))
                : messages.general.filter((m) => m.level === 'warning')
            }
            level="warning"
            testId="case-warnings"
          />
        )}
        {sendError && <ErrorBanner error={sendError} onRetry={() => void submit()} testId="case-send-error" />}
        {created && (
          <CreatedPanel result={result} t={t} fileName={linkedDoc?.fileName} kept={linkedDoc?.metadata.caseNumber} />
        )}
      </div>

      {model && value !== undefined && !created && (
        <form
          className="case-form"
          noValidate
          aria-busy={sending}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <SchemaForm
            model={model}
            value={value}
            messages={messages}
            idPrefix={ID_PREFIX}
            disabled={sending}
            onChange={(path, v) => s().setCaseField(path, v)}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={sending} data-testid="create-case-submit">
              {sending ? t('case.creating') : t('case.create')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The core's warning type when the case was created but its document could not take the case number. */
const DOCUMENT_NOT_TAGGED = 'document_not_tagged';

/** The form's own title (the schema's), and its version only when that is one (not a `$schema` URL). */
function schemaHeading(
  schema: { key: string; schemaVersion?: string; model: { root: { label: string } } },
  t: Translate<CaseMessageKey>,
): string {
  const title = schema.model.root.label.trim() || schema.key;
  const version = schema.schemaVersion;
  return version && !/^[a-z][a-z0-9+.-]*:/i.test(version)
    ? t('case.schemaVersion', { title, key: schema.key, version })
    : t('case.schema', { title, key: schema.key });
}

function TopIssues(props: { title: string; issues: FieldMessage[]; level: 'error' | 'warning'; testId: string }) {
  if (props.issues.length === 0) return null;
  return (
    <div
      className={`banner ${props.level === 'error' ? 'banner-error' : 'banner-warning'}`}
      role={props.level === 'error' ? 'alert' : 'status'}
      data-testid={props.testId}
    >
      <p className="banner-text">{props.title}</p>
      <ul className="platform-errors">
        {props.issues.map((m, i) => (
          <li key={i}>
            {m.source === 'platform' && m.type && <code>{m.type}</code>} {m.source === 'platform' ? m.text : m.code}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Which document the case is for, said plainly, or that none is changed (issue #31 item 1). A case number
 * the document already has is replaced only when the clerk ticks that here, knowing which number it is and
 * whether the platform confirmed it.
 */
function LinkedDocument(props: {
  doc: Document | undefined;
  sentMeanwhile: Document | undefined;
  disabled: boolean;
  t: Translate<CaseMessageKey>;
}) {
  const { doc, sentMeanwhile, t } = props;
  const agreed = useAppStore((st) => st.caseReplaceAgreed);
  const suggestions = useAppStore((st) => (doc ? st.suggestions[doc.id] : undefined));
  const s = useAppStore.getState;
  if (!doc) {
    return (
      <p className="muted" data-testid="case-document">
        {sentMeanwhile ? t('case.documentAlreadySent', { file: sentMeanwhile.fileName }) : t('case.noDocument')}
      </p>
    );
  }
  const had = doc.metadata.caseNumber?.trim() ?? '';
  const confirmed =
    had !== '' &&
    suggestions?.state === 'ready' &&
    chipsFor(suggestions.result, 'caseNumber').some((c) => c.value === had && c.check === 'verified');
  return (
    <div className="banner banner-info case-linked" data-testid="case-document">
      <p className="banner-text">
        <strong>{t('case.forDocument', { file: doc.fileName })}</strong>
      </p>
      {had && (
        <div className="case-has-number" data-testid="case-document-has-number" data-confirmed={confirmed}>
          <p>
            {confirmed
              ? t('case.hasNumberConfirmed', { file: doc.fileName, number: had })
              : t('case.hasNumberUnconfirmed', { file: doc.fileName, number: had })}
          </p>
          <label className="checkbox-label">
            <input
              type="checkbox"
              data-testid="case-replace-number"
              checked={agreed === had}
              disabled={props.disabled}
              onChange={(e) => s().agreeCaseNumberReplace(e.target.checked)}
            />{' '}
            {t('case.replaceNumber', { number: had })}
          </label>
          {agreed !== had && <p className="muted">{t('case.keepNumber', { file: doc.fileName, number: had })}</p>}
        </div>
      )}
      {!props.disabled && (
        <button
          type="button"
          className="link-button"
          data-testid="case-unlink-document"
          onClick={() => s().unlinkCaseDocument()}
        >
          {t('case.unlinkDocument')}
        </button>
      )}
    </div>
  );
}

function CreatedPanel(props: {
  result: CreateCaseResult;
  t: Translate<CaseMessageKey>;
  fileName?: string;
  /** The case number the linked document carries now (it kept its own when the clerk did not agree). */
  kept?: string;
}) {
  const { result, t } = props;
  const s = useAppStore.getState;
  const number = result.caseNumber;
  return (
    <div className="banner banner-info case-created" role="status" data-testid="case-created">
      <p className="banner-text">
        {number
          ? t('case.created', { number })
              .split(number)
              .flatMap((part, i) =>
                i === 0
                  ? [part]
                  : [
                      <strong key={i} data-testid="case-number">
                        {number}
                      </strong>,
                      part,
                    ],
              )
          : t('case.createdNoNumber')}
      </p>
      {result.repeated && <p>{t('case.repeated')}</p>}
      {/* Only what happened: tagged when the core says so, otherwise why not and what to do. */}
      {props.fileName && number && result.document && (
        <p data-testid="case-document-tagged">{t('case.documentTagged', { file: props.fileName, number })}</p>
      )}
      {props.fileName && number && !result.document && props.kept && props.kept !== number && (
        <p data-testid="case-document-kept">
          {t('case.documentKept', { file: props.fileName, had: props.kept, number })}
        </p>
      )}
      {props.fileName && number && !result.document && !(props.kept && props.kept !== number) && (
        <p data-testid="case-document-not-tagged">{t('case.documentNotTagged', { file: props.fileName, number })}</p>
      )}
      <ul className="case-links">
        {result.url && (
          <li>
            <a href={result.url} target="_blank" rel="noreferrer" data-testid="case-url">
              {t('case.openCase')}
            </a>
          </li>
        )}
        {result.links?.self && (
          <li>
            {t('case.caseLink')}:{' '}
            <a href={result.links.self} target="_blank" rel="noreferrer" data-testid="case-self-link">
              {result.links.self}
            </a>
          </li>
        )}
      </ul>
      {props.fileName && number && result.document && <SendDocument fileName={props.fileName} number={number} t={t} />}
      <div className="row-actions">
        {props.fileName && result.document && (
          <button type="button" className="button" onClick={() => s().setScreen('inbox')}>
            {t('case.toInbox')}
          </button>
        )}
        {number && (
          <button
            type="button"
            className="button"
            onClick={() => {
              void s().openActivity(number);
            }}
          >
            {t('case.activity')}
          </button>
        )}
        <button type="button" className="button" onClick={() => s().startCaseForm()}>
          {t('case.newForm')}
        </button>
      </div>
    </div>
  );
}

/** One step on from creating the case: the letter, now carrying its case number, goes to the platform (issue #40 item 3). */
function SendDocument(props: { fileName: string; number: string; t: Translate<CaseMessageKey> }) {
  const { t } = props;
  const sending = useAppStore((st) => st.caseDocumentSending);
  const sent = useAppStore((st) => st.caseDocumentSent);
  const error = useAppStore((st) => st.caseDocumentSendError);
  const s = useAppStore.getState;
  if (sent)
    return (
      <p className="ok-text" data-testid="case-document-sent">
        {t('case.documentSent', { file: props.fileName, number: props.number })}
      </p>
    );
  return (
    <>
      <button
        type="button"
        className="button button-primary"
        data-testid="case-send-document"
        disabled={sending}
        onClick={() => void s().sendCaseDocument()}
      >
        {sending ? t('case.sendingDocument') : t('case.sendDocument', { file: props.fileName })}
      </button>
      {error && (
        <ErrorBanner error={error} onRetry={() => void s().sendCaseDocument()} testId="case-send-document-error" />
      )}
    </>
  );
}

function PolicyPicker(props: { t: Translate<CaseMessageKey>; disabled: boolean }) {
  const { t } = props;
  const query = useAppStore((s) => s.casePolicyQuery);
  const results = useAppStore((s) => s.casePolicyResults);
  const searching = useAppStore((s) => s.casePolicySearching);
  const error = useAppStore((s) => s.casePolicyError);
  const chosen = useAppStore((s) => s.casePolicy);
  const s = useAppStore.getState;
  return (
    <section className="case-policy" aria-labelledby="case-policy-title">
      <h3 id="case-policy-title">{t('case.policy')}</h3>
      <SearchRow search onSubmit={() => void s().searchCasePolicies()}>
        <Field id="case-policy-q" label={t('case.policySearch')} grow>
          {(a) => (
            <input
              {...a}
              type="search"
              value={query}
              disabled={props.disabled}
              onChange={(e) => s().setCasePolicyQuery(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={props.disabled || searching}>
          {t('case.policySearchButton')}
        </button>
      </SearchRow>
      {error && <ErrorBanner error={error} onRetry={() => void s().searchCasePolicies()} testId="case-policy-error" />}
      {chosen && (
        <p className="ok-text" data-testid="case-policy-chosen">
          {t('case.policyChosen', { number: chosen.number, name: chosen.customerName })}
        </p>
      )}
      {results && results.length === 0 && <p className="muted">{t('case.policyNone')}</p>}
      {results && results.length > 0 && (
        <ul className="policy-list case-policy-results">
          {results.flatMap((c) =>
            c.policyMatches.map((p) => (
              <li key={`${c.customerId}-${p.number}`} className={`policy ${p.isActive ? '' : 'inactive'}`}>
                <span className="policy-number">{p.number}</span> <span>{c.fullName}</span>{' '}
                <span className="muted">{p.product ?? p.description ?? ''}</span>{' '}
                <button
                  type="button"
                  className="button button-small"
                  disabled={props.disabled}
                  data-testid="case-policy-use"
                  onClick={() => s().chooseCasePolicy(c, p)}
                >
                  {t('case.policyUse')}
                  <span className="visually-hidden"> {p.number}</span>
                </button>
              </li>
            )),
          )}
        </ul>
      )}
    </section>
  );
}
