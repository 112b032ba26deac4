import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema, SETTINGS_VERSION, SettingsSchema } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';
import { rejection } from '../test-support/rejection';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { createDefaultSettings } from './default-settings';
import { SettingsService } from './settings-service';

let dir: string;
let path: string;
const clock: Clock = { now: () => Date.parse('2026-03-01T12:34:56.789Z'), sleep: systemClock.sleep };
const defaults = () => createDefaultSettings({ baseUrl: 'http://127.0.0.1:4010', tokenUrl: 'http://127.0.0.1:4010' });
const service = () => new SettingsService({ path, defaults, clock, logger: silentLogger });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'settings-'));
  path = join(dir, 'settings.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SettingsService', () => {
  it('writes valid defaults on first run with the local sandbox active and templates for the hosted environments', async () => {
    const s = await service().load();
    expect(s.activeEnvironmentId).toBe('local-sandbox');
    expect(s.environments.map((e) => e.kind)).toEqual(['local-sandbox', 'sandbox', 'production']);
    expect(s.environments[0]).toMatchObject({ baseUrl: 'http://127.0.0.1:4010', clientId: 'intake-desk-demo' });
    expect(s.documentTypes.map((d) => d.code)).toContain('INV');
    const onDisk = SettingsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
    expect(onDisk).toEqual(s);
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('saves atomically, leaves no temp files, and a new service reads back the same settings', async () => {
    const svc = service();
    const s = await svc.load();
    await svc.save({
      ...s,
      locale: 'de',
      folders: [FolderProfileSchema.parse({ id: 'f1', label: 'Scans', path: '/scans' })],
    });
    expect(readdirSync(dir)).toEqual(['settings.json']);
    const again = await service().load();
    expect(again.locale).toBe('de');
    expect(again.folders[0]?.path).toBe('/scans');
  });

  it('refuses to save invalid or inconsistent settings', async () => {
    const svc = service();
    const s = await svc.load();
    expect((await rejection(svc.save({ ...s, activeEnvironmentId: 'nope' }))).code).toBe('settings.invalid');
    expect(
      (await rejection(svc.save({ ...s, environments: [...s.environments, s.environments[0]!] }))).message,
    ).toContain('used twice');
    expect(JSON.parse(readFileSync(path, 'utf8')).activeEnvironmentId).toBe('local-sandbox');
  });

  it('migrates a version 1 file to the current version and keeps a backup of the original', async () => {
    const v1 = {
      version: 1,
      environment: {
        name: 'Versicherung Nord',
        baseUrl: 'https://api.nord.example',
        tokenUrl: 'https://login.nord.example',
        country: 'de',
        tenant: 'nord',
        clientId: 'nord-desk',
        scopes: 'case_integration  events unknown_scope',
        useCertificate: true,
      },
      watchFolders: ['/srv/scans/eingang/', 'C:\\Scans\\Post'],
      documentTypes: ['INV', 'FNOL'],
      language: 'de',
    };
    writeFileSync(path, JSON.stringify(v1));
    const s = await service().load();
    expect(s.version).toBe(SETTINGS_VERSION);
    expect(s.activeEnvironmentId).toBe('migrated');
    expect(s.environments[0]).toMatchObject({
      kind: 'custom',
      clientId: 'nord-desk',
      scopes: ['case_integration', 'events'],
      authMethod: 'private_key_jwt',
    });
    expect(s.folders.map((f) => [f.label, f.path])).toEqual([
      ['eingang', '/srv/scans/eingang/'],
      ['C:\\Scans\\Post', 'C:\\Scans\\Post'],
    ]);
    expect(s.documentTypes).toEqual([
      { code: 'INV', label: 'INV' },
      { code: 'FNOL', label: 'FNOL' },
    ]);
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(SETTINGS_VERSION);
    expect(JSON.parse(readFileSync(join(dir, 'settings.v1.backup.json'), 'utf8'))).toEqual(v1);
  });

  it('keeps a damaged file aside, explains it, and refuses to overwrite until the user chooses', async () => {
    writeFileSync(path, '{"version": 2, "environments": [');
    const svc = service();
    const e = await rejection(svc.load());
    expect(e.kind).toBe('configuration');
    expect(e.code).toBe('settings.corrupt');
    const kept = join(dir, 'settings.corrupt-2026-03-01T12-34-56-789Z.json');
    expect(e.message).toContain(kept);
    expect(readFileSync(kept, 'utf8')).toBe('{"version": 2, "environments": [');
    expect(() => svc.get()).toThrow(IntakeError);
    expect((await rejection(svc.save(defaults()))).code).toBe('settings.blocked');
    expect(readFileSync(path, 'utf8')).toBe('{"version": 2, "environments": [');
    const reset = await svc.resetToDefaults();
    expect(reset.activeEnvironmentId).toBe('local-sandbox');
    expect(svc.get()).toEqual(reset);
  });

  it('names the invalid field of a schema-invalid file', async () => {
    const bad = { ...defaults(), environments: [{ ...defaults().environments[0], baseUrl: 'not a url' }] };
    writeFileSync(path, JSON.stringify(bad));
    const e = await rejection(service().load());
    expect(e.code).toBe('settings.invalid');
    expect(e.message).toContain('environments.0.baseUrl');
    expect(readdirSync(dir).some((f) => f.startsWith('settings.corrupt-'))).toBe(true);
  });

  it('leaves a file from a newer version untouched', async () => {
    writeFileSync(path, JSON.stringify({ version: SETTINGS_VERSION + 1 }));
    const e = await rejection(service().load());
    expect(e.code).toBe('settings.too_new');
    expect(JSON.parse(readFileSync(path, 'utf8')).version).toBe(SETTINGS_VERSION + 1);
  });

  it('applies the machine-wide hook on top of the user file', async () => {
    const svc = new SettingsService({
      path,
      defaults,
      clock,
      logger: silentLogger,
      machinePath: '/etc/intake-desk/settings.json',
      applyMachine: (s) => ({ ...s, locale: 'de' }),
    });
    expect((await svc.load()).locale).toBe('de');
    expect(JSON.parse(readFileSync(path, 'utf8')).locale).toBe('en');
  });
});
