/**
 * The renderer is loaded from the app's own files (file://…/out/renderer/index.html) or, in development,
 * from electron-vite's dev server. Only frames from there may talk to main or navigate.
 */
export function isTrustedRendererUrl(url: string, rendererIndexUrl: string, devServerUrl?: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (devServerUrl) {
    const dev = new URL(devServerUrl);
    if (u.origin === dev.origin) return true;
  }
  const index = new URL(rendererIndexUrl);
  return u.protocol === 'file:' && index.protocol === 'file:' && u.pathname === index.pathname;
}
