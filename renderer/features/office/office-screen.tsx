import { useEffect } from 'react';
import type { ReactNode } from 'react';
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
      <FigureTable
        id="office-by-folder"
        title={t('office.byFolder')}
        empty={t('office.nothingWaits')}
        columns={[t('office.folder'), t('office.count'), t('office.oldest')]}
        rows={waitingByFolder.map((g) => ({
          key: g.folder,
          head: (
            <th scope="row" title={g.folder}>
              {sourceLabelOf(g.folder)}
            </th>
          ),
          cells: [g.waiting, when(g.oldest)],
        }))}
      />
      <FigureTable
        id="office-by-type"
        title={t('office.byType')}
        empty={t('office.nothingWaits')}
        columns={[t('office.documentType'), t('office.count'), t('office.oldest')]}
        rows={waitingByType.map((g) => ({
          key: g.documentType ?? '',
          head: <th scope="row">{g.documentType === null ? t('office.noType') : typeLabel(g.documentType)}</th>,
          cells: [g.waiting, when(g.oldest)],
        }))}
      />
      <FigureTable
        id="office-sent-today"
        titleId="office-sent-title"
        title={t('office.sentToday')}
        lead={
          <p className="muted" data-testid="office-sent-since">
            {t('office.sentTodaySince', {
              since: inZone(locale, sentToday.since, sentToday.timeZone),
              timeZone: sentToday.timeZone,
              count: sentToday.sent,
            })}
          </p>
        }
        empty={t('office.nothingSent')}
        columns={[t('office.clerk'), t('office.sent')]}
        rows={sentToday.byClerk.map((c) => ({
          key: c.clerk ?? '',
          head: <th scope="row">{c.clerk ?? t('office.clerkNotRecorded')}</th>,
          cells: [c.sent],
        }))}
      />
      <FigureTable
        id="office-stations"
        title={t('office.stations')}
        empty={t('office.noStations')}
        columns={[
          t('office.station'),
          t('office.state'),
          t('office.lastSeen'),
          t('office.stationQueued'),
          t('office.stationTakenOver'),
        ]}
        rows={stations.map((st) => ({
          key: st.id,
          alive: st.alive,
          head: (
            <th scope="row" title={st.id}>
              {st.name}
            </th>
          ),
          // What waits on a silent station, and what the others took over from it (issue #50 item 3):
          // the supervisor sees a switched-off PC's documents go on rather than wait.
          cells: [
            st.alive ? t('office.alive') : t('office.silent'),
            when(st.lastSeen),
            st.queued ?? '—',
            st.takenOver ?? '—',
          ],
        }))}
      />
    </>
  );
}

/**
 * One of the overview's figures: a titled section with its table, or a line saying there is nothing (the
 * four tables differ only in their columns and rows). `id` names the table for the tests (data-testid) and,
 * with "-title", its heading, unless `titleId` says otherwise.
 */
function FigureTable(props: {
  id: string;
  titleId?: string;
  title: string;
  lead?: ReactNode;
  empty: string;
  columns: string[];
  rows: Array<{ key: string; head: ReactNode; cells: ReactNode[]; alive?: boolean }>;
}) {
  const titleId = props.titleId ?? `${props.id}-title`;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>{props.title}</h3>
      {props.lead}
      {props.rows.length === 0 ? (
        <p className="muted">{props.empty}</p>
      ) : (
        <table className="data-table" data-testid={props.id}>
          <thead>
            <tr>
              {props.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {props.rows.map((r) => (
              <tr key={r.key} {...(r.alive === undefined ? {} : { 'data-alive': r.alive ? 'true' : 'false' })}>
                {r.head}
                {r.cells.map((c, i) => (
                  <td key={i}>{c}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
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
