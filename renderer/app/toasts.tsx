import { useLocale, useT } from '../i18n/i18n';
import { noticeText } from './notice-text';
import { useAppStore } from './store';

/** Notices from main, grouped: the same failure twenty times is one toast with "×20". */
export function Toasts() {
  const t = useT();
  const locale = useLocale();
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  return (
    <div className="toasts" role="region" aria-label={t('toast.region')} aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.key} className={`toast toast-${toast.level}`} data-testid="toast">
          <span className="toast-text">{noticeText(locale, toast.message)}</span>
          {toast.count > 1 && <span className="toast-count">{t('toast.count', { count: toast.count })}</span>}
          <button
            type="button"
            className="icon-button"
            aria-label={t('action.dismiss')}
            onClick={() => dismiss(toast.key)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
