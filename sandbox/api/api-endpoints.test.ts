import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaimFilesSchema, ClaimInformationSchema } from '../../shared/platform/claims';
import { CreateCaseResponseSchema } from '../../shared/platform/cases';
import { CustomerSearchResultSchema } from '../../shared/platform/customers';
import { SchemaDescriptionSchema, SchemaType } from '../../shared/platform/schema-description';
import {
  VALIDATE_ACCOUNT_ERRORS,
  ValidateAccountErrorSchema,
  ValidateAccountResponseSchema,
} from '../../shared/platform/validate-account';
import { jsonPost, startHarness, type SandboxHarness } from '../test-support/sandbox-harness';

let h: SandboxHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());

const validCase = {
  policyNumber: 'HR-100001',
  accidentDate: '2026-01-12',
  caseType: 'Property',
  claimant: { firstName: 'Jörg', lastName: 'Müller' },
  damageAddress: { street: 'Lindenstraße 12', postalCode: '20095', city: 'Hamburg' },
  damagedItems: [{ name: 'Parkett', value: 1200.5 }],
};

describe('schemas', () => {
  it('serves case-create input in JSchema object form with the flag codes and the features clients must handle', async () => {
    const res = await h.api('/api/Schemas/input/case-create');
    expect(res.status).toBe(200);
    const schema = SchemaDescriptionSchema.parse(await res.json());
    expect(schema.type).toBe(SchemaType.Object);
    expect(schema.required).toContain('claimant');
    const props = schema.properties ?? {};
    expect(props['claimant']?.type).toBe(SchemaType.Object);
    expect(props['damageAddress']?.properties?.['postalCode']?.pattern).toBeDefined();
    expect(props['accidentDate']?.format).toBe('date');
    expect(props['caseType']?.enum).toContain('Property');
    expect(props['caseType']?.default).toBe('Property');
    expect(props['reportedDate']?.readOnly).toBe(true);
    expect(props['damagedItems']?.type).toBe(SchemaType.Array);
    expect(props['damagedItems']?.items?.[0]?.type).toBe(SchemaType.Object);
    expect(props['estimatedAmount']?.maximum).toBeTypeOf('number');
    expect(props['claimant']?.properties?.['lastName']?.maximumLength).toBe(60);
  });

  it('serves output schemas and other keys, and 404 for unknown keys', async () => {
    SchemaDescriptionSchema.parse(await (await h.api('/api/Schemas/output/case-create')).json());
    SchemaDescriptionSchema.parse(await (await h.api('/api/Schemas/input/first-notice-of-loss')).json());
    expect((await h.api('/api/Schemas/input/nope')).status).toBe(404);
  });
});

