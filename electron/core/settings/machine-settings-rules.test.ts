import { describe, expect, it } from 'vitest';
import { parseMachineSettings } from './machine-settings';

// The machine-wide file is checked with the same schema as settings.update: a field that breaks a rule is
// left out and reported with the path of the offending value, so IT sees what to fix.
const folder = { id: 'scans', label: 'Scans', path: '/srv/scans' };
const production = {
  id: 'production',
  name: 'Production',
  kind: 'production',
  baseUrl: 'https://claims.example.com',
  tokenUrl: 'https://login.claims.example.com',
  country: 'de',
  tenant: 't',
  clientId: 'intake-desk',
  scopes: [],
  authMethod: 'client_secret',
};

describe('machine-wide settings and the settings rules', () => {
  it('a locked folder with an unknown placeholder is left out and named to the field', () => {
    const r = parseMachineSettings({
      version: 1,
      locked: { folders: [folder, { ...folder, id: 'bad', fileNamePattern: '{NoSuchField}_*.pdf' }] },
    });
    expect(r.machine.locked.folders).toBeUndefined();
    expect(r.problems).toEqual([
      'locked.folders.1.fileNamePattern is invalid (unknown placeholder {NoSuchField}; use header names such as {CaseNumber} or {Responsible-UserId}); locked.folders ignored',
    ]);
  });

  it('an http token URL for production is left out the same way', () => {
    const r = parseMachineSettings({
      version: 1,
      locked: { environments: [{ ...production, tokenUrl: 'http://login.claims.example.com' }] },
    });
    expect(r.machine.locked.environments).toBeUndefined();
    expect(r.problems[0]).toMatch(/^locked\.environments\.0\.tokenUrl is invalid \(use https/);
  });

  it('valid fields are taken', () => {
    const r = parseMachineSettings({
      version: 1,
      locked: { folders: [{ ...folder, fileNamePattern: '{CaseNumber}_*.pdf' }], environments: [production] },
    });
    expect(r.problems).toEqual([]);
    expect(r.machine.locked.folders?.[0]?.fileNamePattern).toBe('{CaseNumber}_*.pdf');
  });
});
