/**
 * The renderer's Content-Security-Policy, the same in both shells: Electron sets it on every response of
 * the app's session, the web shell sends it as a header. No remote content, no eval, no inline script;
 * pdf.js runs its worker from our own origin and renders into blob:/data: images.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
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
