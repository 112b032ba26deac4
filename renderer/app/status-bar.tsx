import { useMemo } from 'react';
import { overallProgress, pendingCount } from '../features/queue/queue-model';
import { formatBytes, formatTime, useLocale, useT } from '../i18n/i18n';
import { intake } from '../ipc/client';
import { useAppStore } from './store';

export function StatusBar() {
  const t = useT();
  const locale = useLocale();
  const info = useAppStore((s) => s.info);
  const connection = useAppStore((s) => s.connection);
  const queue = useAppStore((s) => s.queueStatus);
  const importing = useAppStore((s) => s.importing);
  const pending = pendingCount(queue?.counts);
  const failed = queue?.counts.failed ?? 0;
  const documents = useAppStore((s) => s.documents);
  const live = useAppStore((s) => s.liveProgress);
  const uploading = useMemo(() => Object.values(documents).filter((d) => d.state === 'uploading'), [documents]);
  const sending = overallProgress(uploading, live);
  // Reachable but refusing for now (429/503): "Online" would be wrong, and the clerk wants to know when.
  const busyUntil = connection?.network === 'online' ? queue?.busyUntil : undefined;
  return (
    <footer className="status-bar">
      {connection && (
        <>
          <span className={`conn conn-${busyUntil ? 'busy' : connection.network}`} data-testid="network-state">
            <span className="dot" aria-hidden="true" />
            {busyUntil
              ? t('status.network.busy', { time: formatTime(locale, busyUntil) })
              : t(`status.network.${connection.network}`)}
          </span>
          {/* While the connection is being checked (at start, after an environment switch) there is no
              sign-in to report yet: "No token" would read as a fault. */}
          {connection.network !== 'unknown' && (
            <span className={`conn token-${connection.token}`} data-testid="token-state">
              {t(`status.token.${connection.token}`)}
            </span>
          )}
          {connection.configurationError && (
            <span
              className="conn token-error status-ellipsis"
              data-testid="config-error"
              title={connection.configurationError.message}
            >
              {connection.configurationError.message}
            </span>
          )}
        </>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() =>
          void intake()
            .call('connection.check', {})
            .then(useAppStore.getState().setConnection, () => undefined)
        }
      >
        {t('status.check')}
      </button>
      <span className="spacer" />
      {importing > 0 && <span aria-live="polite">{t('status.importing', { count: importing })}</span>}
      {sending.total > 0 && (
        <span data-testid="status-upload-progress">
          {t('status.uploading', {
            sent: formatBytes(locale, sending.sent),
            total: formatBytes(locale, sending.total),
          })}
        </span>
      )}
      <button
        type="button"
        className={`link-button queue-count ${failed ? 'has-failed' : ''}`}
        data-testid="queue-count"
        onClick={() => useAppStore.getState().setScreen('queue')}
      >
        {queue?.paused ? t('status.queuePaused') + ' · ' : ''}
        {t('status.queue', { count: pending })}
        {failed > 0 && ` · ${t('status.failed', { count: failed })}`}
      </button>
      {info && <span data-testid="app-version">{t('status.version', { version: info.version })}</span>}
    </footer>
  );
}
