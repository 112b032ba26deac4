import { describe, expect, it } from 'vitest';
import { idleMs } from '../../electron/core/util/test-support/box-pace';
import { CONNECTION_WATCH_MS } from '../../electron/core/connection/connection-watch';
import { appForSuite } from './harness';

// Issue #48 item 10: the sandbox's "refuse connections" fault also closed its own admin routes, so nothing
// could switch it off again; and while the platform refused connections with nothing queued, the status bar
// still said "Online · Signed in".
describe('the platform refuses connections, nothing queued', () => {
  const app = appForSuite({ locale: 'en-US' });

  it(
    'the status bar says Offline by itself, the fault is switched off from outside, and Online comes back',
    async () => {
      const { page, demo } = app;
      const network = page.getByTestId('network-state');
      await expect.poll(() => network.textContent(), { timeout: idleMs(30_000) }).toContain('Online');
      // Set and cleared as a tester would, over HTTP, at the sandbox's admin address.
      const faults = `${demo.sandbox.adminUrl}/__sandbox/faults`;
      const set = await fetch(faults, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offline: 'refuse' }),
      });
      expect(set.status).toBe(200);
      await expect(fetch(`${demo.sandbox.baseUrl}/connect/token`, { method: 'POST' })).rejects.toThrow();
      expect((await demo.core.queue.list({ limit: 1, offset: 0, query: '' })).total).toBe(0);
      // No click on "Check connection", nothing to send: the station's own look at the platform says so.
      await expect.poll(() => network.textContent(), { timeout: idleMs(3 * CONNECTION_WATCH_MS) }).toContain('Offline');
      await app.screenshot('status-refused');
      expect((await fetch(faults, { method: 'DELETE' })).status).toBe(200);
      await expect.poll(() => network.textContent(), { timeout: idleMs(3 * CONNECTION_WATCH_MS) }).toContain('Online');
    },
    idleMs(480_000),
  );
});
