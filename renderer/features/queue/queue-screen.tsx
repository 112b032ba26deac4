import { useEffect, useMemo, useState } from 'react';
import { ErrorBanner } from '../../components/error-banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Field } from '../../components/field';
import { useAppStore } from '../../app/store';
import { detailsLabel, errorText, formatBytes, formatDateTime, formatPercent, useLocale, useT } from '../../i18n/i18n';
import { ConfirmedMark } from '../../components/confirmed-mark';
import { documentProgress, fraction, overallProgress, queueEntries } from './queue-model';
import { historyStepText, repeatsState } from './history-step-text';
import type { HistoryStep } from '../../../shared/domain/history';
import { LocaleDateInput } from '../../forms/locale-date-input';
import { RelativeTime } from '../../components/relative-time';

export function QueueScreen() {
  const t = useT();
  const locale = useLocale();
  const documents = useAppStore((s) => s.documents);
  const live = useAppStore((s) => s.liveProgress);
  const status = useAppStore((s) => s.queueStatus);
  const error = useAppStore((s) => s.queueError);
  // "Recently uploaded" is relative to now; a minute's precision is enough.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const entries = useMemo(() => queueEntries(documents, now), [documents, now]);
  const overall = overallProgress(entries, live);
  const overallFraction = fraction(overall);
  const failedIds = entries.filter((d) => d.state === 'failed').map((d) => d.id);
  const queuedIds = entries.filter((d) => d.state === 'queued').map((d) => d.id);
  const s = useAppStore.getState;
  // Cancel takes a document out of the queue: asked first, since the clerk then has to send it again.
  const [cancelling, setCancelling] = useState<{ id: string; fileName: string }>();

  return (
    <div className="screen queue-screen">
      <div className="screen-header">
        <h2>{t('queue.title')}</h2>
        <span className="spacer" />
        {failedIds.length > 0 && (
          <button
            type="button"
            className="button"
            onClick={() => void s().retryDocuments(failedIds)}
            data-testid="retry-all"
          >
            {t('queue.retryAll', { count: failedIds.length })}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="pause-toggle"
          aria-pressed={status?.paused ?? false}
          onClick={() => void s().setPaused(!status?.paused)}
        >
          {status?.paused ? t('queue.resume') : t('queue.pauseAll')}
        </button>
      </div>
      {status?.paused && <p className="banner banner-info">{t('queue.paused')}</p>}
      {status && !status.online && (
        <div className="banner banner-warning" data-testid="queue-offline">
          {t('queue.offline')}{' '}
          {status.nextTryAt && (
            <RelativeTime at={status.nextTryAt} render={(when) => t('queue.nextTryIn', { when })} testId="next-try" />
          )}{' '}
          {queuedIds.length > 0 && (
            <button
              type="button"
              className="button button-small"
              data-testid="retry-now"
              onClick={() => void s().retryDocuments(queuedIds)}
            >
              {t('queue.retryNow')}
            </button>
          )}
        </div>
      )}
      {error && <ErrorBanner error={error} onRetry={() => void s().loadQueueStatus()} testId="queue-error" />}
      <div className="overall" data-testid="overall-progress">
        <span>{t('queue.overall')}</span>
        <progress max={1} value={overallFraction ?? 0} aria-label={t('queue.overall')} />
        <span className="muted">
          {overall.total > 0
            ? `${formatBytes(locale, overall.sent)} / ${formatBytes(locale, overall.total)}`
            : t('queue.idle')}
        </span>
      </div>
      {entries.length === 0 ? (
        <p className="empty-state" data-testid="queue-empty">
          {t('queue.empty')}
        </p>
      ) : (
        <table className="data-table" data-testid="queue-table">
          <thead>
            <tr>
              <th scope="col">{t('queue.file')}</th>
              <th scope="col">{t('field.caseNumber')}</th>
              <th scope="col">{t('queue.state')}</th>
              <th scope="col">{t('queue.progress')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('queue.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((doc) => {
              const sentOf = documentProgress(doc, live);
              const p = fraction(sentOf);
              return (
                <tr key={doc.id} data-testid="queue-row" data-state={doc.state}>
                  <td>
                    {doc.fileName}
                    {doc.error && (
                      <div className="row-error" data-testid="queue-row-error">
                        {errorText(locale, doc.error)}
                        <details className="error-details" data-testid="queue-row-details">
                          <summary>{detailsLabel(locale)}</summary>
                          {/* In the clerk's words first (issue #31 item 8); the system's own text after it,
                              labelled and marked as English, for whoever supports the office. */}
                          <dl className="error-facts">
                            <dt>{t('queue.details.what')}</dt>
                            <dd>{errorText(locale, doc.error)}</dd>
                            {doc.error.status !== undefined && (
                              <>
                                <dt>{t('queue.details.status')}</dt>
                                <dd>{doc.error.status}</dd>
                              </>
                            )}
                            <dt>{t('queue.details.retry')}</dt>
                            <dd>{t(doc.error.retryable ? 'queue.details.retryYes' : 'queue.details.retryNo')}</dd>
                            <dt>{t('queue.details.code')}</dt>
                            <dd>
                              <code>{doc.error.code}</code>
                            </dd>
                          </dl>
                          <p>
                            {t('queue.details.systemText')}{' '}
                            <span lang="en" data-testid="queue-row-system-text">
                              {doc.error.message}
                            </span>
                          </p>
                          {doc.error.platformErrors?.map((pe, i) => (
                            <p key={i}>
                              {t('queue.details.platformText')} <code>{pe.type}</code>{' '}
                              <span lang="en">{pe.message}</span>
                            </p>
                          ))}
                        </details>
                      </div>
                    )}
                  </td>
                  <td className="case-number">{doc.metadata.caseNumber ?? '–'}</td>
                  <td>
                    <span className={`state-badge state-${doc.state}`}>{t(`state.${doc.state}`)}</span>
                    <ConfirmedMark confirmedAt={doc.confirmedAt} />
                    {doc.nextAttemptAt && doc.state === 'queued' && (
                      // Relative and live (issue #36 item 5): a wall-clock time without seconds was stale.
                      <div className="muted next-attempt" title={formatDateTime(locale, doc.nextAttemptAt)}>
                        <RelativeTime
                          at={doc.nextAttemptAt}
                          testId="queue-row-next"
                          // No error: the send grace after the clerk's submit, not a retry.
                          render={(when) => t(doc.error ? 'queue.nextAttemptIn' : 'queue.sendingIn', { when })}
                        />{' '}
                        <button
                          type="button"
                          className="button button-small"
                          data-testid="queue-row-now"
                          onClick={() => void s().retryDocuments([doc.id])}
                        >
                          {t(doc.error ? 'queue.retryNow' : 'queue.sendNow')}
                          <span className="visually-hidden"> {doc.fileName}</span>
                        </button>
                      </div>
                    )}
                    {doc.uploadedAt && <div className="muted">{formatDateTime(locale, doc.uploadedAt)}</div>}
                  </td>
                  <td>
                    {doc.state === 'uploading' && (
                      <>
                        <progress max={1} value={p ?? 0} aria-label={t('queue.progressOf', { file: doc.fileName })} />{' '}
                        {p !== undefined && formatPercent(locale, p)}
                        {sentOf && (
                          <div className="muted" data-testid="queue-row-bytes">
                            {t('queue.bytesOf', {
                              sent: formatBytes(locale, sentOf.sent),
                              total: formatBytes(locale, sentOf.total),
                            })}
                          </div>
                        )}
                        {sentOf && sentOf.total > 0 && sentOf.sent >= sentOf.total && (
                          <div className="muted" data-testid="queue-row-awaiting">
                            {t('queue.awaitingAnswer')}
                          </div>
                        )}
                      </>
                    )}
                  </td>
                  <td className="row-actions">
                    {doc.state === 'failed' && (
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => void s().retryDocuments([doc.id])}
                      >
                        {t('action.retry')}
                        <span className="visually-hidden"> {doc.fileName}</span>
                      </button>
                    )}
                    {(doc.state === 'queued' || doc.state === 'failed' || doc.state === 'uploading') && (
                      <button
                        type="button"
                        className="button button-small"
                        data-testid="cancel-document"
                        onClick={() => setCancelling({ id: doc.id, fileName: doc.fileName })}
                      >
                        {t('action.cancel')}
                        <span className="visually-hidden"> {doc.fileName}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <HistorySection />
      {cancelling && (
        <ConfirmDialog
          title={t('queue.cancelConfirm.title')}
          text={t('queue.cancelConfirm.text', { name: cancelling.fileName })}
          confirmLabel={t('queue.cancelConfirm.confirm')}
          cancelLabel={t('action.cancel')}
          testId="cancel-confirm"
          onCancel={() => setCancelling(undefined)}
          onConfirm={() => {
            setCancelling(undefined);
            void s().cancelDocuments([cancelling.id]);
          }}
        />
      )}
    </div>
  );
}

function HistorySection() {
  const t = useT();
  const locale = useLocale();
  const history = useAppStore((s) => s.history);
  const filter = useAppStore((s) => s.historyFilter);
  const loading = useAppStore((s) => s.historyLoading);
  const error = useAppStore((s) => s.historyError);
  const s = useAppStore.getState;
  useEffect(() => {
    const timer = setTimeout(() => void s().loadHistory(), 250);
    return () => clearTimeout(timer);
  }, [filter, s]);
  return (
    <section className="history" aria-labelledby="history-title">
      <h3 id="history-title">{t('history.title')}</h3>
      <div className="search-row">
        <Field id="history-q" label={t('history.query')} grow>
          {(a) => (
            <input
              {...a}
              type="search"
              value={filter.query}
              onChange={(e) => s().setHistoryFilter({ query: e.target.value })}
            />
          )}
        </Field>
        <Field id="history-from" label={t('history.from')}>
          {(a) => <LocaleDateInput {...a} value={filter.from} onChange={(from) => s().setHistoryFilter({ from })} />}
        </Field>
        <Field id="history-to" label={t('history.to')}>
          {(a) => <LocaleDateInput {...a} value={filter.to} onChange={(to) => s().setHistoryFilter({ to })} />}
        </Field>
      </div>
      {error && <ErrorBanner error={error} onRetry={() => void s().loadHistory()} testId="history-error" />}
      {!error && !loading && history.length === 0 && <p className="empty-state">{t('history.empty')}</p>}
      {history.length > 0 && (
        <table className="data-table" data-testid="history-table">
          <thead>
            <tr>
              <th scope="col">{t('history.at')}</th>
              <th scope="col">{t('queue.file')}</th>
              <th scope="col">{t('field.caseNumber')}</th>
              <th scope="col">{t('queue.state')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h, i) => (
              <tr key={`${h.documentId}-${h.at}-${i}`}>
                <td>{formatDateTime(locale, h.at)}</td>
                <td>{h.fileName}</td>
                <td className="case-number">{h.caseNumber ?? '–'}</td>
                <td>
                  <span className={`state-badge state-${h.state}`}>{t(`state.${h.state}`)}</span>
                  {h.step && !repeatsState(locale, h.step, t(`state.${h.state}`)) && <HistoryStepLine step={h.step} />}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** A history step in the clerk's words; an error's sentence (and the system's own text) behind "Details". */
function HistoryStepLine(props: { step: HistoryStep }) {
  const locale = useLocale();
  const step = historyStepText(locale, props.step);
  if (step.details === undefined) return <div className="muted">{step.text}</div>;
  return (
    <details className="error-details muted">
      <summary>
        {step.text} · {detailsLabel(locale)}
      </summary>
      <p>{step.details}</p>
      {step.original !== undefined && <p lang="en">{step.original}</p>}
    </details>
  );
}
