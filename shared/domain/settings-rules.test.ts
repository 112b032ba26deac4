import { describe, expect, it } from 'vitest';
import { parseInvokeRequest } from '../ipc/validate';
import { compileFileNamePattern } from './file-name-pattern';
import { MetadataSchema, metadataValueProblem, StoredMetadataSchema } from './metadata';
import { HTTPS_REQUIRED, insecureUrlProblem } from './secure-url';
import { FolderProfileSchema, SettingsSchema, StoredSettingsSchema } from './settings';
import type { Settings } from './settings';

const settings = (patch: Partial<Settings> = {}): Settings =>
  SettingsSchema.parse({
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
      },
    ],
    ...patch,
  });
const folder = (fileNamePattern: string) =>
  ({ ...FolderProfileSchema.parse({ id: 'f1', label: 'Scans', path: '/scans' }), fileNamePattern }) as const;

describe('file-name patterns in the settings schema', () => {
  it('refuses an unknown placeholder at the field, for settings.update', () => {
    const bad = { ...settings(), folders: [folder('{NoSuchField}_*.pdf')] };
    const r = parseInvokeRequest('settings.update', { settings: bad });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.fields).toEqual({
      'settings.folders.0.fileNamePattern':
        'unknown placeholder {NoSuchField}; use header names such as {CaseNumber} or {Responsible-UserId}',
    });
  });

  it('refuses empty placeholders and braces without their pair; accepts the documented forms', () => {
    expect(compileFileNamePattern('{}_x.pdf')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/empty placeholder/),
    });
    expect(compileFileNamePattern('{CaseNumber_*.pdf')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/without its pair/),
    });
    expect(compileFileNamePattern('CaseNumber}_*.pdf')).toMatchObject({ ok: false });
    for (const ok of ['{CaseNumber}_{DocumentTypeCode}_*.pdf', '{ responsible-userid }-?.PDF', 'plain*.pdf']) {
      expect(compileFileNamePattern(ok).ok, ok).toBe(true);
      expect(SettingsSchema.safeParse({ ...settings(), folders: [folder(ok)] }).success, ok).toBe(true);
    }
  });

  it('settings as stored still read a bad pattern (the folder is marked invalid, the others run)', () => {
    const old = { ...settings(), folders: [folder('{NoSuchField}.pdf')] };
    expect(SettingsSchema.safeParse(old).success).toBe(false);
    expect(StoredSettingsSchema.parse(old).folders[0]?.fileNamePattern).toBe('{NoSuchField}.pdf');
  });
});

