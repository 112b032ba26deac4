import { describe, expect, it } from 'vitest';
import type { Settings } from '../../../shared/domain/settings';
import { scriptedStore } from '../../test-support/scripted-store';

// Settings as an older file holds them: main loads them (the rest keeps running) and the screen shows,
// at each field, what today's rules refuse — before the clerk edits or saves anything.
const fromOldFile = {
  version: 2,
  activeEnvironmentId: 'local-sandbox',
  environments: [
    {
      id: 'local-sandbox',
      name: 'Local sandbox',
      kind: 'local-sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      tokenUrl: 'http://127.0.0.1:4010',
      country: 'de',
      tenant: 'demo',
      clientId: 'intake-desk-demo',
      scopes: [],
      authMethod: 'client_secret',
      caseSchemaKey: 'case-create',
    },
    {
      id: 'production',
      name: 'Production',
      kind: 'production',
      baseUrl: 'https://claims.example.com',
      tokenUrl: 'http://login.claims.example.com',
      country: 'de',
      tenant: 't',
      clientId: 'intake-desk',
      scopes: [],
      authMethod: 'client_secret',
      caseSchemaKey: 'case-create',
    },
  ],
  folders: [
    {
      id: 'f1',
      label: 'Scans',
      path: '/scans',
      defaultMetadata: {},
      autoSubmit: false,
      fileNamePattern: '{NoSuchField}_*.pdf',
      include: ['*.pdf'],
      exclude: [],
      polling: { enabled: false, intervalMs: 5000 },
      recognizeCompleteFiles: true,
    },
  ],
  archive: { mode: 'move', retentionDays: 30 },
  upload: { concurrency: 2 },
  documentTypes: [],
  locale: 'en',
  updates: { channel: 'off' },
  desktop: { startMinimisedAtLogin: false, closeToTrayHintShown: false },
} satisfies Settings;

describe('settings slice', () => {
  it('shows the fields an older settings file breaks as soon as the settings are loaded', async () => {
    const { bridge, store } = scriptedStore();
    const loading = store.getState().loadSettings();
    bridge.answer(0, { ok: true, value: fromOldFile });
    await loading;
    expect(store.getState().settingsErrors).toEqual({
      'environments.1.tokenUrl': 'use https (plain http only on this machine: 127.0.0.1, ::1 or localhost)',
      'folders.0.fileNamePattern':
        'unknown placeholder {NoSuchField}; use header names such as {CaseNumber} or {Responsible-UserId}',
    });
  });
});
