import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { launchApp } from './harness';
import type { E2eApp } from './harness';

describe('app shell in Chromium through the web shell', () => {
  let app: E2eApp;
  beforeAll(async () => {
    app = await launchApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows version, environment badge and connection state from the real handlers', async () => {
    const { page } = app;
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Version 0.0.0-e2e');
    expect(await page.getByTestId('env-badge').textContent()).toContain('Local sandbox');
    expect(await page.getByTestId('network-state').textContent()).toMatch(/Online|Offline|Not checked yet/);
    // The token left the URL: it now lives in an HttpOnly cookie.
    expect(page.url()).not.toContain('tkn=');
    const path = await app.screenshot('app-shell');
    expect(existsSync(path)).toBe(true);
  });

  it('refuses a browser that comes without the connection token', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(app.demo.web.origin + '/');
    expect(response?.status()).toBe(403);
    await context.close();
  });
});
