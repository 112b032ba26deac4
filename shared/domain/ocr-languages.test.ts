import { describe, expect, it } from 'vitest';
import { defaultOcrLanguages, ocrLanguagesFor, OcrLanguagesSchema } from './ocr-languages';
import { FolderProfileSchema, SettingsSchema } from './settings';

// Issue #46: which languages are read is a setting — per folder profile (machine-settings.test.ts: locked machine-wide) — and
// absent, it follows the station's locale.
const base = SettingsSchema.parse({
  version: 2,
  activeEnvironmentId: 'local',
  environments: [
    {
      id: 'local',
      name: 'local',
      kind: 'local-sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      tokenUrl: 'http://127.0.0.1:4010',
      country: 'de',
      tenant: 'demo',
      clientId: 'c',
      scopes: [],
      authMethod: 'client_secret',
    },
  ],
});
const post = FolderProfileSchema.parse({ id: 'post', label: 'Post', path: '/scans/post/' });
const english = FolderProfileSchema.parse({
  id: 'uk',
  label: 'UK',
  path: '/scans/uk',
  text: { languages: 'eng' },
});

describe('OCR languages as a setting', () => {
  it('defaults from the locale: German (the app’s or the system’s, any region) reads deu, else eng', () => {
    expect(defaultOcrLanguages('de')).toBe('deu');
    expect(defaultOcrLanguages('en', 'de-AT')).toBe('deu');
    expect(defaultOcrLanguages('en', 'de_CH.UTF-8')).toBe('deu');
    expect(defaultOcrLanguages('en', 'en-US')).toBe('eng');
    expect(defaultOcrLanguages(undefined, 'dek')).toBe('eng');
    expect(ocrLanguagesFor({ ...base, locale: 'de' }, undefined, 'en-US')).toBe('deu');
    expect(ocrLanguagesFor(base, undefined, 'en-GB')).toBe('eng');
  });

  it('a folder profile’s own languages win over the settings’, which win over the locale', () => {
    const s = { ...base, locale: 'de' as const, folders: [post, english], text: { languages: 'deu+eng' } };
    expect(ocrLanguagesFor(s, '/scans/uk', 'de-DE')).toBe('eng');
    expect(ocrLanguagesFor(s, '/scans/post', 'de-DE')).toBe('deu+eng'); // the settings' (no trailing slash: same folder)
    expect(ocrLanguagesFor({ ...s, text: {} }, '/scans/post', 'en-US')).toBe('deu'); // the app's locale
  });

  it('takes the models that ship, each once; refuses others at the field', () => {
    for (const ok of ['deu', 'eng', 'deu+eng', 'eng+deu']) expect(OcrLanguagesSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['', 'fra', 'deu+fra', 'deu+deu', 'DEU', 'deu eng', 'deu+'])
      expect(OcrLanguagesSchema.safeParse(bad).success, bad).toBe(false);
    expect(SettingsSchema.safeParse({ ...base, text: { languages: 'fra' } }).success).toBe(false);
    expect(FolderProfileSchema.safeParse({ ...post, text: { languages: 'deu+fra' } }).success).toBe(false);
  });
});
