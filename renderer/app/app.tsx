import { useAppStore } from './store';
import { StatusBar } from './status-bar';
import { useT } from '../i18n/i18n';

export function App() {
  const t = useT();
  const info = useAppStore((s) => s.info);
  const bridgeError = useAppStore((s) => s.bridgeError);
  return (
    <div className={`app-shell ${info?.environment.kind === 'production' ? 'is-production' : ''}`}>
      <header className="title-bar">
        <h1>{t('app.title')}</h1>
      </header>
      <main className="workspace" id="main">
        {bridgeError && (
          <p role="alert" className="banner banner-error">
            {bridgeError}
          </p>
        )}
        {!info && !bridgeError && <p aria-live="polite">{t('app.loading')}</p>}
      </main>
      <StatusBar />
    </div>
  );
}
