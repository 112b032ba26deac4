import { useEffect, useRef, useState } from 'react';
import type { Document } from '../../../shared/domain/document';
import type { ClaimFile } from '../../../shared/platform/claims';
import { intake } from '../../ipc/client';
import { DocumentPreview } from '../document-view/document-preview';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { SearchRow } from '../../components/search-row';
import { useAppStore } from '../../app/store';
import { formatDateTime, translateMaybe, useLocale, useT } from '../../i18n/i18n';
import { caseNumberOfClaim } from '../activity/claim-case-number';
import { platformText } from '../../i18n/platform-values';
import { PrintCoverSheet } from '../sheets/print-sheets';

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
  const caseInput = useAppStore((s) => s.claimCaseInput);
  const note = useAppStore((s) => s.claimLookupNote);
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
      <SearchRow onSubmit={() => void s().openClaimForCase(caseInput)} noValidate>
        <Field id="claim-case" label={t('claims.caseNumber')} hint={t('claims.caseHint')}>
          {(a) => <input {...a} value={caseInput} onChange={(e) => s().setClaimCaseInput(e.target.value)} />}
        </Field>
        <button
          type="submit"
          className="button"
          disabled={loading || !caseInput.trim()}
          data-testid="find-claim-submit"
        >
          {t('claims.find')}
        </button>
      </SearchRow>
      {note && (
        // Said plainly: the platform's interface reads claims by their internal id only.
        <p className="banner banner-info" role="status" data-testid="claim-lookup-note" data-reason={note.reason}>
          {t(`claims.lookup.${note.reason}`, { number: note.caseNumber })}
        </p>
      )}
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
          {caseNumberOfClaim(info) && <PrintCoverSheet caseNumber={caseNumberOfClaim(info)!} />}
          <div className="info-columns">
            <InfoTable title={t('claims.general')} items={info.generalInfo} />
            <InfoTable title={t('claims.specific')} items={info.claimSpecificInfo} />
          </div>
          <h3>{t('claims.files', { count: files.length })}</h3>
          {files.length === 0 ? (
            <p className="empty-state">{t('claims.noFiles')}</p>
          ) : (
            <ClaimFiles files={files} caseNumber={caseNumberOfClaim(info)} />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The claim's files. The platform's interface lists them but offers no download, so a file opens where its
 * bytes are known: a document this station sent to the case (its archived copy, in the preview), or the
 * file's own address (`signUrl`). Any other says so instead of a dead link.
 */
function ClaimFiles(props: { files: ClaimFile[]; caseNumber: string | undefined }) {
  const t = useT();
  const locale = useLocale();
  const { files, caseNumber } = props;
  const [local, setLocal] = useState<Document[]>([]);
  const [opened, setOpened] = useState<Document>();
  useEffect(() => {
    if (!caseNumber) return;
    let live = true;
    void intake()
      .call('documents.list', { query: caseNumber, states: ['uploaded', 'archived'], limit: 500 })
      .then((r) => live && setLocal(r.documents.filter((d) => d.metadata.caseNumber === caseNumber)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [caseNumber]);
  const localOf = (f: ClaimFile) => local.find((d) => d.fileName === f.name);
  // The viewer opens below the list: brought into view, with the focus, so it is not opened out of sight
  // (issue #31 item 9).
  const viewerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!opened) return;
    viewerRef.current?.scrollIntoView({ block: 'start' });
    viewerRef.current?.focus({ preventScroll: true });
  }, [opened]);
  return (
    <>
      <table className="data-table" data-testid="claim-files">
        <thead>
          <tr>
            <th scope="col">{t('claims.fileName')}</th>
            <th scope="col">{t('claims.fileType')}</th>
            <th scope="col">{t('claims.fileDate')}</th>
            <th scope="col">{t('claims.flags')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('claims.fileActions')}</span>
            </th>
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
              <td className="row-actions">
                <ClaimFileOpen file={f} local={localOf(f)} onOpen={setOpened} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {opened && (
        <section
          ref={viewerRef}
          tabIndex={-1}
          className="claim-file-preview"
          data-testid="claim-file-viewer"
          aria-label={t('claims.fileOpened', { name: opened.fileName })}
        >
          <div className="screen-header">
            <h4>{t('claims.fileOpened', { name: opened.fileName })}</h4>
            <span className="spacer" />
            <button type="button" className="button button-small" onClick={() => setOpened(undefined)}>
              {t('claims.closeFile')}
            </button>
          </div>
          <DocumentPreview key={opened.id} doc={opened} />
        </section>
      )}
    </>
  );
}

function ClaimFileOpen(props: { file: ClaimFile; local: Document | undefined; onOpen(doc: Document): void }) {
  const t = useT();
  const { file, local } = props;
  if (local)
    return (
      <button
        type="button"
        className="button button-small"
        data-testid="claim-file-open"
        onClick={() => props.onOpen(local)}
      >
        {t('claims.openFile')}
        <span className="visually-hidden"> {file.name}</span>
      </button>
    );
  if (file.signUrl && /^https?:\/\//.test(file.signUrl))
    return (
      <a href={file.signUrl} target="_blank" rel="noreferrer" data-testid="claim-file-link">
        {t('claims.openSigned')}
        <span className="visually-hidden"> {file.name}</span>
      </a>
    );
  return (
    <span className="muted" data-testid="claim-file-elsewhere">
      {t('claims.fileElsewhere')}
    </span>
  );
}

function InfoTable(props: { title: string; items: { title: string; value?: string | null }[] }) {
  // The platform's known words in the clerk's language; names, numbers and unknown words as sent.
  const locale = useLocale();
  return (
    <section className="info-table">
      <h4>{props.title}</h4>
      <dl>
        {props.items.map((item, i) => (
          <div key={i} className="info-row">
            <dt>{platformText(locale, item.title)}</dt>
            <dd>{platformText(locale, item.value) || '–'}</dd>
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
