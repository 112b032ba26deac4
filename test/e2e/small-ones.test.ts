import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { startDemo } from '../../electron/web/demo-app';
import type { RunningDemo } from '../../electron/web/demo-app';
import { launchApp } from './harness';
import type { E2eApp } from './harness';
import { IsolatedKeychain } from './isolated-keychain';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 item 9, the small ones: production is asked for; a theme setting (light, dark, as the system);
// the claim file viewer opens in view; an old tab after a restart says so; the demo says where its watched
// scanner folder is.
const TEXT = {
  en: {
    production: 'Switch to production?',
    restarted: 'Intake Desk was restarted',
    lost: 'connection to Intake Desk',
  },
  de: {
    production: 'Zur Produktion wechseln?',
    restarted: 'Intake Desk wurde neu gestartet',
    lost: 'Verbindung zu Intake Desk',
  },
} as const;

describe.each(['en', 'de'] as const)('the small ones, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  let app: E2eApp | undefined;
  let restarted: RunningDemo | undefined;
  afterAll(async () => {
    await restarted?.close();
    if (!restarted) await app?.demo.close();
    await app?.browser.close();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
  });

  it(
    'production is asked for; the theme is a setting; the claim file viewer opens in view',
    async () => {
      app = await launchApp();
      const { page, demo } = app;
      await page.getByTestId('app-version').waitFor();
      await inLocale(lang)(app);
      const settings = demo.core.settings.get();
      const local = settings.environments[0]!;
      const production = {
        ...local,
        id: 'prod-1',
        name: 'Production',
        kind: 'production' as const,
        baseUrl: 'https://platform.example.com',
        tokenUrl: 'https://login.example.com',
      };
      const added = await dispatch(demo.core.handlers, 'settings.update', {
        settings: { ...settings, environments: [...settings.environments, production] },
      });
      expect(added.ok, JSON.stringify(added)).toBe(true);

      // Production: asked first; Cancel (the focused, safe answer) leaves the active one as it was.
      await page.getByTestId('nav-settings').click();
      const radio = page.locator('.env-item[data-env-id="prod-1"] input[type="radio"]');
      await radio.click();
      const dialog = page.getByTestId('confirm-production');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(text.production);
      await expectAccessible(page);
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await radio.isChecked()).toBe(false);
      await radio.click();
      await dialog.getByTestId('confirm').click();
      await expect.poll(() => radio.isChecked()).toBe(true);
      // Not saved: this test does not switch the station to production.
      await page.getByRole('button', { name: lang === 'de' ? 'Änderungen verwerfen' : 'Discard changes' }).click();

      // Theme: the system's, light against a dark system, dark against a light one, the system's again.
      const scheme = () => page.evaluate(() => getComputedStyle(document.documentElement).colorScheme);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect.poll(scheme).toBe('dark');
      await page.getByTestId('theme').selectOption('light');
      await page.getByTestId('settings-save').click();
      await expect.poll(() => demo.core.settings.get().theme).toBe('light');
      await expect.poll(scheme).toBe('light');
      await page.getByTestId('theme').selectOption('dark');
      await page.getByTestId('settings-save').click();
      await page.emulateMedia({ colorScheme: 'light' });
      await expect.poll(scheme).toBe('dark');
      await expectAccessible(page);
      await page.getByTestId('theme').selectOption('system');
      await page.getByTestId('settings-save').click();
      await expect.poll(scheme).toBe('light');
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await scheme()).toBe('dark');
      await page.emulateMedia({ colorScheme: 'light' });

      // The claim file viewer: in view and focused when opened, at 1366×768.
      await page.setViewportSize({ width: 1366, height: 768 });
      const sentName = `in-view-${lang}.pdf`;
      await dropFile(page, sentName, makePdf(['Sent to the case']), 'application/pdf');
      await expect
        .poll(async () => (await demo.core.queue.list({ limit: 5, offset: 0, query: sentName })).documents.length)
        .toBe(1);
      const sent = (await demo.core.queue.list({ limit: 5, offset: 0, query: sentName })).documents[0]!;
      const r = await dispatch(demo.core.handlers, 'documents.submit', {
        ids: [sent.id],
        metadata: { caseNumber: 'CLM-2026-000101', documentType: 'INV' },
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      await expect
        .poll(async () => (await demo.core.queue.get(sent.id)).state, { timeout: idleMs(20_000) })
        .toBe('archived');
      await page.getByTestId('nav-claims').click();
      await page.locator('#claim-case').fill('CLM-2026-000101');
      await page.getByTestId('find-claim-submit').click();
      const ours = page.getByTestId('claim-files').locator('tr').filter({ hasText: sentName });
      await ours.getByTestId('claim-file-open').click();
      const viewer = page.getByTestId('claim-file-viewer');
      await viewer.waitFor();
      await expect
        .poll(() => viewer.evaluate((el) => el.getBoundingClientRect().top), { timeout: idleMs(10_000) })
        .toBeLessThan(768 / 2);
      expect(await viewer.evaluate((el) => el === document.activeElement)).toBe(true);
    },
    idleMs(120_000),
  );

  it(
    'an old tab after a restart says so, instead of stale counts',
    async () => {
      const { page } = app!;
      await page.getByTestId('nav-inbox').click();
      const port = Number(new URL(app!.demo.web.url).port);
      await app!.demo.close();
      const banner = page.getByTestId('link-banner');
      await expect.poll(() => banner.getAttribute('data-link'), { timeout: idleMs(15_000) }).toBe('lost');
      expect(await banner.textContent()).toContain(text.lost);
      // Started again on the same port: a new connection token, which the old tab does not have.
      restarted = await startDemo({
        dataDir: app!.dataDir,
        version: '0.0.0-e2e',
        webPort: port,
        sampleScans: false,
        secretStore: new IsolatedKeychain(new KeytarSecretStore(), `e2e ${randomUUID()}`),
      });
      await expect.poll(() => banner.getAttribute('data-link'), { timeout: idleMs(20_000) }).toBe('refused');
      expect(await banner.textContent()).toContain(text.restarted);
      await app!.screenshot(`restarted-tab-${lang}`);
      await expectAccessible(page);
    },
    idleMs(60_000),
  );
});

describe('the demo says where its watched scanner folder is', () => {
  it(
    'prints the folder beside the address',
    async () => {
      const data = await mkdtemp(join(tmpdir(), 'intake-demo-print-'));
      const root = resolve(import.meta.dirname, '../..');
      const child = spawn(
        process.execPath,
        [join(root, 'node_modules/tsx/dist/cli.mjs'), 'electron/web/demo.ts', '--data', data],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      try {
        await new Promise<void>((done, fail) => {
          const timer = setTimeout(() => fail(new Error(`no scanner folder line in: ${out}`)), 60_000);
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            if (out.includes('Scanner folder')) {
              clearTimeout(timer);
              done();
            }
          });
          child.on('exit', () => fail(new Error(`demo ended: ${out}`)));
        });
        expect(out).toContain(`Scanner folder (watched): ${join(data, 'scanner')}`);
      } finally {
        child.kill('SIGINT');
        await new Promise((r) => child.once('exit', r));
        await rm(data, { recursive: true, force: true });
      }
    },
    idleMs(90_000),
  );
});
