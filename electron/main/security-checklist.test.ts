import { EventEmitter } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Session, WebContents } from 'electron';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/util/logger';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import { isAllowedRendererRequest, isTrustedRendererUrl } from './app-origin';
import { hardenContents, hardenSession } from './harden-session';
import { guardedInvoke } from './ipc-guard';
import { secureWindowOptions } from './window-options';

// Electron's security checklist, checked without the Electron binary: the pure parts are run, the session
// and web-contents guards are run against recording stand-ins, and the shell's sources are read to prove
// the guards are actually installed. Each test fails if one item is weakened.

const root = join(import.meta.dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const shellSources = () =>
  ['electron/main', 'electron/preload'].flatMap((dir) =>
    readdirSync(join(root, dir))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => ({ path: `${dir}/${f}`, text: read(`${dir}/${f}`) })),
  );

describe('BrowserWindow options', () => {
  const prefs = secureWindowOptions('/app/out/preload/index.cjs').webPreferences ?? {};

  it('isolate, sandbox and keep Node out of the page', () => {
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('enable no Blink features and set no switch that weakens the page', () => {
    for (const key of ['enableBlinkFeatures', 'additionalArguments', 'disableBlinkFeatures', 'partition'] as const) {
      expect(prefs).not.toHaveProperty(key);
    }
  });
});

function fakeSession() {
  const h: {
    permissionRequest?: (c: unknown, p: string, cb: (ok: boolean) => void) => void;
    permissionCheck?: () => boolean;
    device?: () => boolean;
    beforeRequest?: (d: { url: string }, cb: (r: { cancel: boolean }) => void) => void;
    headers?: (
      d: { responseHeaders?: Record<string, string[]> },
      cb: (r: { responseHeaders: Record<string, string[]> }) => void,
    ) => void;
  } = {};
  const session = {
    setPermissionRequestHandler: (f: typeof h.permissionRequest) => (h.permissionRequest = f),
    setPermissionCheckHandler: (f: typeof h.permissionCheck) => (h.permissionCheck = f),
    setDevicePermissionHandler: (f: typeof h.device) => (h.device = f),
    webRequest: {
      onBeforeRequest: (f: typeof h.beforeRequest) => (h.beforeRequest = f),
      onHeadersReceived: (f: typeof h.headers) => (h.headers = f),
    },
  };
  return { session: session as unknown as Session, h };
}

describe('session guards', () => {
  const dev = undefined;
  const { session, h } = fakeSession();
  hardenSession(session, (url) => isAllowedRendererRequest(url, dev));

  it('deny every permission request and check', () => {
    for (const p of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      let answer: boolean | undefined;
      h.permissionRequest?.({}, p, (ok) => (answer = ok));
      expect(answer, p).toBe(false);
    }
    expect(h.permissionCheck?.()).toBe(false);
    expect(h.device?.()).toBe(false);
  });

  it('cancel every request that is not the app itself (no remote content)', () => {
    const cancel = (url: string) => {
      let r: { cancel: boolean } | undefined;
      h.beforeRequest?.({ url }, (x) => (r = x));
      return r?.cancel;
    };
    expect(cancel('app://intake/assets/index.js')).toBe(false);
    expect(cancel('blob:app://intake/1234')).toBe(false);
    expect(cancel('https://cdn.example.com/lib.js')).toBe(true);
    expect(cancel('http://127.0.0.1:8080/')).toBe(true);
    expect(cancel('file:///etc/passwd')).toBe(true);
    expect(cancel('app://other/index.html')).toBe(true);
  });

  it('put the CSP and nosniff on every response, replacing what a response says', () => {
    let out: Record<string, string[]> | undefined;
    h.headers?.(
      { responseHeaders: { 'Content-Security-Policy': ['default-src *'] } },
      (r) => (out = r.responseHeaders),
    );
    expect(out?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(out?.['X-Content-Type-Options']).toEqual(['nosniff']);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|https?:|\*/);
  });
});

describe('renderer requests in development', () => {
  it('allow the dev server (page and HMR socket) and nothing else', () => {
    const dev = 'http://localhost:5173';
    expect(isAllowedRendererRequest('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isAllowedRendererRequest('ws://localhost:5173/', dev)).toBe(true);
    expect(isAllowedRendererRequest('http://localhost:5174/', dev)).toBe(false);
    expect(isAllowedRendererRequest('https://fonts.example.com/a.woff2', dev)).toBe(false);
    expect(isAllowedRendererRequest('not a url', dev)).toBe(false);
  });
});

describe('web contents guards', () => {
  const isTrusted = (url: string) => isTrustedRendererUrl(url);
  const contents = new EventEmitter() as EventEmitter & { openHandler?: (d: { url: string }) => { action: string } };
  (
    contents as unknown as { setWindowOpenHandler: (f: (d: { url: string }) => { action: string }) => void }
  ).setWindowOpenHandler = (f) => (contents.openHandler = f);
  hardenContents(contents as unknown as WebContents, isTrusted);

  const prevented = (event: string, ...args: unknown[]) => {
    let done = false;
    const e = { preventDefault: () => (done = true), url: args[0] };
    contents.emit(event, e, ...args);
    return done;
  };

  it('deny navigation and redirects away from the app', () => {
    expect(prevented('will-navigate', 'https://evil.example.com/')).toBe(true);
    expect(prevented('will-navigate', 'file:///etc/passwd')).toBe(true);
    expect(prevented('will-navigate', 'app://intake/index.html#/queue')).toBe(false);
    expect(prevented('will-redirect', 'https://evil.example.com/')).toBe(true);
    expect(prevented('will-frame-navigate', 'https://evil.example.com/')).toBe(true);
    expect(prevented('will-frame-navigate', 'app://intake/index.html')).toBe(false);
  });

  it('deny new windows and webviews', () => {
    expect(contents.openHandler?.({ url: 'app://intake/index.html' })).toEqual({ action: 'deny' });
    expect(contents.openHandler?.({ url: 'https://example.com' })).toEqual({ action: 'deny' });
    expect(prevented('will-attach-webview')).toBe(true);
  });
});

describe('IPC sender validation', () => {
  it('runs a handler only for the app page', async () => {
    let runs = 0;
    const run = async () => {
      runs++;
      return { ok: true as const, value: 1 };
    };
    const trusted = (url: string) => isTrustedRendererUrl(url);
    expect(await guardedInvoke('https://evil.example.com/', trusted, 'app.info', run, silentLogger)).toMatchObject({
      ok: false,
      error: { code: 'ipc.untrusted_sender' },
    });
    expect(await guardedInvoke(undefined, trusted, 'app.info', run, silentLogger)).toMatchObject({ ok: false });
    expect(runs).toBe(0);
    expect(await guardedInvoke('app://intake/index.html', trusted, 'app.info', run, silentLogger)).toEqual({
      ok: true,
      value: 1,
    });
    expect(runs).toBe(1);
  });

  it('the dev server is trusted only when it is set', () => {
    expect(isTrustedRendererUrl('http://localhost:5173/', 'http://localhost:5173')).toBe(true);
    expect(isTrustedRendererUrl('http://localhost:5173/')).toBe(false);
  });
});

describe('the shell installs every guard (sources)', () => {
  const index = read('electron/main/index.ts');
  const ipc = read('electron/main/ipc.ts');

  it('hardens the session before any window and every web contents ever created', () => {
    const harden = index.indexOf('hardenSession(session.defaultSession');
    const contents = index.search(
      /app\.on\('web-contents-created', \(_event, contents\) => hardenContents\(contents, isTrusted\)\)/,
    );
    const window = index.indexOf('window.create(');
    expect(harden).toBeGreaterThan(0);
    expect(contents).toBeGreaterThan(0);
    expect(harden).toBeLessThan(window);
    expect(contents).toBeLessThan(window);
    expect(index).toMatch(/^registerAppScheme\(\);$/m);
    expect(index).toContain('app.requestSingleInstanceLock()');
  });

  it('the dev server URL from the environment goes through the packaged-app rule', () => {
    expect(index).toContain(
      "const devServerUrl = rendererDevServerUrl(process.env['ELECTRON_RENDERER_URL'], app.isPackaged);",
    );
    const uses = shellSources().flatMap((s) =>
      [...s.text.matchAll(/env(\.|\[')ELECTRON_RENDERER_URL/g)].map(() => s.path),
    );
    expect(uses).toEqual(['electron/main/index.ts']);
  });

  it('the tray hands shell.openPath only a path checked to be a directory', () => {
    const opens = shellSources().flatMap((s) => [...s.text.matchAll(/openPath\(([^)]*)\)/g)].map((m) => m[1]));
    expect(opens).toEqual(['folder.path']);
    expect(index).toMatch(
      /folderToOpen\(action\.path\)\s*\.then\(\(folder\) => \(folder\.ok \? shell\.openPath\(folder\.path\)/,
    );
  });

  it('every BrowserWindow is built from secureWindowOptions', () => {
    const created = shellSources().flatMap((s) => [...s.text.matchAll(/new BrowserWindow\(([^)]*)/g)].map((m) => m[1]));
    expect(created.length).toBeGreaterThan(0);
    for (const args of created) expect(args).toMatch(/^secureWindowOptions\(/);
  });

  it('every IPC handler goes through the sender check, and nothing listens with ipcMain.on', () => {
    const handles = [...ipc.matchAll(/ipcMain\.handle\(/g)];
    expect(handles).toHaveLength(1);
    expect(ipc).toMatch(/ipcMain\.handle\([^]*?guardedInvoke\(\s*event\.senderFrame\?\.url,\s*isTrusted/);
    expect([...ipc.matchAll(/dispatch\(/g)]).toHaveLength(1);
    for (const s of shellSources()) expect(s.text, s.path).not.toMatch(/ipcMain\.on\(|ipcMain\.once\(/);
  });

  it('no shell file weakens a default or trusts remote content', () => {
    const weakening = [
      /nodeIntegration\w*:\s*true/,
      /contextIsolation:\s*false/,
      /sandbox:\s*false/,
      /webSecurity:\s*false/,
      /allowRunningInsecureContent:\s*true/,
      /webviewTag:\s*true/,
      /enableBlinkFeatures/,
      /disable-web-security|ignore-certificate-errors/,
      /setCertificateVerifyProc|'certificate-error'/,
      /openExternal\(/,
      /loadURL\(['"`]https?:/,
      /exposeInMainWorld\([^)]*ipcRenderer/,
    ];
    for (const s of shellSources()) for (const re of weakening) expect(s.text, `${s.path} ${re}`).not.toMatch(re);
  });

  it('the preload exposes two functions, never ipcRenderer', () => {
    const preload = read('electron/preload/index.ts');
    expect(preload).toContain("contextBridge.exposeInMainWorld('intake', bridge)");
    expect([...preload.matchAll(/exposeInMainWorld/g)]).toHaveLength(1);
  });
});

describe('docs/security.md', () => {
  it('every "file:line" it cites holds the code it names', () => {
    const doc = read('docs/security.md');
    const refs = [...doc.matchAll(/`([\w./-]+\.(?:ts|tsx|mjs|yml|json)):(\d+)` `([^`]+)`/g)];
    expect(refs.length).toBeGreaterThanOrEqual(15);
    for (const [, file, line, cited] of refs) {
      // Table cells escape "|" as "\|".
      const snippet = (cited as string).replaceAll('\\|', '|');
      const text = read(file as string).split('\n')[Number(line) - 1] ?? '';
      expect(
        text,
        `${file}:${line} should contain ${snippet} (after code moved: node scripts/update-citations.mjs)`,
      ).toContain(snippet);
    }
  });
});
