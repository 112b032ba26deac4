import { useEffect, useState } from 'react';
import { useLocale, useT } from '../i18n/i18n';
import { noticeText } from './notice-text';
import { INFO_TOAST_MS } from './notices-slice';
import type { Toast } from './notices-slice';
import { useAppStore } from './store';

/**
 * Notices from main, grouped: the same failure twenty times is one toast with "×20". The region sits in
 * the page's flow above the status bar, so a notice never covers the form's actions or its last fields
 * (issue #31 item 4); informational ones leave by themselves, warnings and errors when dismissed.
 */
export function Toasts() {
  const t = useT();
  const toasts = useAppStore((s) => s.toasts);
  return (
    <div className="toasts" role="region" aria-label={t('toast.region')} aria-live="polite" data-testid="toasts">
      {toasts.map((toast) => (
        <ToastItem key={toast.key} toast={toast} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const t = useT();
  const locale = useLocale();
  const dismiss = useAppStore((s) => s.dismissToast);
  // Paused while the clerk points at it or has the focus in it, so it is not taken away while read.
  const [held, setHeld] = useState(false);
  const transient = toast.level === 'info';
  useEffect(() => {
    if (!transient || held) return;
    const timer = setTimeout(() => dismiss(toast.key), INFO_TOAST_MS);
    return () => clearTimeout(timer);
    // A new notice folded into the toast (at, count) starts its time again.
  }, [transient, held, toast.key, toast.at, toast.count, dismiss]);
  return (
    <div
      className={`toast toast-${toast.level}`}
      data-testid="toast"
      data-level={toast.level}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className="toast-text">{noticeText(locale, toast)}</span>
      {toast.count > 1 && <span className="toast-count">{t('toast.count', { count: toast.count })}</span>}
      <button type="button" className="icon-button" aria-label={t('action.dismiss')} onClick={() => dismiss(toast.key)}>
        ×
      </button>
    </div>
  );
}
