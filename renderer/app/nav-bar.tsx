import { useT } from '../i18n/i18n';
import { NAV_ITEMS } from './navigation';
import { useAppStore } from './store';

export function NavBar() {
  const t = useT();
  const screen = useAppStore((s) => s.screen);
  const setScreen = useAppStore((s) => s.setScreen);
  return (
    <nav className="nav-bar" aria-label={t('nav.label')}>
      {NAV_ITEMS.map((item, i) => (
        <button
          key={item.id}
          type="button"
          className="nav-item"
          aria-current={screen === item.id ? 'page' : undefined}
          aria-keyshortcuts={`Alt+${i + 1} Control+${i + 1}`}
          // The key's number is drawn only on a wide window (app.css): on a laptop it is the tooltip.
          title={`Alt+${i + 1}`}
          data-testid={`nav-${item.id}`}
          onClick={() => setScreen(item.id)}
        >
          {t(item.label)}
          <kbd aria-hidden="true">{i + 1}</kbd>
        </button>
      ))}
    </nav>
  );
}
