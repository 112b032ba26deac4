import type { IpcError } from '../../shared/ipc/errors';
import { isMessageKey, useT } from '../i18n/i18n';

/** One way to show a failed call: a sentence the clerk understands, the platform's own messages, a retry. */
export function ErrorBanner(props: { error: IpcError; onRetry?: () => void; testId?: string }) {
  const t = useT();
  const { error } = props;
  const key = `error.${error.code}`;
  const text = isMessageKey(key) ? t(key) : error.message;
  return (
    <div
      role="alert"
      className="banner banner-error"
      data-testid={props.testId ?? 'error-banner'}
      data-code={error.code}
    >
      <p className="banner-text">{text}</p>
      {error.platformErrors && error.platformErrors.length > 0 && (
        <ul className="platform-errors">
          {error.platformErrors.map((p, i) => (
            <li key={i}>
              <code>{p.type}</code> {p.message}
            </li>
          ))}
        </ul>
      )}
      {props.onRetry && error.retryable !== false && (
        <button type="button" className="button" onClick={props.onRetry}>
          {t('action.retry')}
        </button>
      )}
      {props.onRetry && !error.retryable && (
        <button type="button" className="button" onClick={props.onRetry}>
          {t('action.tryAgain')}
        </button>
      )}
    </div>
  );
}
