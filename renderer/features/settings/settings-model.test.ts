import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/domain/settings';
import { newEnvironment, settingsErrorsFromIpc, updateEnvironment, validateSettings } from './settings-model';

const base: Settings = {
  version: 2,
  activeEnvironmentId: 'local',
  environments: [
    {
      id: 'local',
      name: 'Local sandbox',
      kind: 'local-sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      tokenUrl: 'http://127.0.0.1:4010',
      country: 'de',
      tenant: 'demo-insurance',
      clientId: 'demo',
      scopes: ['case_integration'],
      authMethod: 'client_secret',
      caseSchemaKey: 'case-create',
    },
  ],
  folders: [],
  archive: { mode: 'move', retentionDays: 30 },
  upload: { concurrency: 2 },
  documentTypes: [],
  locale: 'en',
  updates: { channel: 'off' },
  desktop: { startMinimisedAtLogin: false, closeToTrayHintShown: false },
};

describe('settings model', () => {
  it('accepts valid settings', () => {
    expect(validateSettings(base)).toEqual({});
  });
  it('reports bad fields by path, duplicate ids and a missing active environment', () => {
    let s = updateEnvironment(base, 0, { baseUrl: 'not a url' });
    s = { ...s, upload: { concurrency: 12 } };
    const errors = validateSettings(s);
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['environments.0.baseUrl', 'upload.concurrency']));
    const dup = { ...base, environments: [...base.environments, base.environments[0]!] };
    expect(validateSettings(dup)['environments.1.id']).toBe('settings.error.duplicateId');
    expect(validateSettings({ ...base, activeEnvironmentId: 'gone' })['activeEnvironmentId']).toBe(
      'settings.error.noActive',
    );
  });
  it('new environments get unique ids; a fresh one is not valid until its URLs are filled in', () => {
    const env = newEnvironment(base.environments, 'custom');
    expect(env.id).toBe('custom-2');
    const s = { ...base, environments: [...base.environments, env] };
    expect(validateSettings(s)['environments.1.baseUrl']).toBeDefined();
  });
  it('strips the request prefix from core field errors', () => {
    expect(settingsErrorsFromIpc({ 'settings.folders.0.path': 'missing' })).toEqual({ 'folders.0.path': 'missing' });
  });
});
