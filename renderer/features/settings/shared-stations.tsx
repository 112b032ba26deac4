import type { SharedStation } from '../../../shared/domain/folders';
import { formatDateTime, formatTime, useLocale, useT } from '../../i18n/i18n';

/**
 * The stations sharing a watched folder (docs/deployment.md, "Shared scan folders"), each with its last
 * heartbeat as it wrote it: a time today, a date and time before (a station gone since).
 */
export function SharedStations(props: { stations: SharedStation[]; now?: Date }) {
  const t = useT();
  const locale = useLocale();
  const today = (props.now ?? new Date()).toDateString();
  return (
    <ul className="folder-stations muted" data-testid="folder-stations" aria-label={t('settings.folder.stations')}>
      {props.stations.map((s) => (
        <li key={s.station}>
          {t('settings.folder.station', {
            station: s.station,
            host: s.host,
            lastBeat:
              new Date(s.lastBeat).toDateString() === today
                ? formatTime(locale, s.lastBeat)
                : formatDateTime(locale, s.lastBeat),
          })}
        </li>
      ))}
    </ul>
  );
}
