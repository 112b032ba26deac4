import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { RunningSandbox } from '../../../sandbox';
import type { Settings } from '../../../shared/domain/settings';
import { ConnectionMonitor } from '../connection/connection-monitor';
import { PlatformSession } from '../connection/platform-session';
import { EventBus } from '../events/event-bus';
import { platformClientFactory } from '../platform/create-platform-client';
import { createNodeFetch } from '../http/node-fetch';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { CredentialStore } from '../secrets/credential-store';
import { createDefaultSettings } from '../settings/default-settings';
import { SettingsService } from '../settings/settings-service';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { dispatch } from './handler-table';
import { IpcEvents } from './ipc-events';
import { completeHandlerTable } from './test-support/complete-handler-table';
import { createSettingsHandlers } from './settings-handlers';

// The keychain itself is tested against a real Secret Service in secrets/; here the store is in memory
// so the handlers' rules (write-only secrets, locks, connection test steps) are tested on their own.
describe('settings and credential handlers', () => {
  let dir: string;
  let sandbox: RunningSandbox;
  let settings: SettingsService;
  let credentials: CredentialStore;
  const bus = new EventBus();
  const events: string[] = [];
  let locked: string[] = [];

  const call = async (channel: string, request: unknown) => dispatch(handlers(), channel, request);
  let handlers: () => ReturnType<typeof completeHandlerTable>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-settings-handlers-'));
    sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
    settings = new SettingsService({
      path: join(dir, 'settings.json'),
      defaults: () => createDefaultSettings({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl }),
      clock: systemClock,
      logger: silentLogger,
      events: bus,
    });
    await settings.load();
    credentials = new CredentialStore(new MemorySecretStore(), silentLogger);
    const session = new PlatformSession({
      environment: () => settings.get().environments[0]!,
      clientsFor: platformClientFactory({
        credentials,
        fetch: createNodeFetch(),
        clock: systemClock,
        logger: silentLogger,
      }),
      fetch: createNodeFetch(),
      clock: systemClock,
      connection: new ConnectionMonitor(bus, systemClock),
    });
    // What the windows hear: the domain events projected for the screen.
    new IpcEvents(bus).subscribe((channel) => events.push(channel));
    const table = completeHandlerTable(
      createSettingsHandlers({ settings, credentials, session, lockedFieldsIn: () => locked }),
    );
    handlers = () => table;
  });
  afterAll(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('saves valid settings atomically and tells every window', async () => {
    const current = (await call('settings.get', {})) as { ok: true; value: Settings };
    const next = { ...current.value, upload: { concurrency: 3 } };
    const saved = await call('settings.update', { settings: next });
    expect(saved).toMatchObject({ ok: true, value: { upload: { concurrency: 3 } } });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8')).upload.concurrency).toBe(3);
    expect(events).toContain('settings.changed');
  });

  it('refuses an update to fields the machine-wide file fixes, and leaves the file as it was', async () => {
    const before = await readFile(join(dir, 'settings.json'), 'utf8');
    locked = ['activeEnvironmentId'];
    const result = await call('settings.update', {
      settings: { ...settings.get(), activeEnvironmentId: 'production' },
    });
    locked = [];
    expect(result).toMatchObject({ ok: false, error: { code: 'settings.locked' } });
    expect(JSON.stringify(result)).toContain('activeEnvironmentId');
    expect(await readFile(join(dir, 'settings.json'), 'utf8')).toBe(before);
  });

  it('refuses invalid settings with a clear message', async () => {
    const result = await call('settings.update', { settings: { ...settings.get(), environments: [] } });
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc.invalid_request' } });
  });

  it('takes a client secret but only ever answers whether one is stored', async () => {
    const result = await call('secrets.setClientSecret', {
      environmentId: 'local-sandbox',
      secret: 'top-secret-value',
    });
    expect(result).toMatchObject({ ok: true, value: { clientSecret: true, privateKey: false } });
    expect(JSON.stringify(result)).not.toContain('top-secret-value');
    const deleted = await call('secrets.delete', { environmentId: 'local-sandbox', kind: 'clientSecret' });
    expect(deleted).toMatchObject({ ok: true, value: { clientSecret: false } });
  });

  it('generates a key pair: the private key stays in the store, the public half is returned', async () => {
    const result = (await call('secrets.generateKeyPair', { environmentId: 'local-sandbox' })) as {
      ok: true;
      value: { publicKeyPem: string; publicKeyJwk: Record<string, unknown>; status: { privateKey: boolean } };
    };
    expect(result.ok).toBe(true);
    expect(result.value.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    expect(JSON.stringify(result)).not.toContain('PRIVATE KEY');
    expect(result.value.publicKeyJwk).not.toHaveProperty('d');
    expect(result.value.status.privateKey).toBe(true);
  });

  it('names an unknown environment', async () => {
    const result = await call('secrets.status', { environmentId: 'nowhere' });
    expect(result).toMatchObject({ ok: false, error: { code: 'settings.unknown_environment' } });
  });

  it('connection test: done with the right secret, the token step with a wrong one, the network step when unreachable', async () => {
    await call('secrets.setClientSecret', { environmentId: 'local-sandbox', secret: sandbox.demoClient.secret });
    expect(await call('connection.test', { environmentId: 'local-sandbox' })).toMatchObject({
      ok: true,
      value: { ok: true, step: 'done' },
    });

    await call('secrets.setClientSecret', { environmentId: 'local-sandbox', secret: 'wrong' });
    const wrong = (await call('connection.test', { environmentId: 'local-sandbox' })) as {
      value: { ok: boolean; step: string; code: string };
    };
    expect(wrong.value).toMatchObject({ ok: false, step: 'token' });
    expect(wrong.value.code).toMatch(/invalid_client/);

    const production = settings.get().environments.find((e) => e.kind === 'production')!;
    const unreachable = await createSettingsHandlers({
      settings: {
        get: () => ({
          ...settings.get(),
          environments: [{ ...production, clientId: 'x', tokenUrl: 'http://127.0.0.1:9' }],
        }),
      } as never,
      credentials,
      session: new PlatformSession({
        environment: () => production,
        clientsFor: platformClientFactory({
          credentials,
          fetch: createNodeFetch(),
          clock: systemClock,
          logger: silentLogger,
        }),
        fetch: createNodeFetch(),
        clock: systemClock,
        connection: new ConnectionMonitor(bus, systemClock),
      }),
    })['connection.test']({ environmentId: production.id });
    expect(unreachable).toMatchObject({ ok: false, step: 'network' });
  });
});
