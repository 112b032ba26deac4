import type { Session, WebContents } from 'electron';
import {
  CONTENT_SECURITY_POLICY,
  DEV_SERVER_CONTENT_SECURITY_POLICY,
} from '../../shared/security/content-security-policy';

/**
 * The renderer session's guards: every permission denied, every request outside the app cancelled (no
 * remote content), and the CSP plus nosniff on every response.
 */
export function hardenSession(session: Session, isAllowedRequest: (url: string) => boolean): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
  session.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !isAllowedRequest(details.url) });
  });
  session.webRequest.onHeadersReceived((details, callback) => {
    // An http(s) response passed the request filter only if it is the development dev server's.
    const policy = /^https?:/.test(details.url ?? '') ? DEV_SERVER_CONTENT_SECURITY_POLICY : CONTENT_SECURITY_POLICY;
    callback({
      responseHeaders: {
        ...details.responseHeaders,
        'Content-Security-Policy': [policy],
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
  contents.on('will-frame-navigate', (event) => {
    if (!isTrusted(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrusted(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}
