import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { appForSuite } from './harness';

describe('app shell in Chromium through the web shell', () => {
  const app = appForSuite();

  it('shows version, environment badge and connection state from the real handlers', async () => {
    const { page } = app;
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Version 0.0.0-e2e');
    expect(await page.getByTestId('env-badge').textContent()).toContain('Local sandbox');
    expect(await page.getByTestId('network-state').textContent()).toMatch(/Online|Offline|Checking the connection…/);
    // The token left the address bar, and no cookie holds it (cookies for 127.0.0.1 go to every port).
    expect(page.url()).not.toContain('token=');
    expect(await page.context().cookies()).toEqual([]);
    const path = await app.screenshot('app-shell');
    expect(existsSync(path)).toBe(true);
  });

  it('keeps working after a reload: the token stays in this tab, out of the URL', async () => {
    const { page } = app;
    await page.reload();
    await expect.poll(() => page.getByTestId('app-version').textContent()).toBe('Version 0.0.0-e2e');
    expect(page.url()).not.toContain('token=');
  });

  it('serves a browser without the token only the static page: its socket is closed, no data reaches it', async () => {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    const closes: number[] = [];
    page.on('websocket', (ws) => ws.on('close', () => closes.push(1)));
    const response = await page.goto(app.demo.web.origin + '/#token=wrong-token-0123456789abcdef');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('[data-code="ipc.unauthenticated"]').count()).toBeGreaterThan(0);
    expect(closes.length).toBeGreaterThan(0);
    expect((await page.getByTestId('app-version').allTextContents()).join()).not.toContain('0.0.0-e2e');
    await context.close();
  });
});
