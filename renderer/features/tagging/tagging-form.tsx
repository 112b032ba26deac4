import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Document } from '../../../shared/domain/document';
import type { DocumentType } from '../../../shared/domain/settings';
import { ErrorBanner } from '../../components/error-banner';
import { useAppStore } from '../../app/store';
import { documentTypeChoice } from '../../i18n/document-types';
import { errorText, formatPercent, heldByValues, useLocale, useT } from '../../i18n/i18n';
import { canTakeCaseNumber } from '../cases/cases-slice';
import { DuplicateDialog } from './duplicate-dialog';
import { heldByOther } from './held-by';
import { useHoldOpenDocument } from './held-documents';
import { METADATA_FIELDS } from './metadata-form-model';
import { SubmittedNote } from './submitted-note';
import { chipsFor, SUGGESTED_FIELDS } from './suggestion-model';
import { SuggestionChips } from './suggestion-chips';
import type { MetadataField } from './metadata-form-model';
import { fieldText } from '../../i18n/validation-messages';
import { keyNames } from '../../i18n/key-names';

const SUBMITTABLE = new Set<Document['state']>(['new', 'tagged', 'failed']);
/** One shared empty list: a selector returning a fresh [] would re-render forever. */
const NO_TYPES: readonly DocumentType[] = [];

