import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseEventFeedPageSchema } from '../shared/platform/events';
import { jsonPost, startHarness, type SandboxHarness } from './test-support/sandbox-harness';

/**
 * Walks the field tables of the spec (claim-handling-interface.md, "Resources and their fields") and
 * checks that the sandbox's seeded responses carry every field with the spec's JSON type.
 */
type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'date' | 'date-time';
const SPEC: Record<string, Record<string, Kind>> = {
  token: { access_token: 'string', expires_in: 'integer', token_type: 'string' },
  createCase: {
    success: 'boolean',
    errors: 'array',
    warnings: 'array',
    links: 'object',
    token: 'string',
    url: 'string',
  },
  links: { self: 'string', selfTemplate: 'string' },
  inbox: { success: 'boolean', errors: 'array', payload: 'object' },
  validateAccount: { meta: 'object', data: 'object' },
  claim: {
    id: 'string',
    damageCause: 'string',
    damageCategory: 'string',
    tenant: 'string',
    number: 'string',
    damageAddress: 'object',
  },
  damageAddress: { street: 'string', street2: 'string', postalCode: 'string', city: 'string' },
  service: {
    referenceNumber: 'string',
    id: 'string',
    startDate: 'string',
    estimatedEndDate: 'string',
    actualEndDate: 'string',
  },
  partner: {
    id: 'string',
    displayName: 'string',
    companyTaxId: 'string',
    phoneNumber: 'string',
    faxNumber: 'string',
    responsibleUser: 'string',
  },
  customer: {
    customerId: 'string',
    number: 'string',
    fullName: 'string',
    taxId: 'string',
    address: 'string',
    description: 'string',
    policyMatches: 'array',
  },
  policy: {
    description: 'string',
    startDate: 'date',
    endDate: 'date',
    isActive: 'boolean',
    statusText: 'string',
    policyVersionId: 'string',
    number: 'string',
    product: 'string',
    policyObjectMatches: 'array',
  },
  policyObject: {
    description: 'string',
    startDate: 'date',
    endDate: 'date',
    isActive: 'boolean',
    statusText: 'string',
    policyObjectVersionId: 'string',
  },
  claimFile: {
    id: 'integer',
    name: 'string',
    type: 'string',
    description: 'string',
    isNew: 'boolean',
    isSigned: 'boolean',
    isImage: 'boolean',
    attachmentInfoId: 'integer',
    signUrl: 'string',
    creationDate: 'date-time',
  },
  claimInfo: { generalInfo: 'array', claimSpecificInfo: 'array', caseTypeTitle: 'string', caseType: 'string' },
  infoItem: { title: 'string', value: 'string' },
  event: {
    eventType: 'string',
    payloadVersion: 'string',
    correlationId: 'string',
    timestamp: 'date-time',
    case: 'object',
    changedBy: 'object',
    changes: 'array',
  },
  eventCase: { number: 'string', token: 'string', caseType: 'string', company: 'string', sourceSystem: 'string' },
};

function conforms(kind: Kind, v: unknown): boolean {
  switch (kind) {
    case 'integer':
      return Number.isInteger(v);
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    case 'date-time':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));
    default:
      return typeof v === kind;
  }
}

/** Collects `table.field: problem` for every spec field missing or of the wrong type in any sample. */
function check(table: string, samples: unknown[], problems: string[], optional: string[] = []): void {
  expect(samples.length, `no samples for ${table}`).toBeGreaterThan(0);
  const fields = SPEC[table] ?? {};
  for (const [field, kind] of Object.entries(fields)) {
    const values = samples.map((s) => (s as Record<string, unknown>)[field]);
    // A field may be null in some records (e.g. an open-ended endDate) but must be produced somewhere.
    if (!values.some((v) => v !== undefined && v !== null) && !optional.includes(field)) {
      problems.push(`${table}.${field}: never present`);
    }
    for (const v of values)
      if (v !== undefined && v !== null && !conforms(kind, v))
        problems.push(`${table}.${field}: not ${kind}: ${JSON.stringify(v)}`);
  }
}

let h: SandboxHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.stop());
const json = async (res: Response | Promise<Response>) =>
  (await (await res).json()) as Record<string, unknown> & unknown[];

describe('conformance with the spec tables', () => {
  it('every field of every resource is produced with the spec type', async () => {
    const problems: string[] = [];
    const token = await json(
      fetch(`${h.sandbox.tokenUrl}/connect/token`, {
        method: 'POST',
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: 'intake-desk-demo',
          client_secret: 'sandbox-demo-secret',
        }),
      }),
    );
    check('token', [token], problems);

    const created = await json(
      h.api(
        '/de/demo-insurance/v1/case',
        jsonPost({
          policyNumber: 'HR-100001',
          accidentDate: '2026-01-12',
          caseType: 'Property',
          claimant: { firstName: 'A', lastName: 'B' },
          damageAddress: { street: 's', postalCode: '12345', city: 'c' },
        }),
      ),
    );
    check('createCase', [created], problems);
    check('links', [created['links']], problems);

    const fd = new FormData();
    fd.append('file', new Blob(['x']), 'a.pdf');
    const inbox = await json(
      h.api('/de/demo-insurance/v1/digital-inbox/file', {
        method: 'POST',
        body: fd,
        headers: { 'Metadata-CaseNumber': 'CLM-2026-000101' },
      }),
    );
    check('inbox', [inbox], problems);

    const va = await json(
      h.api(
        '/v1/material/validateaccount',
        jsonPost({
          meta: { timestamp: '2026-01-01T00:00:00Z' },
          data: { tenant: 'demo-insurance', companyTaxId: 'ATU12345678', referenceNumber: 'SRV-2026-0002' },
        }),
      ),
    );
    check('validateAccount', [va], problems);
    const data = va['data'] as Record<string, unknown>;
    check('claim', [data['claim']], problems);
    check('damageAddress', [(data['claim'] as Record<string, unknown>)['damageAddress']], problems);
    check('service', [data['service']], problems);
    check('partner', data['servicePartners'] as unknown[], problems);

    const customers = await json(h.api('/customers?date=2026-03-01&q=e&limit=100'));
    const policies = customers.flatMap((c) => (c as { policyMatches: unknown[] }).policyMatches);
    check('customer', customers, problems);
    check('policy', policies, problems);
    check(
      'policyObject',
      policies.flatMap((p) => (p as { policyObjectMatches: unknown[] }).policyObjectMatches),
      problems,
    );

    const files = [
      ...(await json(h.api('/api/claims/1001/files/files'))),
      ...(await json(h.api('/api/claims/1002/files/files'))),
    ];
    check('claimFile', files, problems);
    const info = await json(h.api('/api/claims/1001/details/information'));
    check('claimInfo', [info], problems);
    check('infoItem', [...(info['generalInfo'] as unknown[]), ...(info['claimSpecificInfo'] as unknown[])], problems);
    expect(info['caseType']).toBe('Property');

    const feed = CaseEventFeedPageSchema.parse(
      await json(h.api('/api/case-events?after=0', { token: await h.token('events') })),
    );
    check(
      'event',
      feed.items.map((i) => i.event),
      problems,
    );
    check(
      'eventCase',
      feed.items.map((i) => i.event.case),
      problems,
    );

    expect(problems).toEqual([]);
  });
});
