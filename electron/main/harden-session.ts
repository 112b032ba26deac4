import type { Session, WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';

/** Denies every permission request and sets the CSP on every response of the app's session. */
export function hardenSession(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
        'X-Content-Type-Options': ['nosniff'],
      },
    });
  });
}

/** No navigation away from the app, no new windows, no webviews. */
export function hardenContents(contents: WebContents, isTrusted: (url: string) => boolean): void {
  contents.on('will-navigate', (event, url) => {
    if (!isTrusted(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrusted(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