describe('URLs that receive credentials', () => {
  const production = {
    id: 'production',
    name: 'Production',
    kind: 'production' as const,
    baseUrl: 'https://api.example.com',
    tokenUrl: 'https://login.example.com',
    country: 'de',
    tenant: 't',
    clientId: 'intake-desk',
    scopes: [],
    authMethod: 'client_secret' as const,
    caseSchemaKey: 'case-create',
  };
  const withProduction = (patch: Partial<typeof production>) => {
    const s = settings();
    return { ...s, environments: [...s.environments, { ...production, ...patch }] };
  };

  it('an http token URL for production is refused by settings.update, with the message at the field', () => {
    const r = parseInvokeRequest('settings.update', {
      settings: withProduction({ tokenUrl: 'http://login.example.com' }),
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.fields).toEqual({ 'settings.environments.1.tokenUrl': HTTPS_REQUIRED });
    expect(r.error.message).toContain('environments.1.tokenUrl');
  });

  it('the base URL (which receives the bearer token) too; https anywhere and http on loopback are accepted', () => {
    expect(
      SettingsSchema.safeParse(withProduction({ baseUrl: 'http://api.example.com' })).error?.issues[0],
    ).toMatchObject({ path: ['environments', 1, 'baseUrl'], message: HTTPS_REQUIRED });
    for (const url of [
      'https://login.example.com:8443/realms/x',
      'http://127.0.0.1:4010',
      'http://localhost:1',
      'http://[::1]:2',
    ]) {
      expect(SettingsSchema.safeParse(withProduction({ tokenUrl: url, baseUrl: url })).success, url).toBe(true);
    }
    for (const url of [
      'http://127.0.0.1.example.com',
      'http://localhost@evil.example.com',
      'http://evil.example.com\\@localhost',
    ]) {
      expect(insecureUrlProblem(url), url).toBe(HTTPS_REQUIRED);
    }
  });

  it('an older settings file with an http URL still loads (the token client refuses to use it)', () => {
    expect(StoredSettingsSchema.safeParse(withProduction({ tokenUrl: 'http://login.example.com' })).success).toBe(true);
  });
});

describe('metadata values', () => {
  it('refuse every control character: C0 (TAB included), DEL and C1, at the field', () => {
    for (const c of ['\t', '\x01', '\x1b', '\x1f', '\x7f', '\x80', '\x85', '\x9f']) {
      const r = MetadataSchema.safeParse({ caseNumber: `47${c}11` });
      expect(r.success, JSON.stringify(c)).toBe(false);
      expect(r.error?.issues[0]).toMatchObject({
        path: ['caseNumber'],
        message: 'tabs and other control characters are not allowed',
      });
    }
    expect(MetadataSchema.safeParse({ caseNumber: '47\n11' }).error?.issues[0]?.message).toBe(
      'line breaks are not allowed',
    );
  });

  it('accept printable text in any script, spaces and the characters around the control ranges', () => {
    for (const v of ['4711', 'Müller & Söhne', ' x ', '\u00a0nbsp', '~', '\u00a1', '日本語']) {
      expect(MetadataSchema.safeParse({ caseNumber: v }).success, v).toBe(true);
    }
  });

  it('one rule for values from elsewhere (file names): length and characters', () => {
    expect(metadataValueProblem('x'.repeat(255))).toBeUndefined();
    expect(metadataValueProblem('x'.repeat(256))).toBe('at most 255 characters');
    expect(metadataValueProblem('a\tb')).toBe('tabs and other control characters are not allowed');
  });

  it('stored documents are read without the input rules (an old value does not hide the list)', () => {
    expect(StoredMetadataSchema.safeParse({ caseNumber: 'a\tb' }).success).toBe(true);
    expect(StoredMetadataSchema.safeParse({ caseNumber: 4711 }).success).toBe(false);
  });
});

describe('capture settings on a folder profile', () => {
  const base = () => FolderProfileSchema.parse({ id: 'f1', label: 'Scans', path: '/scans' });

  it('is off unless given: a profile without it loads unchanged', () => {
    expect(base().capture).toBeUndefined();
    expect(StoredSettingsSchema.parse({ ...settings(), folders: [base()] }).folders[0]).not.toHaveProperty('capture');
  });

  it('fills the capture defaults when switched on', () => {
    const f = FolderProfileSchema.parse({ ...base(), capture: {} });
    expect(f.capture).toMatchObject({ separatorValue: 'PATCHT', blankPages: 'keep', dpi: 200 });
  });

  it('refuses a metadata pattern that does not compile or names no metadata field, at the field', () => {
    for (const [pattern, message] of [
      ['^CLM-(?<CaseNumber>\\d{4}', 'not a valid regular expression'],
      ['^CLM-(?<Case>\\d{4})$', 'unknown field (?<Case>); name groups after metadata fields such as (?<CaseNumber>…)'],
    ] as const) {
      const bad = { ...settings(), folders: [{ ...base(), capture: { metadataPattern: pattern } }] };
      const r = parseInvokeRequest('settings.update', { settings: bad });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.fields).toEqual({ 'settings.folders.0.capture.metadataPattern': message });
    }
    const good = {
      ...base(),
      capture: { metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})|(?<ResponsibleUserId>U\\d+)$' },
    };
    expect(FolderProfileSchema.safeParse(good).success).toBe(true);
  });
});