describe('create case', () => {
  it('creates a case with a CLM number, links, token and url', async () => {
    const res = await h.api('/de/demo-insurance/v1/case', jsonPost(validCase));
    expect(res.status).toBe(201);
    const raw = (await res.json()) as Record<string, unknown>;
    const body = CreateCaseResponseSchema.parse(raw);
    expect(body.success).toBe(true);
    expect(body.warnings).toEqual([]);
    expect(raw['caseNumber']).toMatch(/^CLM-\d{4}-\d{6}$/);
    expect(body.links?.self).toContain(String(raw['caseNumber']));
    expect(body.links?.selfTemplate).toContain('{caseNumber}');
    expect(body.token).toBeTruthy();
    const info = ClaimInformationSchema.parse(
      await (await h.api(`/api/claims/${String(raw['claimId'])}/details/information`)).json(),
    );
    expect(info.generalInfo).toContainEqual({ title: 'Schadennummer', value: raw['caseNumber'] });
  });

  it('warns when the policy is not in force on the accident date', async () => {
    const res = await h.api(
      '/de/demo-insurance/v1/case',
      jsonPost({ ...validCase, policyNumber: 'KF-300003', accidentDate: '2025-07-21' }),
    );
    const body = CreateCaseResponseSchema.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.warnings).toContainEqual(expect.objectContaining({ type: 'policy_inactive', path: 'policyNumber' }));
  });

  it('reports every schema violation with a type and the field path', async () => {
    const res = await h.api(
      '/de/demo-insurance/v1/case',
      jsonPost({
        policyNumber: 'hr1',
        accidentDate: '2026-02-30',
        caseType: 'Boat',
        reportedDate: '2026-01-01',
        claimant: { firstName: '' },
        damageAddress: { street: 'x', postalCode: '123', city: 'y', extra: 1 },
        damagedItems: [{ name: 'a', quantity: 0 }],
        estimatedAmount: 'a lot',
      }),
    );
    expect(res.status).toBe(400);
    const body = CreateCaseResponseSchema.parse(await res.json());
    expect(body.success).toBe(false);
    const found = body.errors.map((e) => `${e.type} ${e.message.split(':')[0]}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'pattern_mismatch policyNumber',
        'invalid_format accidentDate',
        'invalid_value caseType',
        'read_only reportedDate',
        'required claimant.lastName',
        'out_of_range claimant.firstName',
        'pattern_mismatch damageAddress.postalCode',
        'unknown_property damageAddress.extra',
        'out_of_range damagedItems[0].quantity',
        'invalid_type estimatedAmount',
      ]),
    );
  });

  it('rejects invalid JSON and unknown country/tenant forms', async () => {
    const bad = await h.api('/de/demo-insurance/v1/case', {
      method: 'POST',
      body: '{',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(CreateCaseResponseSchema.parse(await bad.json()).errors[0]?.type).toBe('invalid_json');
    expect((await h.api('/deu/demo/v1/case', jsonPost(validCase))).status).toBe(404);
  });
});

describe('validate account', () => {
  const request = (data: Record<string, string>) => jsonPost({ meta: { timestamp: new Date().toISOString() }, data });
  const ok = { tenant: 'demo-insurance', companyTaxId: 'DE811234567', referenceNumber: 'SRV-2026-0001' };

  it('answers the success body for an assigned partner', async () => {
    const res = await h.api('/v1/material/validateaccount', request(ok));
    expect(res.status).toBe(200);
    const body = ValidateAccountResponseSchema.parse(await res.json());
    expect(body.data.claim.number).toBe('CLM-2026-000101');
    expect(body.data.service?.referenceNumber).toBe('SRV-2026-0001');
    expect(body.data.servicePartners.map((p) => p.companyTaxId)).toEqual(['DE811234567']);
  });

  it('answers the four distinct error bodies with their statuses', async () => {
    const cases: [RequestInit, keyof typeof VALIDATE_ACCOUNT_ERRORS][] = [
      [jsonPost({ data: {} }), 'invalid_request'],
      [request({ ...ok, companyTaxId: 'DE000000000' }), 'partner_not_found'],
      [request({ ...ok, referenceNumber: 'SRV-0000' }), 'reference_not_found'],
      [request({ ...ok, companyTaxId: 'DE298765432' }), 'partner_not_assigned'],
    ];
    for (const [init, code] of cases) {
      const res = await h.api('/v1/material/validateaccount', init);
      expect(res.status).toBe(VALIDATE_ACCOUNT_ERRORS[code]);
      expect(ValidateAccountErrorSchema.parse(await res.json()).error.code).toBe(code);
    }
  });

  it('knows only version v1', async () => {
    expect((await h.api('/v2/material/validateaccount', request(ok))).status).toBe(404);
  });
});

describe('customer search', () => {
  const search = (query: string) => h.api(`/customers?${query}`);

  it('finds customers without regard to case or diacritics, with activity depending on date', async () => {
    const on2026 = CustomerSearchResultSchema.parse(
      await (await search('date=2026-03-01&q=asa%20oberg&limit=10')).json(),
    );
    expect(on2026.map((c) => c.fullName)).toEqual(['Åsa Öberg']);
    expect(on2026[0]?.policyMatches[0]?.isActive).toBe(false);
    const on2024 = CustomerSearchResultSchema.parse(await (await search('date=2024-03-01&q=%C3%85sa&limit=10')).json());
    expect(on2024[0]?.policyMatches[0]?.isActive).toBe(true);
    const strasse = CustomerSearchResultSchema.parse(
      await (await search('date=2026-03-01&q=Strasse&limit=100')).json(),
    );
    expect(strasse.some((c) => c.address?.includes('Straße'))).toBe(true);
  });

  it('pages with limit and after in a stable order', async () => {
    const all = CustomerSearchResultSchema.parse(await (await search('date=2026-03-01&q=e&limit=100')).json());
    expect(all.length).toBeGreaterThan(20);
    const page = CustomerSearchResultSchema.parse(await (await search('date=2026-03-01&q=e&limit=5&after=5')).json());
    expect(page.map((c) => c.customerId)).toEqual(all.slice(5, 10).map((c) => c.customerId));
  });

  it.each([
    ['q=x&limit=1', 'date'],
    ['date=2026-13-01&q=x&limit=1', 'date'],
    ['date=2026-01-01&limit=1', 'q'],
    ['date=2026-01-01&q=%20&limit=1', 'q'],
    ['date=2026-01-01&q=x', 'limit'],
    ['date=2026-01-01&q=x&limit=101', 'limit'],
    ['date=2026-01-01&q=x&limit=0', 'limit'],
    ['date=2026-01-01&q=x&limit=1&after=-1', 'after'],
  ])('400 for %s (names %s)', async (query, name) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail.startsWith(name)).toBe(true);
  });
});

describe('claims', () => {
  it('lists files and information of seeded claims, including the largest int64 id', async () => {
    const files = ClaimFilesSchema.parse(await (await h.api('/api/claims/1001/files/files')).json());
    expect(files.length).toBeGreaterThanOrEqual(2);
    const info = ClaimInformationSchema.parse(
      await (await h.api('/api/claims/9223372036854775807/details/information')).json(),
    );
    expect(info.caseType).toBe('Liability');
    expect(info.caseTypeTitle).toBe('Haftpflichtschaden');
  });

  it.each(['0', '-1', 'abc', '9223372036854775808', '1.5', '01'])('400 for ClaimId %s', async (id) => {
    expect((await h.api(`/api/claims/${id}/files/files`)).status).toBe(400);
  });

  it('404 for an unknown claim', async () => {
    expect((await h.api('/api/claims/4242/details/information')).status).toBe(404);
  });
});

describe('bearer auth on every API', () => {
  const paths: [string, RequestInit][] = [
    ['/api/Schemas/input/case-create', {}],
    ['/api/Schemas/output/case-create', {}],
    ['/de/demo-insurance/v1/case', jsonPost({})],
    ['/v1/material/validateaccount', jsonPost({})],
    ['/customers?date=2026-01-01&q=a&limit=1', {}],
    ['/api/claims/1001/files/files', {}],
    ['/api/claims/1001/details/information', {}],
  ];
  it.each(paths)('%s: 401 without or with a bad token, 403 without case_integration', async (path, init) => {
    const none = await h.api(path, { ...init, token: null });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const garbage = await h.api(path, { ...init, token: 'garbage.token.here' });
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const scoped = await h.api(path, { ...init, token: await h.token('events') });
    expect(scoped.status).toBe(403);
  });

  it('rejects an expired token', async () => {
    const shortLived = await startHarness({ tokenLifetimeSeconds: 1 });
    try {
      const token = await shortLived.token();
      await new Promise((r) => setTimeout(r, 2100));
      const res = await shortLived.api('/api/claims/1001/files/files', { token });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    } finally {
      await shortLived.stop();
    }
  });
});
