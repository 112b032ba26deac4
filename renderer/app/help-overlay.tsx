import { useRef } from 'react';
import { useModalFocus } from '../components/use-modal-focus';
import { useLocale, useT } from '../i18n/i18n';
import { keyNames } from '../i18n/key-names';
import { SHORTCUT_HELP } from './shortcuts';
import { useAppStore } from './store';

export function HelpOverlay() {
  const t = useT();
  const locale = useLocale();
  const close = () => useAppStore.getState().setHelpOpen(false);
  const ref = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  useModalFocus(dialog, ref);
  return (
    <div className="overlay" role="presentation" onClick={close}>
      <div
        ref={dialog}
        className="dialog dialog-tall"
        role="dialog"
        aria-modal="true"
        aria-labelledby="help-title"
        data-testid="help-overlay"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="help-title">{t('help.title')}</h2>
        {/* The list scrolls, the title and Close stay in view: the whole fits a 1366×768 window (#48 item 8). */}
        <div className="dialog-scroll" tabIndex={0} role="region" aria-labelledby="help-title">
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
        </div>
        <div className="dialog-actions">
          <button ref={ref} type="button" className="button button-primary" onClick={close}>
            {t('action.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
