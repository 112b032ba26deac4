import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { startDemo } from '../../electron/web/demo-app';
import type { SecretStore } from '../../electron/core/secrets/secret-store';
import { IsolatedKeychain } from './isolated-keychain';
import type { RunningDemo } from '../../electron/web/demo-app';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../test-results/screenshots');
const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Flags that keep Debian's Chromium quiet on a closed network and let it run as root. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface E2eApp {
  demo: RunningDemo;
  browser: Browser;
  page: Page;
  dataDir: string;
  /** The app's keychain (the real Secret Service, its entries tagged for this app): what it stored. */
  keychain: SecretStore;
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  locale?: string;
  /** Put the demo's sample scans into its scanner folder (off by default: tests drop their own). */
  sampleScans?: boolean;
  /**
   * The settings' send grace (seconds a submitted document waits for an Undo). 0 unless a test is about
   * the grace itself: every other test would wait it out on each submit.
   */
  sendGraceSeconds?: number;
  /** A machine-wide settings file's content (written into the data folder, read as the desktop app reads its own). */
  machineSettings?: unknown;
  /**
   * The demo's folder as shipped: it sends searchable PDFs (issue #48 item 7). Off by default: the tests
   * were written for a folder that says nothing of its output (the scanner's file is sent, byte for byte).
   */
  shippedFolder?: boolean;
  /** An office station's and its clerk's names (several stations of one office in one test). */
  officeNames?: { station?: string; clerk?: string };
}

/**
 * One Chromium per test file, launched when the file's first app needs it and closed after its last test:
 * each app gets its own browser context (own cookies, storage, cache: as a fresh browser would), and a
 * launch costs a second or more of the box's two cores where a context costs a fraction. A test that
 * closes `app.browser` itself (a restart) gets a new one for the next app.
 */
let fileBrowser: Promise<Browser> | undefined;
async function browserForFile(): Promise<Browser> {
  const running = await fileBrowser?.catch(() => undefined);
  if (running?.isConnected()) return running;
  fileBrowser = chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  return fileBrowser;
}
afterAll(async () => {
  const running = await fileBrowser?.catch(() => undefined);
  fileBrowser = undefined;
  await running?.close();
});

/** The real app as the demo runs it (sandbox + core + web shell) and a real Chromium pointed at it. */
export async function launchApp(options: LaunchOptions = {}): Promise<E2eApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'intake-e2e-'));
  const machineSettingsPath = options.machineSettings === undefined ? undefined : join(dataDir, 'machine.json');
  if (machineSettingsPath)
    await writeFile(machineSettingsPath, JSON.stringify(options.machineSettings), { mode: 0o644 });
  const keychain = new IsolatedKeychain(new KeytarSecretStore(), `e2e ${randomUUID()}`);
  const demo = await startDemo({
    dataDir,
    ...(machineSettingsPath ? { machineSettingsPath } : {}),
    version: '0.0.0-e2e',
    sampleScans: options.sampleScans ?? false,
    ...(options.shippedFolder ? {} : { folderOutput: null }),
    ...(options.officeNames ? { officeNames: options.officeNames } : {}),
    secretStore: keychain,
  });
  const settings = demo.core.settings.get();
  await demo.core.settings.save({
    ...settings,
    upload: { ...settings.upload, graceSeconds: options.sendGraceSeconds ?? 0 },
  });
  const browser = await browserForFile();
  const context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    locale: options.locale ?? 'en-US',
  });
  const page = await context.newPage();
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.goto(demo.web.url);
  return {
    demo,
    browser,
    page,
    dataDir,
    keychain,
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close();
      await demo.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One app for the describe block this is called in: launched before its first test and shown (the status
 * bar's version is up), closed after its last. `ready` runs once it is shown, e.g. to assert that the
 * channels the tests need are wired. The returned object forwards to that app.
 */
export function appForSuite(options: LaunchOptions & { ready?: (app: E2eApp) => Promise<void> } = {}): E2eApp {
  let launched: E2eApp | undefined;
  beforeAll(async () => {
    launched = await launchApp(options);
    await launched.page.getByTestId('app-version').waitFor();
    await options.ready?.(launched);
  });
  afterAll(async () => {
    await launched?.close();
  });
  const app = (): E2eApp => {
    if (!launched) throw new Error('the suite app is launched in beforeAll: use it inside a test');
    return launched;
  };
  return {
    get demo() {
      return app().demo;
    },
    get browser() {
      return app().browser;
    },
    get page() {
      return app().page;
    },
    get dataDir() {
      return app().dataDir;
    },
    get keychain() {
      return app().keychain;
    },
    screenshot: (name) => app().screenshot(name),
    close: () => app().close(),
  };
}
