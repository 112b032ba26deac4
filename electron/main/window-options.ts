import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The window's options in one pure function, so a test can walk them and fail if one is weakened.
 * Secure by default: isolated, sandboxed, no Node in the page, web security on.
 */
export function secureWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Intake Desk',
    backgroundColor: '#f6f7f9',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: true,
      safeDialogs: true,
      navigateOnDragDrop: false,
    },
  };
}
