/**
 * The renderer's Content-Security-Policy, the same in both shells: Electron sets it on every response of
 * the app's session, the web shell sends it as a header. No remote content, no eval, no inline script and
 * no inline style: styles come only from our CSS files, and what changes at run time (a row's offset, the
 * zoom) is set through CSSOM (React's style prop, element.style), which CSP does not restrict.
 * pdf.js runs its worker from our own origin and renders into blob:/data: images.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Development only (electron-vite's dev server, never a packaged app): Vite's dev client injects each CSS
 * module as a <style> element, which the strict policy refuses. Scripts stay as strict as in production.
 */
export const DEV_SERVER_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  "style-src 'self' 'unsafe-inline'",
);
