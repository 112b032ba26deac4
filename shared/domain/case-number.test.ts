import { describe, expect, it } from 'vitest';
import { caseNumberMatches, caseNumberPatternOf, SANDBOX_CASE_NUMBER_PATTERN } from './case-number';
import { SettingsSchema } from './settings';

describe('case-number pattern', () => {
  it('the local sandbox has its CLM-<year>-<6 digits> form; other kinds only the one they name', () => {
    expect(caseNumberPatternOf({ kind: 'local-sandbox' })).toBe(SANDBOX_CASE_NUMBER_PATTERN);
    expect(caseNumberPatternOf({ kind: 'production' })).toBeUndefined();
    expect(caseNumberPatternOf({ kind: 'production', caseNumberPattern: '^S\\d{8}$' })).toBe('^S\\d{8}$');
  });

  it('matches the whole value, any case, and passes everything when there is no pattern', () => {
    const p = SANDBOX_CASE_NUMBER_PATTERN;
    expect(caseNumberMatches(p, 'CLM-2026-000101')).toBe(true);
    expect(caseNumberMatches(p, 'clm-2026-000101')).toBe(true);
    expect(caseNumberMatches(p, 'Rechnung')).toBe(false);
    expect(caseNumberMatches(p, 'xCLM-2026-000101')).toBe(false);
    expect(caseNumberMatches('S\\d{3}', 'S123x')).toBe(false);
    expect(caseNumberMatches(undefined, 'Rechnung')).toBe(true);
  });

  it('a broken pattern is refused at the field when saved', () => {
    const env = {
      id: 'prod',
      name: 'Prod',
      kind: 'production',
      baseUrl: 'https://p.example',
      tokenUrl: 'https://p.example',
      country: 'de',
      tenant: 't',
      clientId: 'c',
      scopes: [],
      authMethod: 'client_secret',
      caseNumberPattern: '^CLM-(',
    };
    const r = SettingsSchema.safeParse({ version: 2, activeEnvironmentId: 'prod', environments: [env] });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['environments', 0, 'caseNumberPattern']);
  });
});
