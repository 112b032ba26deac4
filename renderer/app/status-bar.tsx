import { useAppStore } from './store';
import { useT } from '../i18n/i18n';
import { intake } from '../ipc/client';

export function StatusBar() {
  const t = useT();
  const info = useAppStore((s) => s.info);
  const connection = useAppStore((s) => s.connection);
  const kind = info?.environment.kind;
  return (
    <footer className="status-bar" role="contentinfo">
      {info && (
        <span className={`env-badge env-${kind}`} data-testid="env-badge" title={t('status.environment')}>
          {t(`env.kind.${info.environment.kind}`)} · {info.environment.name}
        </span>
      )}
      {connection && (
        <>
          <span className={`conn conn-${connection.network}`} data-testid="network-state">
            {t(`status.network.${connection.network}`)}
          </span>
          <span className={`conn token-${connection.token}`} data-testid="token-state">
            {t(`status.token.${connection.token}`)}
          </span>
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
      {info && <span data-testid="app-version">{t('status.version', { version: info.version })}</span>}
    </footer>
  );
}
