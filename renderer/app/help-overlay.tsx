import { useEffect, useRef } from 'react';
import { useLocale, useT } from '../i18n/i18n';
import { keyNames } from '../i18n/key-names';
import { SHORTCUT_HELP } from './shortcuts';
import { useAppStore } from './store';

export function HelpOverlay() {
  const t = useT();
  const locale = useLocale();
  const close = () => useAppStore.getState().setHelpOpen(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="overlay" role="presentation" onClick={close}>
      <div
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        data-testid="help-overlay"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="help-title">{t('help.title')}</h2>
        <table className="shortcut-table">
          <tbody>
            {SHORTCUT_HELP.map((row) => (
              <tr key={row.text}>
                <th scope="row">
                  <kbd>{keyNames(locale, row.keys)}</kbd>
                </th>
                <td>{t(row.text)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="dialog-actions">
          <button ref={ref} type="button" className="button button-primary" onClick={close}>
            {t('action.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
