import { pendingCount } from '../features/queue/queue-model';
import { useLocale, useT } from '../i18n/i18n';
import { intake } from '../ipc/client';
import { environmentLabel, useActiveEnvironment } from './active-environment';
import { useAppStore } from './store';

export function StatusBar() {
  const t = useT();
  const locale = useLocale();
  const info = useAppStore((s) => s.info);
  const env = useActiveEnvironment();
  const connection = useAppStore((s) => s.connection);
  const queue = useAppStore((s) => s.queueStatus);
  const importing = useAppStore((s) => s.importing);
  const pending = pendingCount(queue?.counts);
  const failed = queue?.counts.failed ?? 0;
  return (
    <footer className="status-bar">
      {env && (
        <span
          className={`env-badge env-${env.kind}`}
          data-testid="env-badge"
          data-kind={env.kind}
          title={`${t('status.environment')}: ${env.name}`}
        >
          {environmentLabel(locale, env)}
        </span>
      )}
      {connection && (
        <>
          <span className={`conn conn-${connection.network}`} data-testid="network-state">
            <span className="dot" aria-hidden="true" />
            {t(`status.network.${connection.network}`)}
          </span>
          <span className={`conn token-${connection.token}`} data-testid="token-state">
            {t(`status.token.${connection.token}`)}
          </span>
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
