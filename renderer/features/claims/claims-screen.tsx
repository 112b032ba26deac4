import { useEffect, useRef } from 'react';
import { ErrorBanner } from '../../app/error-banner';
import { Field } from '../../components/field';
import { SearchRow } from '../../components/search-row';
import { useAppStore } from '../../app/store';
import { formatDateTime, translateMaybe, useLocale, useT } from '../../i18n/i18n';
import { caseNumberOfClaim } from '../activity/claim-case-number';

export function ClaimsScreen() {
  const t = useT();
  const locale = useLocale();
  const input = useAppStore((s) => s.claimIdInput);
  const inputError = useAppStore((s) => s.claimIdError);
  const shown = useAppStore((s) => s.claimShown);
  const info = useAppStore((s) => s.claimInfo);
  const files = useAppStore((s) => s.claimFiles);
  const loading = useAppStore((s) => s.claimLoading);
  const error = useAppStore((s) => s.claimError);
  const ref = useRef<HTMLInputElement>(null);
  const s = useAppStore.getState;
  useEffect(() => ref.current?.focus(), []);

  return (
    <div className="screen claims-screen">
      <div className="screen-header">
        <h2>{t('claims.title')}</h2>
      </div>
      <SearchRow onSubmit={() => void s().openClaim()} noValidate>
        <Field
          id="claim-id"
          label={t('claims.claimId')}
          hint={t('claims.hint')}
          error={inputError && translateMaybe(locale, inputError)}
        >
          {(a) => (
            <input
              {...a}
              ref={ref}
              inputMode="numeric"
              value={input}
              onChange={(e) => s().setClaimIdInput(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button button-primary" disabled={loading} data-testid="open-claim-submit">
          {t('claims.open')}
        </button>
      </SearchRow>
      {loading && (
        <p className="muted" aria-live="polite">
          {t('claims.loading')}
        </p>
      )}
      {error && <ErrorBanner error={error} onRetry={() => void s().openClaim(shown)} testId="claim-error" />}
      {info && files && (
        <div className="claim-view" data-testid="claim-view">
          <h3>
            {t('claims.claim', { id: shown ?? '' })}
            {(info.caseTypeTitle || info.caseType) && (
              <span className="case-type">{info.caseTypeTitle ?? info.caseType}</span>
            )}
          </h3>
          <CaseActivityLink caseNumber={caseNumberOfClaim(info)} />
          <div className="info-columns">
            <InfoTable title={t('claims.general')} items={info.generalInfo} />
            <InfoTable title={t('claims.specific')} items={info.claimSpecificInfo} />
          </div>
          <h3>{t('claims.files', { count: files.length })}</h3>
          {files.length === 0 ? (
            <p className="empty-state">{t('claims.noFiles')}</p>
          ) : (
            <table className="data-table" data-testid="claim-files">
              <thead>
                <tr>
                  <th scope="col">{t('claims.fileName')}</th>
                  <th scope="col">{t('claims.fileType')}</th>
                  <th scope="col">{t('claims.fileDate')}</th>
                  <th scope="col">{t('claims.flags')}</th>
                </tr>
              </thead>
              <tbody>
                {files.map((f) => (
                  <tr key={f.id}>
                    <td>
                      {f.name}
                      {f.description && <div className="muted">{f.description}</div>}
                    </td>
                    <td>{f.type ?? '–'}</td>
                    <td>{f.creationDate ? formatDateTime(locale, f.creationDate) : '–'}</td>
                    <td className="flags">
                      {f.isNew && <span className="flag flag-new">{t('claims.new')}</span>}
                      {f.isSigned && <span className="flag">{t('claims.signed')}</span>}
                      {f.isImage && <span className="flag">{t('claims.image')}</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}

function InfoTable(props: { title: string; items: { title: string; value?: string | null }[] }) {
  return (
    <section className="info-table">
      <h4>{props.title}</h4>
      <dl>
        {props.items.map((item, i) => (
          <div key={i} className="info-row">
            <dt>{item.title}</dt>
            <dd>{item.value || '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** From a claim to its case timeline (case activity screen). */
function CaseActivityLink(props: { caseNumber?: string }) {
  const t = useT();
  if (!props.caseNumber) return null;
  const number = props.caseNumber;
  return (
    <p>
      <button
        type="button"
        className="link-button"
        data-testid="claim-activity-link"
        onClick={() => void useAppStore.getState().openActivity(number)}
      >
        {t('claims.activity', { number })}
      </button>
    </p>
  );
}
