import { useEffect, useMemo, useState } from 'react';
import type { Document } from '../../../shared/domain/document';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { SearchRow } from '../../components/search-row';
import { useAppStore } from '../../app/store';
import { formatDateTime, useCatalog, useLocale } from '../../i18n/i18n';
import '../cases/case-screens.css';
import { activityScreenMessages } from './activity-screen-messages';
import { describeEvent } from './describe-change';

/** The clerk's own zone for times in the timeline (describe-change defaults to UTC for tests). */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function ActivityScreen() {
  const t = useCatalog(activityScreenMessages);
  const locale = useLocale();
  const cases = useAppStore((s) => s.activityCases);
  const casesError = useAppStore((s) => s.activityCasesError);
  const shown = useAppStore((s) => s.activityCaseNumber);
  const status = useAppStore((s) => s.activityStatus);
  const refreshing = useAppStore((s) => s.activityRefreshing);
  const s = useAppStore.getState;
  const [typed, setTyped] = useState(shown ?? '');
  // The box follows the shown case when another screen opens one (adjusted during render, not in an effect).
  const [typedFor, setTypedFor] = useState(shown);
  if (typedFor !== shown) {
    setTypedFor(shown);
    setTyped(shown ?? '');
  }

  useEffect(() => {
    void s().loadActivityCases();
    const number = s().activityCaseNumber;
    if (number) void s().openActivity(number);
  }, [s]);

  return (
    <div className="screen activity-screen" data-testid="activity-screen">
      <div className="screen-header">
        <h2>{t('activityScreen.title')}</h2>
        <button
          type="button"
          className="button button-small"
          disabled={refreshing}
          onClick={() => void s().refreshActivity()}
          data-testid="activity-refresh"
        >
          {refreshing ? t('activityScreen.refreshing') : t('activityScreen.refresh')}
        </button>
        {status?.lastPollAt && (
          <span className="muted">
            {t('activityScreen.lastPoll', { at: formatDateTime(locale, status.lastPollAt) })}
          </span>
        )}
      </div>
      {status?.lastError && (
        <p className="banner banner-warning" role="status">
          {t('activityScreen.pollError', { message: status.lastError })}
        </p>
      )}
      {status && status.skipped > 0 && (
        <p className="muted">{t('activityScreen.skipped', { count: status.skipped })}</p>
      )}
      <div className="activity-layout">
        <nav className="activity-cases" aria-labelledby="activity-cases-title">
          <h3 id="activity-cases-title">{t('activityScreen.cases')}</h3>
          <SearchRow onSubmit={() => void s().openActivity(typed)}>
            <Field id="activity-case" label={t('activityScreen.caseNumber')} grow>
              {(a) => <input {...a} value={typed} onChange={(e) => setTyped(e.target.value)} />}
            </Field>
            <button type="submit" className="button">
              {t('activityScreen.show')}
            </button>
          </SearchRow>
          {casesError && <ErrorBanner error={casesError} onRetry={() => void s().loadActivityCases()} />}
          {cases && cases.length === 0 && <p className="muted">{t('activityScreen.noCases')}</p>}
          <ul className="activity-case-list" data-testid="activity-cases">
            {cases?.map((c) => (
              <li key={c.caseNumber}>
                <button
                  type="button"
                  className="activity-case"
                  aria-current={c.caseNumber === shown ? 'true' : undefined}
                  onClick={() => void s().openActivity(c.caseNumber)}
                >
                  <strong className="case-number">{c.caseNumber}</strong>
                  <span className="muted">
                    {t('activityScreen.eventsOf', { count: c.events, at: formatDateTime(locale, c.lastEventAt) })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <section className="activity-timeline-pane" aria-live="polite">
          {shown ? <Timeline caseNumber={shown} /> : <p className="muted">{t('activityScreen.pick')}</p>}
        </section>
      </div>
    </div>
  );
}

function Timeline(props: { caseNumber: string }) {
  const t = useCatalog(activityScreenMessages);
  const locale = useLocale();
  const entries = useAppStore((s) => s.activityEntries);
  const loading = useAppStore((s) => s.activityLoading);
  const error = useAppStore((s) => s.activityError);
  const documents = useAppStore((s) => s.documents);
  const s = useAppStore.getState;
  const caseDocs = useMemo(
    () => Object.values(documents).filter((d) => d.metadata.caseNumber === props.caseNumber),
    [documents, props.caseNumber],
  );
  // Newest first: the clerk looks for what just happened.
  const events = useMemo(
    () =>
      [...(entries ?? [])]
        .sort((a, b) => b.event.timestamp.localeCompare(a.event.timestamp))
        .map((e) => ({ cursor: e.cursor, line: describeEvent(e.event, locale, TIME_ZONE) })),
    [entries, locale],
  );
  return (
    <>
      <h3>{t('activityScreen.timeline', { number: props.caseNumber })}</h3>
      {error && <ErrorBanner error={error} onRetry={() => void s().openActivity(props.caseNumber)} />}
      {loading && !entries && <p className="muted">{t('activityScreen.loading')}</p>}
      {entries && entries.length === 0 && <p className="empty-state">{t('activityScreen.empty')}</p>}
      {caseDocs.length > 0 && <CaseDocuments docs={caseDocs} />}
      <ol className="timeline" data-testid="activity-timeline">
        {events.map(({ cursor, line }) => (
          <li key={cursor} className="timeline-event" data-testid="timeline-event" data-event-type={line.eventType}>
            <div className="timeline-head">
              <time dateTime={line.at}>{formatDateTime(locale, line.at)}</time>
              {line.actor && <span className="muted"> · {line.actor}</span>}
            </div>
            <ul className="timeline-lines">
              {line.lines.map((l, i) => (
                <li key={i} data-property={l.property}>
                  {l.text}
                  {l.details.length > 0 && (
                    <ul className="timeline-details">
                      {l.details.map((d, j) => (
                        <li key={j}>{d}</li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}

function CaseDocuments(props: { docs: Document[] }) {
  const t = useCatalog(activityScreenMessages);
  const locale = useLocale();
  return (
    <section className="case-documents">
      <h4>{t('activityScreen.documents')}</h4>
      <ul data-testid="activity-documents">
        {props.docs.map((d) => (
          <li key={d.id} data-confirmed={d.confirmedAt ? 'true' : 'false'}>
            {d.fileName}{' '}
            {d.confirmedAt ? (
              <span className="confirmed-badge" data-testid="confirmed-badge">
                ✓ {t('activityScreen.confirmed', { at: formatDateTime(locale, d.confirmedAt) })}
              </span>
            ) : (
              <span className="muted">{t('activityScreen.notConfirmed')}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
