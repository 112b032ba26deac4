import type { IpcError } from '../../shared/ipc/errors';
import { detailsLabel, errorText, useLocale, useT } from '../i18n/i18n';

/**
 * One way to show a failed call: a plain sentence in the clerk's language that says what happens next, a
 * retry where it helps, and the technical text (code, the core's message, HTTP status, the platform's own
 * errors) folded away behind "Details" for the support call.
 */
export function ErrorBanner(props: {
  error: Pick<IpcError, 'code' | 'message' | 'retryable' | 'status' | 'platformErrors' | 'heldBy'>;
  onRetry?: () => void;
  testId?: string;
  /** The sentence when the feature has its own for this code (a scanner's trouble); else the error catalog's. */
  text?: string | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const { error } = props;
  return (
    <div
      role="alert"
      className="banner banner-error"
      data-testid={props.testId ?? 'error-banner'}
      data-code={error.code}
    >
      <p className="banner-text" data-testid="error-text">
        {props.text ?? errorText(locale, error)}
      </p>
      {props.onRetry && (
        <button type="button" className="button" onClick={props.onRetry}>
          {error.retryable !== false ? t('action.retry') : t('action.tryAgain')}
        </button>
      )}
      <details className="error-details" data-testid="error-details">
        <summary>{detailsLabel(locale)}</summary>
        <p>
          <code>{error.code}</code>
          {error.status !== undefined && <code>{` · HTTP ${error.status}`}</code>}
        </p>
        <p>{error.message}</p>
        {error.platformErrors && error.platformErrors.length > 0 && (
          <ul className="platform-errors">
            {error.platformErrors.map((p, i) => (
              <li key={i}>
                <code>{p.type}</code> {p.message}
              </li>
            ))}
          </ul>
        )}
      </details>
    </div>
  );
}
