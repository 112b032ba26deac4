import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Environment, Settings } from '../../../shared/domain/settings';
import { SettingsSchema } from '../../../shared/domain/settings';
import {
  enforceLocks,
  loadMachineSettings,
  machineSettingsPath,
  mergeSettings,
  parseMachineSettings,
  userPart,
} from './machine-settings';
import { tempDir } from '../util/test-support/temp-dir';

const env = (id: string, clientId = 'client-' + id): Environment => ({
  id,
  name: id,
  kind: 'production',
  baseUrl: 'https://claims.example.com',
  tokenUrl: 'https://login.example.com',
  country: 'de',
  tenant: 'acme',
  clientId,
  scopes: ['case_integration'],
  authMethod: 'private_key_jwt',
  caseSchemaKey: 'case-create',
});
const builtIn: Settings = SettingsSchema.parse({
  version: 2,
  activeEnvironmentId: 'local',
  environments: [env('local')],
});
const folder = { id: 'post', label: 'Post room', path: '\\\\fs01\\scans\\post' };

describe('machineSettingsPath', () => {
  it('names the read-only machine location on each system', () => {
    expect(machineSettingsPath('win32', { ProgramData: 'D:\\ProgramData' })).toBe(
      'D:\\ProgramData\\Intake Desk\\settings.json',
    );
    expect(machineSettingsPath('win32', {})).toBe('C:\\ProgramData\\Intake Desk\\settings.json');
    expect(machineSettingsPath('darwin', {})).toBe('/Library/Application Support/Intake Desk/settings.json');
    expect(machineSettingsPath('linux', {})).toBe('/etc/intake-desk/settings.json');
  });
});

describe('parseMachineSettings', () => {
  it('keeps valid fields and reports, field by field, what it dropped', () => {
    const { machine, problems } = parseMachineSettings({
      version: 1,
      locked: { environments: [env('prod')], folders: [folder], locale: 'fr', version: 3 },
      defaults: { upload: { concurrency: 4 } },
      extra: true,
    });
    expect(Object.keys(machine.locked)).toEqual(['environments', 'folders']);
    expect(machine.locked.folders?.[0]).toMatchObject({ path: folder.path, autoSubmit: false });
    expect(machine.defaults).toEqual({ upload: { concurrency: 4 } });
    expect(problems).toEqual([
      'unknown top-level field "extra" ignored',
      expect.stringMatching(/^locked\.locale is invalid/),
      'locked.version cannot be set machine-wide; ignored',
    ]);
  });

  it("deploys a station's scanners by address; a scanner address that is not http(s) drops the field, saying why", () => {
    const scanners = [
      { url: 'https://192.168.1.20/eSCL', name: 'Post room MFP' },
      { url: 'http://10.0.0.7:8090/eSCL' },
    ];
    expect(parseMachineSettings({ version: 1, locked: { scanners } })).toEqual({
      machine: { locked: { scanners }, defaults: {} },
      problems: [],
    });
    const bad = parseMachineSettings({ version: 1, locked: { scanners: [{ url: 'ftp://192.168.1.20/eSCL' }] } });
    expect(bad.machine.locked).toEqual({});
    expect(bad.problems).toEqual([
      expect.stringMatching(/^locked\.scanners\.0\.url is invalid \(a scanner address is an http\(s\) URL/),
    ]);
    // Locked, a clerk's update cannot change them.
    const locked = { locked: { scanners }, defaults: {} };
    const next = {
      ...SettingsSchema.parse({ version: 2, activeEnvironmentId: 'prod', environments: [env('prod')] }),
      scanners: [],
    };
    expect(enforceLocks(next, locked)).toMatchObject({ settings: { scanners }, refused: ['scanners'] });
  });

  it('a file that is not an object locks nothing and says so', () => {
    expect(parseMachineSettings([1, 2])).toMatchObject({
      machine: { locked: {}, defaults: {} },
      problems: [expect.any(String)],
    });
  });
});

describe('mergeSettings', () => {
  it('machine locks win over the user file; machine defaults only fill what the user never set', () => {
    const { machine } = parseMachineSettings({
      version: 1,
      locked: { environments: [env('prod', 'it-fixed-client')], activeEnvironmentId: 'prod', folders: [folder] },
      defaults: { locale: 'de', upload: { concurrency: 4 } },
    });
    const user = {
      version: 2,
      activeEnvironmentId: 'mine',
      environments: [env('mine', 'user-client')],
      folders: [],
      locale: 'en',
    };
    const r = mergeSettings(builtIn, machine, user);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.settings.environments.map((e) => e.clientId)).toEqual(['it-fixed-client']);
    expect(r.value.settings.activeEnvironmentId).toBe('prod');
    expect(r.value.settings.folders.map((f) => f.path)).toEqual([folder.path]);
    expect(r.value.settings.locale).toBe('en');
    expect(r.value.settings.upload.concurrency).toBe(4);
    expect(r.value.locked).toEqual(['activeEnvironmentId', 'environments', 'folders']);
  });

  it('with only the environments locked, the active one falls back to the first locked environment', () => {
    const { machine } = parseMachineSettings({ version: 1, locked: { environments: [env('prod'), env('test')] } });
    const r = mergeSettings(builtIn, machine, { version: 2, activeEnvironmentId: 'gone', environments: [env('gone')] });
    expect(r.ok && r.value.settings.activeEnvironmentId).toBe('prod');
    const keep = mergeSettings(builtIn, machine, { version: 2, activeEnvironmentId: 'test', environments: [] });
    expect(keep.ok && keep.value.settings.activeEnvironmentId).toBe('test');
  });

  it('no machine file: the user file over the built-in defaults, nothing locked', () => {
    const r = mergeSettings(builtIn, { locked: {}, defaults: {} }, undefined);
    expect(r).toEqual({ ok: true, value: { settings: builtIn, locked: [] } });
  });

  it('refuses a merge whose active environment does not exist', () => {
    const { machine } = parseMachineSettings({ version: 1, locked: { activeEnvironmentId: 'nowhere' } });
    expect(mergeSettings(builtIn, machine, undefined)).toMatchObject({ ok: false });
  });
});

