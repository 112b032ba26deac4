import { useId, useState } from 'react';
import type { IpcError } from '../../../shared/ipc/errors';
import { ErrorBanner } from '../../components/error-banner';
import { useCatalog, useLocale } from '../../i18n/i18n';
import { toIpcError } from '../../ipc/ipc-error';
import { makeSheet } from './make-sheet';
import { sheetMessages } from './sheet-messages';

type Outcome =
  | { state: 'idle' }
  | { state: 'making' }
  | { state: 'made'; file: string; pages: number }
  | { state: 'failed'; error: IpcError };

function useSheetMaker() {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const make = (request: Parameters<typeof makeSheet>[0]) => {
    setOutcome({ state: 'making' });
    makeSheet(request).then(
      (s) => setOutcome({ state: 'made', file: s.fileName, pages: s.pages }),
      (e: unknown) => setOutcome({ state: 'failed', error: toIpcError(e) }),
    );
  };
  return { outcome, make };
}

function OutcomeLine(props: { outcome: Outcome; testId: string }) {
  const t = useCatalog(sheetMessages);
  const { outcome } = props;
  return (
    <>
      <p className="muted" role="status" data-testid={`${props.testId}-status`}>
        {outcome.state === 'making' && t('sheets.making')}
        {outcome.state === 'made' && t('sheets.made', { file: outcome.file, count: outcome.pages })}
      </p>
      {outcome.state === 'failed' && <ErrorBanner error={outcome.error} testId={`${props.testId}-error`} />}
    </>
  );
}

/** The inbox's "Print sheets…": separator sheets, or a cover sheet for a case number the clerk types. */
export function PrintSheetsPanel() {
  const t = useCatalog(sheetMessages);
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'separator' | 'cover'>('separator');
  const [caseNumber, setCaseNumber] = useState('');
  const [copies, setCopies] = useState(1);
  const { outcome, make } = useSheetMaker();
  const id = useId();
  if (!open)
    return (
      <button type="button" className="button button-small" onClick={() => setOpen(true)} data-testid="sheets-open">
        {t('sheets.open')}
      </button>
    );
  return (
    <section className="sheets-panel" aria-labelledby={`${id}-title`} data-testid="sheets-panel">
      <h3 id={`${id}-title`}>{t('sheets.title')}</h3>
      <p className="muted">{t('sheets.intro')}</p>
      <form
        className="sheets-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          make({ kind, copies, locale, ...(kind === 'cover' ? { caseNumber } : {}) });
        }}
      >
        <fieldset>
          <legend>{t('sheets.kind')}</legend>
          {(['separator', 'cover'] as const).map((k) => (
            <label key={k}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
                data-testid={`sheets-kind-${k}`}
              />{' '}
              {t(`sheets.kind.${k}`)}
            </label>
          ))}
        </fieldset>
        {kind === 'cover' && (
          <label>
            {t('sheets.caseNumber')}
            <input
              value={caseNumber}
              onChange={(e) => setCaseNumber(e.target.value)}
              autoComplete="off"
              data-testid="sheets-case-number"
            />
          </label>
        )}
        <label>
          {t('sheets.copies')}
          <input
            type="number"
            min={1}
            max={50}
            value={copies}
            onChange={(e) => setCopies(Math.max(1, Math.min(50, Math.trunc(Number(e.target.value)) || 1)))}
            data-testid="sheets-copies"
          />
        </label>
        <div className="sheets-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={outcome.state === 'making'}
            data-testid="sheets-make"
          >
            {t('sheets.make')}
          </button>
          <button type="button" className="button" onClick={() => setOpen(false)}>
            {t('sheets.close')}
          </button>
        </div>
      </form>
      <OutcomeLine outcome={outcome} testId="sheets" />
    </section>
  );
}

/** The claim view's "Print cover sheet" for the claim's case number. */
export function PrintCoverSheet(props: { caseNumber: string }) {
  const t = useCatalog(sheetMessages);
  const locale = useLocale();
  const { outcome, make } = useSheetMaker();
  return (
    <div className="cover-sheet-action">
      <button
        type="button"
        className="button button-small"
        disabled={outcome.state === 'making'}
        onClick={() => make({ kind: 'cover', caseNumber: props.caseNumber, copies: 1, locale })}
        title={t('sheets.coverHint', { number: props.caseNumber })}
        data-testid="claim-cover-sheet"
      >
        {t('sheets.cover')}
      </button>
      <OutcomeLine outcome={outcome} testId="claim-cover-sheet" />
    </div>
  );
}
