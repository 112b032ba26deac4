import { useEffect, useRef } from 'react';
import { useT } from '../i18n/i18n';
import { EnvBadge } from './env-badge';
import { HelpOverlay } from './help-overlay';
import { NavBar } from './nav-bar';
import { ScreenOutlet } from './screen-outlet';
import { useActiveEnvironment } from './active-environment';
import { StatusBar } from './status-bar';
import { useAppStore } from './store';
import { Toasts } from './toasts';
import { useTheme } from './use-theme';
import { useFileDrop } from './use-file-drop';
import { useGlobalShortcuts } from './use-global-shortcuts';

export function App() {
  const t = useT();
  const info = useAppStore((s) => s.info);
  const locale = useAppStore((s) => s.locale);
  const bridgeError = useAppStore((s) => s.bridgeError);
  const link = useAppStore((s) => s.link);
  const screen = useAppStore((s) => s.screen);
  const helpOpen = useAppStore((s) => s.helpOpen);
  const dragging = useFileDrop();
  const mainRef = useRef<HTMLElement>(null);
  useGlobalShortcuts();
  useTheme();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const production = useActiveEnvironment()?.kind === 'production';
  return (
    <div
      className={`app-shell ${production ? 'is-production' : ''}`}
      data-testid="app-shell"
      data-production={production || undefined}
    >
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="title-bar">
        <h1>{t('app.title')}</h1>
        <NavBar />
        <EnvBadge />
        <button
          type="button"
          className="icon-button help-button"
          aria-label={t('help.title')}
          onClick={() => useAppStore.getState().setHelpOpen(true)}
        >
          ?
        </button>
      </header>
      <main className="workspace" id="main" ref={mainRef} data-screen={screen}>
        {link && (
          <p role="alert" className="banner banner-warning" data-testid="link-banner" data-link={link}>
            {t(link === 'lost' ? 'link.lost' : 'link.restarted')}
          </p>
        )}
        {bridgeError && (
          <p role="alert" className="banner banner-error">
            {bridgeError}
          </p>
        )}
        {!info && !bridgeError && (
          <p className="loading-line" aria-live="polite">
            {t('app.loading')}
          </p>
        )}
        <ScreenOutlet screen={screen} />
      </main>
      <Toasts />
      <StatusBar />
      {helpOpen && <HelpOverlay />}
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <p>{t('inbox.dropHere')}</p>
        </div>
      )}
    </div>
  );
}
