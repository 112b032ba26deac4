import { useEffect } from 'react';
import type { OfficeStatus } from '../../../shared/domain/office-status';
import { useAppStore } from '../../app/store';
import { ErrorBanner } from '../../components/error-banner';
import { documentTypeLabel } from '../../i18n/document-types';
import { formatDateTime, useCatalog, useLocale } from '../../i18n/i18n';
import { useSourceLabel } from '../document-view/folder-label';
import './office-screen.css';
import { officeMessages } from './office-messages';

/**
 * How often the open overview asks the office database again: a supervisor sees the office move without
 * pressing anything, and each station's screen asks at most every 5 s (one short read transaction).
 */
export const OFFICE_REFRESH_MS = 5_000;

/** The supervisor's view of the office database (issue #50 item 6): what waits where, who sent what today, the stations. */
export function OfficeScreen() {
  const t = useCatalog(officeMessages);
  const locale = useLocale();
  const overview = useAppStore((s) => s.officeOverview);
  const checkedAt = useAppStore((s) => s.officeCheckedAt);
  const loading = useAppStore((s) => s.officeLoading);
  const error = useAppStore((s) => s.officeError);
  const s = useAppStore.getState;

  // Asks now and then every few seconds while the screen is open; leaving it stops asking.
  useEffect(() => {
    void s().loadOfficeOverview();
    const timer = setInterval(() => void s().loadOfficeOverview(), OFFICE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [s]);

  return (
    <div className="screen office-screen" data-testid="office-screen">
      <div className="screen-header">
        <h2>{t('office.title')}</h2>
        <button
          type="button"
          className="button button-small"
          disabled={loading}
          onClick={() => void s().loadOfficeOverview()}
          data-testid="office-refresh"
        >
          {t('office.refresh')}
        </button>
        {checkedAt && <span className="muted">{t('office.checkedAt', { at: formatDateTime(locale, checkedAt) })}</span>}
      </div>
      {error && <ErrorBanner error={error} onRetry={() => void s().loadOfficeOverview()} testId="office-error" />}
      {!overview && !error && <p className="muted">{t('office.loading')}</p>}
      {overview?.state === 'none' && (
        <p className="empty-state" data-testid="office-none">
          {t('office.none')}
        </p>
      )}
      {(overview?.state === 'unreachable' || overview?.state === 'refused') && (
        <p className="banner banner-warning" role="alert" data-testid="office-unreachable" data-state={overview.state}>
          {t(overview.state === 'refused' ? 'office.refused' : 'office.unreachable', {
            database: overview.database,
            reason: overview.reason ?? t('office.noReason'),
          })}
        </p>
      )}
      {overview?.state === 'connected' &&
        (overview.status.schemaVersion === 0 ? (
          <p className="empty-state" data-testid="office-not-opened">
            {t('office.notOpenedYet', { database: overview.database })}
          </p>
        ) : (
          <OfficeFigures status={overview.status} />
        ))}
    </div>
  );
}

function OfficeFigures(props: { status: OfficeStatus }) {
  const t = useCatalog(officeMessages);
  const locale = useLocale();
  const sourceLabelOf = useSourceLabel();
  const types = useAppStore((s) => s.settings?.documentTypes);
  const { documents, waitingByFolder, waitingByType, sentToday, stations } = props.status;
  const typeLabel = (code: string) => {
    const known = types?.find((d) => d.code === code);
    return known ? documentTypeLabel(locale, known) : code;
  };
  const when = (iso: string) => <time dateTime={iso}>{formatDateTime(locale, iso)}</time>;
  return (
    <>
      <section aria-labelledby="office-summary-title">
        <h3 id="office-summary-title">{t('office.summary')}</h3>
        <dl className="office-summary" data-testid="office-summary">
          <dt>{t('office.waiting')}</dt>
          <dd data-testid="office-waiting">{documents.waiting}</dd>
          <dt>{t('office.held')}</dt>
          <dd data-testid="office-held">{documents.held}</dd>
          <dt>{t('office.queued')}</dt>
          <dd data-testid="office-queued">{documents.queued}</dd>
          {documents.oldestWaiting && (
            <>
              <dt>{t('office.oldestWaiting')}</dt>
              <dd data-testid="office-oldest">{when(documents.oldestWaiting)}</dd>
            </>
          )}
        </dl>
      </section>
      <section aria-labelledby="office-by-folder-title">
        <h3 id="office-by-folder-title">{t('office.byFolder')}</h3>
        {waitingByFolder.length === 0 ? (
          <p className="muted">{t('office.nothingWaits')}</p>
        ) : (
          <table className="data-table" data-testid="office-by-folder">
            <thead>
              <tr>
                <th scope="col">{t('office.folder')}</th>
                <th scope="col">{t('office.count')}</th>
                <th scope="col">{t('office.oldest')}</th>
              </tr>
            </thead>
            <tbody>
              {waitingByFolder.map((g) => (
                <tr key={g.folder}>
                  <th scope="row" title={g.folder}>
                    {sourceLabelOf(g.folder)}
                  </th>
                  <td>{g.waiting}</td>
                  <td>{when(g.oldest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="office-by-type-title">
        <h3 id="office-by-type-title">{t('office.byType')}</h3>
        {waitingByType.length === 0 ? (
          <p className="muted">{t('office.nothingWaits')}</p>
        ) : (
          <table className="data-table" data-testid="office-by-type">
            <thead>
              <tr>
                <th scope="col">{t('office.documentType')}</th>
                <th scope="col">{t('office.count')}</th>
                <th scope="col">{t('office.oldest')}</th>
              </tr>
            </thead>
            <tbody>
              {waitingByType.map((g) => (
                <tr key={g.documentType ?? ''}>
                  <th scope="row">{g.documentType === null ? t('office.noType') : typeLabel(g.documentType)}</th>
                  <td>{g.waiting}</td>
                  <td>{when(g.oldest)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="office-sent-title">
        <h3 id="office-sent-title">{t('office.sentToday')}</h3>
        <p className="muted" data-testid="office-sent-since">
          {t('office.sentTodaySince', {
            since: inZone(locale, sentToday.since, sentToday.timeZone),
            timeZone: sentToday.timeZone,
            count: sentToday.sent,
          })}
        </p>
        {sentToday.byClerk.length === 0 ? (
          <p className="muted">{t('office.nothingSent')}</p>
        ) : (
          <table className="data-table" data-testid="office-sent-today">
            <thead>
              <tr>
                <th scope="col">{t('office.clerk')}</th>
                <th scope="col">{t('office.sent')}</th>
              </tr>
            </thead>
            <tbody>
              {sentToday.byClerk.map((c) => (
                <tr key={c.clerk ?? ''}>
                  <th scope="row">{c.clerk ?? t('office.clerkNotRecorded')}</th>
                  <td>{c.sent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="office-stations-title">
        <h3 id="office-stations-title">{t('office.stations')}</h3>
        {stations.length === 0 ? (
          <p className="muted">{t('office.noStations')}</p>
        ) : (
          <table className="data-table" data-testid="office-stations">
            <thead>
              <tr>
                <th scope="col">{t('office.station')}</th>
                <th scope="col">{t('office.state')}</th>
                <th scope="col">{t('office.lastSeen')}</th>
              </tr>
            </thead>
            <tbody>
              {stations.map((st) => (
                <tr key={st.id} data-alive={st.alive ? 'true' : 'false'}>
                  <th scope="row" title={st.id}>
                    {st.name}
                  </th>
                  <td>{st.alive ? t('office.alive') : t('office.silent')}</td>
                  <td>{when(st.lastSeen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/**
 * The day's start as the database counts it, in its zone (midnight there). PostgreSQL accepts zones the
 * browser may not know (POSIX forms such as `<+03>-03`): then in the station's own zone, still the same instant.
 */
function inZone(locale: ReturnType<typeof useLocale>, iso: string, timeZone: string): string {
  try {
    return formatDateTime(locale, iso, timeZone);
  } catch {
    return formatDateTime(locale, iso);
  }
}
