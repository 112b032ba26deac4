import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeCore } from './app';
import { createIntakeCore } from './app';
import { isIntakeError } from './errors';
import { MemorySecretStore } from './platform/test-support/connection-harness';
import { createDefaultSettings } from './settings/default-settings';
import { silentLogger } from './util/logger';
import { freePort } from './test-support/free-port';
import { idleMs } from './util/test-support/box-pace';

let dir: string | undefined;
let core: IntakeCore | undefined;
afterEach(async () => {
  await core?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  core = undefined;
  dir = undefined;
});

const scrape = (port: number) =>
  fetch(`http://127.0.0.1:${port}/metrics`).then(
    async (r) => ({ status: r.status, text: await r.text() }),
    () => undefined,
  );

async function start(monitoring?: { metricsPort?: number }) {
  dir = await mkdtemp(join(tmpdir(), 'intake-app-metrics-'));
  const settingsFile = join(dir, 'settings.json');
  const settings = createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
  await writeFile(settingsFile, JSON.stringify({ ...settings, ...(monitoring ? { monitoring } : {}) }));
  core = await createIntakeCore({
    name: 'Intake Desk',
    version: 'test',
    shell: 'web',
    paths: { settingsFile, dataDir: join(dir, 'data') },
    secretStore: new MemorySecretStore(),
    logger: silentLogger,
  });
  return core;
}

describe('the desktop app’s metrics endpoint (settings → monitoring)', () => {
  it('is off by default', async () => {
    const port = await freePort();
    await start();
    expect(await scrape(port)).toBeUndefined();
  });

  it('serves Prometheus text on the configured loopback port, follows a change and turns off', async () => {
    const first = await freePort();
    const c = await start({ metricsPort: first });
    await expect.poll(async () => (await scrape(first))?.status, { timeout: idleMs(5_000) }).toBe(200);
    expect((await scrape(first))?.text).toMatch(/^intake_queue_documents\{state="queued"\} 0$/m);

    const second = await freePort();
    await c.settings.save({ ...c.settings.get(), monitoring: { metricsPort: second } });
    await expect.poll(async () => (await scrape(second))?.status, { timeout: idleMs(5_000) }).toBe(200);
    expect(await scrape(first)).toBeUndefined();

    const { monitoring: _off, ...rest } = c.settings.get();
    await c.settings.save(rest);
    await expect.poll(async () => await scrape(second), { timeout: idleMs(5_000) }).toBeUndefined();
  });

  it('refuses a port below 1024 at the field', async () => {
    const c = await start();
    const refused = await c.settings
      .save({ ...c.settings.get(), monitoring: { metricsPort: 80 } })
      .catch((e: unknown) => e);
    expect(isIntakeError(refused) && refused.fields).toHaveProperty(['monitoring.metricsPort']);
  });
});
