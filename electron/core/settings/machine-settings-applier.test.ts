import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Environment } from '../../../shared/domain/settings';
import { createDefaultSettings } from './default-settings';
import { SettingsService } from './settings-service';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { MachineSettingsApplier } from './machine-settings-applier';
import { tempDir } from '../util/test-support/temp-dir';

const itEnvironment: Environment = {
  id: 'acme-prod',
  name: 'ACME production',
  kind: 'production',
  baseUrl: 'https://claims.acme.example.com',
  tokenUrl: 'https://login.acme.example.com',
  country: 'de',
  tenant: 'acme',
  clientId: 'it-fixed-client',
  scopes: ['case_integration'],
  authMethod: 'private_key_jwt',
  caseSchemaKey: 'case-create',
};

describe('MachineSettingsApplier in the real SettingsService', () => {
  it("locks IT's environment and folders over the user's file, on load and on save", async () => {
    const dir = tempDir('intake-machine-svc-');
    const machinePath = join(dir, 'machine', 'settings.json');
    const userPath = join(dir, 'user', 'settings.json');
    mkdirSync(join(dir, 'machine'));
    writeFileSync(
      machinePath,
      JSON.stringify({
        version: 1,
        locked: {
          environments: [itEnvironment],
          activeEnvironmentId: 'acme-prod',
          folders: [{ id: 'post', label: 'Post room', path: '/srv/scans/post' }],
        },
      }),
    );
    const applier = new MachineSettingsApplier(silentLogger);
    const service = new SettingsService({
      path: userPath,
      machinePath,
      applyMachine: applier.apply,
      defaults: () => createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
      clock: systemClock,
      logger: silentLogger,
    });
    const loaded = await service.load();
    expect(loaded.activeEnvironmentId).toBe('acme-prod');
    expect(loaded.environments.map((e) => e.clientId)).toEqual(['it-fixed-client']);
    expect(loaded.folders.map((f) => f.path)).toEqual(['/srv/scans/post']);
    expect(applier.locked).toEqual(['activeEnvironmentId', 'environments', 'folders']);

    // A clerk's attempt to point the app elsewhere: refused by name, and the lock wins even if saved.
    const attempt = { ...loaded, folders: [], locale: 'de' as const };
    expect(applier.refusedIn(attempt)).toEqual(['folders']);
    const saved = await service.save(attempt);
    expect(saved.folders.map((f) => f.path)).toEqual(['/srv/scans/post']);
    expect(saved.locale).toBe('de');
    expect(JSON.parse(readFileSync(userPath, 'utf8')).locale).toBe('de');

    // IT lifts the lock: the next load no longer forces it.
    writeFileSync(machinePath, JSON.stringify({ version: 1, locked: {} }));
    const relaxed = await service.load();
    expect(applier.locked).toEqual([]);
    expect(relaxed.locale).toBe('de');
  });

  it("a save under a lock keeps the user's own folders in their file: lifting the lock brings them back", async () => {
    const dir = tempDir('intake-machine-own-');
    const machinePath = join(dir, 'machine', 'settings.json');
    const userPath = join(dir, 'user', 'settings.json');
    mkdirSync(join(dir, 'machine'));
    mkdirSync(join(dir, 'user'));
    const defaults = () => createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
    // The clerk's own file, from before IT rolled out the machine-wide one.
    const own = { ...defaults(), folders: [{ id: 'mine', label: 'My scans', path: '/home/clerk/scans' }] };
    writeFileSync(userPath, JSON.stringify(own));
    writeFileSync(
      machinePath,
      JSON.stringify({
        version: 1,
        locked: { folders: [{ id: 'post', label: 'Post room', path: '/srv/scans/post' }] },
      }),
    );
    const applier = new MachineSettingsApplier(silentLogger);
    const service = new SettingsService({
      path: userPath,
      machinePath,
      applyMachine: applier.apply,
      userPartOf: applier.userPart,
      defaults,
      clock: systemClock,
      logger: silentLogger,
    });
    const loaded = await service.load();
    expect(loaded.folders.map((f) => f.path)).toEqual(['/srv/scans/post']);
    // The settings screen saves what it shows: the effective settings, locked folders included.
    const saved = await service.save({ ...loaded, locale: 'de' });
    expect(saved.folders.map((f) => f.path)).toEqual(['/srv/scans/post']);
    const file = JSON.parse(readFileSync(userPath, 'utf8')) as typeof own;
    expect(file.folders.map((f) => f.path)).toEqual(['/home/clerk/scans']);
    expect(file.locale).toBe('de');

    writeFileSync(machinePath, JSON.stringify({ version: 1, locked: {} }));
    const relaxed = await service.load();
    expect(relaxed.folders.map((f) => f.path)).toEqual(['/home/clerk/scans']);
    expect(relaxed.locale).toBe('de');
  });

  it('without a machine file nothing is locked', async () => {
    const applier = new MachineSettingsApplier(silentLogger);
    const user = createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' });
    expect(await applier.apply(user, join(tmpdir(), 'no-such-dir-intake', 'settings.json'))).toEqual(user);
    expect(applier.locked).toEqual([]);
  });
});