export function TaggingForm() {
  const t = useT();
  const locale = useLocale();
  const selectedIds = useAppStore((s) => s.selection.selected);
  const documents = useAppStore((s) => s.documents);
  const docs = useMemo(
    () => selectedIds.map((id) => documents[id]).filter((d): d is Document => !!d),
    [selectedIds, documents],
  );
  const draft = useAppStore((s) => s.draft);
  const draftKey = useAppStore((s) => s.draftKey);
  const errors = useAppStore((s) => s.fieldErrors);
  const submitting = useAppStore((s) => s.submitting);
  const submitError = useAppStore((s) => s.submitError);
  const pressNote = useAppStore((s) => s.pressNote);
  const draftSaveError = useAppStore((s) => s.draftSaveError);
  const previous = useAppStore((s) => s.previousMetadata);
  const duplicatePrompt = useAppStore((s) => s.duplicatePrompt);
  const submitted = useAppStore((s) => s.submitted);
  const errorFocusTick = useAppStore((s) => s.errorFocusTick);
  const documentTypes = useAppStore((s) => s.settings?.documentTypes ?? NO_TYPES);
  const formRef = useRef<HTMLFormElement>(null);
  const s = useAppStore.getState;
  // Suggestions are per document: shown when one is selected. Asked for in the background; the form is
  // usable meanwhile and the chips appear when the text is read.
  const single = docs.length === 1 ? docs[0]?.id : undefined;
  const suggestions = useAppStore((st) => (single ? st.suggestions[single] : undefined));
  const suggestionResult = suggestions?.state === 'ready' ? suggestions.result : undefined;
  const typeGuess = useAppStore((st) => (single ? st.typeGuesses[single] : undefined));
  // Another clerk of the office has it open (issue #50 item 3): shown, and the form is read-only until it
  // is free again; the one document shown is taken for this clerk while they are on it.
  const held = heldByOther(docs);
  useHoldOpenDocument(single, held !== undefined);

  // Before the browser paints: the form never shows the next document's name over the last one's draft,
  // so what a fast clerk types there is the next document's (issue #48 item 1; an effect after the paint let
  // the typing land in the old draft, wiped when it caught up).
  useLayoutEffect(() => s().syncDraft(docs), [docs, s]);
  useEffect(() => {
    if (single) void s().loadSuggestions(single);
  }, [single, s]);

  // After a submit moves on to the next document, a clerk typing in the form stays in the form.
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) document.getElementById('tag-caseNumber')?.focus();
  }, [draftKey]);

  useEffect(() => {
    if (!errorFocusTick) return;
    const first = METADATA_FIELDS.find((f) => errors[f]);
    document.getElementById(first ? `tag-${first}` : 'tag-caseNumber')?.focus();
    // Only a new submit attempt moves focus, not every change of the errors.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorFocusTick]);

  // Always rendered, so the confirmation is read out when it appears (a live region must exist first).
  const note = (
    <div role="status" className="submitted-region">
      {submitted && <SubmittedNote note={submitted} />}
    </div>
  );

  if (!docs.length) {
    return (
      <section className="tagging empty" aria-label={t('tagging.title')}>
        {note}
        <p>{t('tagging.nothingSelected')}</p>
      </section>
    );
  }

  const blocked = docs.filter((d) => !SUBMITTABLE.has(d.state));
  const heading = docs.length === 1 ? (docs[0]?.fileName ?? '') : t('tagging.batch', { count: docs.length });

  const input = (field: MetadataField) => {
    const error = errors[field];
    const common = {
      id: `tag-${field}`,
      name: field,
      value: draft.values[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `tag-${field}-error` : undefined,
      onChange: (e: { target: { value: string } }) => s().setDraftField(field, e.target.value),
    } as const;
    const mixed = draft.mixed.includes(field);
    if (field === 'documentTypeCode' && documentTypes.length) {
      const known = documentTypes.some((d) => d.code === draft.values[field]);
      return (
        <select {...common}>
          <option value="">{mixed ? t('tagging.mixed') : t('tagging.chooseType')}</option>
          {!known && draft.values[field] && <option value={draft.values[field]}>{draft.values[field]}</option>}
          {documentTypes.map((d) => (
            <option key={d.code} value={d.code}>
              {documentTypeChoice(locale, d)}
            </option>
          ))}
        </select>
      );
    }
    return (
      <input
        {...common}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={mixed ? t('tagging.mixed') : undefined}
      />
    );
  };

  return (
    <section className="tagging" aria-labelledby="tagging-title">
      <form
        ref={formRef}
        className="tagging-form"
        data-testid="tagging-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void s().submitDraft();
        }}
      >
        <div className="pane-header">
          <h2 id="tagging-title">{t('tagging.title')}</h2>
          <span className="muted ellipsis" data-testid="tagging-target">
            {heading}
          </span>
        </div>
        {note}
        {errors.form && (
          <p className="form-error" role="alert" data-testid="form-error">
            {fieldText(locale, errors.form)}
          </p>
        )}
        {submitError && <ErrorBanner error={submitError} testId="submit-error" />}
        {pressNote && <ErrorBanner error={pressNote} testId="press-note" />}
        {draftSaveError && (
          <p className="form-error" role="alert" data-testid="draft-not-kept">
            {t('tagging.draftNotKept', { reason: errorText(locale, draftSaveError) })}
          </p>
        )}
        {docs.length === 1 && docs[0]?.state === 'failed' && docs[0].error && (
          <ErrorBanner error={docs[0].error} testId="failed-reason" />
        )}
        {held && (
          <p className="banner banner-info" data-testid="held-note">
            {t('tagging.heldBy', heldByValues(locale, held))}
          </p>
        )}
        {blocked.length > 0 && (
          <p className="banner banner-info" data-testid="blocked-note">
            {t('tagging.blocked', { count: blocked.length })}
          </p>
        )}
        {suggestions?.state === 'reading' && (
          <p className="muted suggestion-note" data-testid="suggestions-reading">
            {t('suggest.reading')}
          </p>
        )}
        {suggestions?.state === 'failed' && (
          <p className="muted suggestion-note" data-testid="suggestions-failed">
            {t('suggest.failed')}
          </p>
        )}
        {suggestionResult && suggestionResult.problems.length > 0 && (
          <p className="muted suggestion-note" data-testid="suggestions-unchecked">
            {t('suggest.unchecked')}
          </p>
        )}
        {/* Read-only while another clerk has it: what this clerk typed stays shown, nothing can change it. */}
        <fieldset className="tagging-fields" disabled={held !== undefined} data-testid="tagging-fields">
          <div className="fields">
            {METADATA_FIELDS.map((field) => (
              <div
                key={field}
                className={`field ${errors[field] ? 'has-error' : ''}`}
                data-suggest-field={SUGGESTED_FIELDS.includes(field) ? field : undefined}
              >
                <label htmlFor={`tag-${field}`}>{t(`field.${field}`)}</label>
                <div className="field-row">
                  {input(field)}
                  {field === 'policyNumber' && (
                    <button
                      type="button"
                      className="button button-small"
                      aria-keyshortcuts="Alt+L"
                      data-testid="find-policy"
                      onClick={() => {
                        s().setPolicyQuery(draft.values.policyNumber || s().policyQuery);
                        s().setScreen('lookup');
                      }}
                    >
                      {t('tagging.findPolicy')}
                    </button>
                  )}
                  {field === 'caseNumber' && (
                    <button
                      type="button"
                      className="button button-small"
                      data-testid="open-claim"
                      disabled={!draft.values.caseNumber.trim()}
                      onClick={() => {
                        s().setScreen('claims');
                        void s().openClaimForCase(draft.values.caseNumber);
                      }}
                    >
                      {t('tagging.openClaim')}
                    </button>
                  )}
                  {field === 'caseNumber' && single && canTakeCaseNumber(docs[0]) && (
                    <button
                      type="button"
                      className="button button-small"
                      data-testid="create-case-for-document"
                      onClick={() => {
                        // The one way a case is made for a document: this document, named on the next screen.
                        s().startCaseForm(single);
                        s().setScreen('cases');
                      }}
                    >
                      {t('tagging.createCase')}
                    </button>
                  )}
                  {field === 'caseNumber' && single && canTakeCaseNumber(docs[0]) && (
                    <button
                      type="button"
                      className="button button-small"
                      data-testid="case-from-letter"
                      onClick={() => {
                        // The form opens filled from the letter and its policy (issue #40).
                        void s().startCaseFromDocument(single);
                      }}
                    >
                      {t('tagging.caseFromLetter')}
                    </button>
                  )}
                </div>
                {single && field === 'documentTypeCode' && typeGuess && (
                  <div
                    className="suggestion-chips"
                    role="group"
                    aria-label={t('suggest.chipsFor', { field: t('field.documentTypeCode') })}
                  >
                    <button
                      type="button"
                      className={`chip chip-found ${draft.values.documentTypeCode === typeGuess.code ? 'chip-in-field' : ''}`}
                      data-testid="type-chip"
                      data-code={typeGuess.code}
                      aria-keyshortcuts="Alt+S"
                      onClick={() => s().acceptTypeGuess(single)}
                    >
                      <span className="chip-value">
                        {t('suggest.type', {
                          label: (() => {
                            const known = documentTypes.find((d) => d.code === typeGuess.code);
                            return known ? documentTypeChoice(locale, known) : typeGuess.code;
                          })(),
                        })}
                      </span>
                      <span className="chip-detail">
                        {t('suggest.typeDetail', {
                          count: typeGuess.examples,
                          percent: formatPercent(locale, typeGuess.confidence),
                        })}
                      </span>
                    </button>
                  </div>
                )}
                {single && (
                  <SuggestionChips
                    documentId={single}
                    field={field}
                    chips={chipsFor(suggestionResult, field)}
                    current={draft.values[field]}
                  />
                )}
                {errors[field] && (
                  <p className="field-error" id={`tag-${field}-error`}>
                    {fieldText(locale, errors[field] ?? '')}
                  </p>
                )}
              </div>
            ))}
          </div>
          <div className="form-actions">
            <button
              type="button"
              className="button button-small"
              disabled={!previous}
              aria-keyshortcuts="Alt+P"
              onClick={() => s().useSameAsPrevious()}
              data-testid="same-as-previous"
            >
              {t('tagging.sameAsPrevious')}
            </button>
            {single && (
              <button
                type="button"
                className="button button-small"
                aria-keyshortcuts="Alt+S"
                data-testid="use-suggestions"
                onClick={() => s().acceptAllSuggestions(single)}
              >
                {t('suggest.useAll')}
                <kbd aria-hidden="true">Alt+S</kbd>
              </button>
            )}
            <button
              type="submit"
              className="button button-primary form-submit"
              disabled={submitting || blocked.length === docs.length}
              aria-keyshortcuts="Control+Enter"
              data-testid="submit"
            >
              {submitting
                ? t('tagging.submitting')
                : docs.length > 1
                  ? t('tagging.submitMany', { count: docs.length })
                  : t('tagging.submit')}
              <kbd aria-hidden="true">{keyNames(locale, 'Ctrl+Enter')}</kbd>
            </button>
          </div>
        </fieldset>
      </form>
      {duplicatePrompt && <DuplicateDialog prompt={duplicatePrompt} />}
    </section>
  );
}