describe('enforceLocks and userPart', () => {
  const { machine } = parseMachineSettings({ version: 1, locked: { folders: [folder], locale: 'de' } });
  const effective = mergeSettings(builtIn, machine, undefined);
  if (!effective.ok) throw new Error(effective.message);
  const current = effective.value.settings;

  it('an update cannot change a locked field and reports the attempt; other fields change', () => {
    const attempt: Settings = { ...current, folders: [], locale: 'de', upload: { concurrency: 5 } };
    const { settings, refused } = enforceLocks(attempt, machine);
    expect(refused).toEqual(['folders']);
    expect(settings.folders.map((f) => f.path)).toEqual([folder.path]);
    expect(settings.upload.concurrency).toBe(5);
  });

  it('an update that leaves locked fields alone is not refused', () => {
    expect(enforceLocks({ ...current, upload: { concurrency: 3 } }, machine).refused).toEqual([]);
  });

  it("locked fields keep the user's own values in the user file; the rest is what was saved", () => {
    const own: Settings = { ...builtIn, folders: [], locale: 'en' };
    const saved: Settings = { ...current, upload: { concurrency: 4 } };
    const part = userPart(saved, own, machine);
    expect(part.folders).toEqual([]);
    expect(part.locale).toBe('en');
    expect(part.upload.concurrency).toBe(4);
    expect(part.environments).toEqual(saved.environments);
  });
});

describe('loadMachineSettings', () => {
  const dir = tempDir('intake-machine-');

  it('no file is the normal case', async () => {
    expect(await loadMachineSettings(join(dir, 'absent.json'))).toEqual({
      machine: { locked: {}, defaults: {} },
      problems: [],
      found: false,
    });
  });

  it('reads a root-only file without complaint, and flags one other users can write', async () => {
    const file = join(dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ version: 1, locked: { folders: [folder] } }));
    chmodSync(file, 0o644);
    const ok = await loadMachineSettings(file);
    expect(ok.problems).toEqual([]);
    expect(ok.machine.locked.folders).toHaveLength(1);
    chmodSync(file, 0o666);
    const loose = await loadMachineSettings(file);
    expect(loose.problems[0]).toMatch(/can be changed by other users \(mode 666\)/);
    expect(loose.machine.locked.folders).toHaveLength(1);
  });

  it('a broken file locks nothing and says why', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{ "version": 1, ');
    const r = await loadMachineSettings(file);
    expect(r.found).toBe(true);
    expect(r.machine).toEqual({ locked: {}, defaults: {} });
    expect(r.problems[0]).toMatch(/not valid JSON/);
  });
});

// Issue #46: the OCR languages are locked with the rest of `text` (fields are locked whole).
describe('text (OCR languages) locked machine-wide', () => {
  it('is locked machine-wide with text: the user’s file cannot change it', () => {
    const { machine, problems } = parseMachineSettings({ version: 1, locked: { text: { languages: 'deu+eng' } } });
    expect(problems).toEqual([]);
    const merged = mergeSettings(builtIn, machine, { ...builtIn, text: { languages: 'eng' } });
    expect(merged.ok && merged.value.settings.text?.languages).toBe('deu+eng');
    expect(merged.ok && merged.value.locked).toEqual(['text']);
    const update = enforceLocks({ ...builtIn, text: { languages: 'eng' } }, machine);
    expect(update.refused).toEqual(['text']);
    expect(update.settings.text).toEqual({ languages: 'deu+eng' });
  });
});

// Issue #50: IT points every station of an office at one office database; the URL is locked whole, and a
// password in it is refused at the field (it belongs in the keychain, never in a file others read).
describe('office database locked machine-wide', () => {
  const office = { database: 'postgres://intake@db.office.example:5432/office?sslmode=verify-full' };

  it("is locked machine-wide: the user's file cannot point the station elsewhere", () => {
    const { machine, problems } = parseMachineSettings({ version: 1, locked: { office } });
    expect(problems).toEqual([]);
    const elsewhere = { database: 'postgres://intake@other.example/office' };
    const merged = mergeSettings(builtIn, machine, { ...builtIn, office: elsewhere });
    expect(merged.ok && merged.value.settings.office).toEqual(office);
    expect(merged.ok && merged.value.locked).toEqual(['office']);
    const update = enforceLocks({ ...builtIn, office: elsewhere }, machine);
    expect(update.refused).toEqual(['office']);
    expect(update.settings.office).toEqual(office);
  });

  it('a URL with a password is left out, saying where the password goes', () => {
    const r = parseMachineSettings({
      version: 1,
      locked: { office: { database: 'postgres://intake:s3cret@db.office.example/office' } },
    });
    expect(r.machine.locked.office).toBeUndefined();
    expect(r.problems).toEqual([
      'locked.office.database is invalid (leave the password out of the URL: it is kept in the keychain (intake-agent: $INTAKE_OFFICE_PASSWORD)); locked.office ignored',
    ]);
    expect(JSON.stringify(r)).not.toContain('s3cret');
  });
});
