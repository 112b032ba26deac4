import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';
import { freePort } from '../../electron/core/test-support/free-port';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

const scrape = (port: number) =>
  fetch(`http://127.0.0.1:${port}/metrics`).then(
    (r) => r.status,
    () => undefined,
  );

/** IT turns the metrics endpoint on from the settings screen (off by default), and off again. */
describe('settings: metrics for monitoring', () => {
  const app = appForSuite();

  it('a port saved in Settings serves Prometheus metrics on loopback; emptied, it stops', async () => {
    const { page } = app;
    const port = await freePort();
    expect(await scrape(port)).toBeUndefined();
    await page.keyboard.press('Alt+5');
    const field = page.getByTestId('metrics-port');
    expect(await field.inputValue()).toBe('');
    await field.fill(String(port));
    await page.getByTestId('settings-save').click();
    await expect.poll(() => scrape(port), { timeout: idleMs(10_000) }).toBe(200);
    await expectAccessible(page);

    await field.fill('80');
    await page.getByTestId('settings-save').click();
    // Refused at the field, and the running endpoint is left alone.
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await scrape(port)).toBe(200);

    await field.fill('');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => scrape(port), { timeout: idleMs(10_000) }).toBeUndefined();
  });
});
