import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import { placeIssues } from '../../../shared/forms/place-issues';
import { validateFormValue } from '../../../shared/forms/validate-form-value';
import { toSubmitValue } from '../../../shared/forms/form-value';
import { EventBus } from '../events/event-bus';
import type { HandlerTable } from '../ipc/handler-table';
import { dispatch } from '../ipc/handler-table';
import { completeHandlerTable } from '../ipc/test-support/complete-handler-table';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { createCaseHandlers } from '../ipc/cases-handlers';
import { createCaseServices } from './case-services';
import type { CaseServices } from './case-services';
import { createCasePorts } from './platform-adapter';
import { queueCaseDocuments } from './queue-case-documents';
import { SchemaCache } from './schema-cache';
import { tempDir } from '../util/test-support/temp-dir';

// Integration: real HTTP against the sandbox, the real document queue on SQLite in a temp folder.
let harness: ConnectionHarness;
let fixture: QueueFixture;
let services: CaseServices;
let handlers: HandlerTable;
let dataDir: string;
const bus = new EventBus();
const activityEvents: string[][] = [];
/** Stand-in for the queue's missing "set confirmedAt" (see queue-case-documents.ts). */
const confirmed = new Map<string, string>();

const validCase = (patch: Record<string, unknown> = {}) => ({
  policyNumber: 'HR-100200',
  accidentDate: '2026-01-15',
  caseType: 'Property',
  damageCause: 'Leitungswasser',
  claimant: { firstName: 'Erika', lastName: 'Mustermann' },
  damageAddress: { street: 'Hafenstraße 1', postalCode: '20457', city: 'Hamburg' },
  ...patch,
});

async function call<T>(channel: string, request: unknown): Promise<T> {
  const result = await dispatch(handlers, channel, request);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

beforeAll(async () => {
  harness = await startConnectionHarness();
  const { api } = harness.connect();
  fixture = await makeQueue(api);
  await fixture.queue.start();
  dataDir = tempDir('cases-');
  const ports = createCasePorts(api);
  services = createCaseServices({
    dataDir,
    activeEnvironment: () => harness.environment(),
    ports: () => ports,
    documents: queueCaseDocuments(fixture.queue, async (id, at) => {
      confirmed.set(id, at);
      return { ...(await fixture.queue.get(id)), confirmedAt: at };
    }),
    bus,
    clock: systemClock,
    logger: silentLogger,
  });
  bus.on('cases.activity', (e) => activityEvents.push(e.caseNumbers));
  handlers = completeHandlerTable(
    createCaseHandlers({
      ...services,
      activeEnvironment: () => harness.environment(),
      platform: () => ports.platform,
      logger: silentLogger,
    }),
  );
});

afterAll(async () => {
  await services?.stop();
  await fixture?.close();
  await harness?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('cases.schema', () => {
  it('loads the environment caseSchemaKey as a form model with its schemaVersion', async () => {
    const answer = await call<{ schemaVersion: string; model: { root: { kind: string } }; fromCache: boolean }>(
      'cases.schema',
      {},
    );
    expect(answer.schemaVersion).toBe('http://json-schema.org/draft-07/schema#');
    expect(answer.fromCache).toBe(false);
    expect(answer.model.root).toMatchObject({
      kind: 'object',
      properties: expect.arrayContaining([
        expect.objectContaining({ name: 'policyNumber', required: true, kind: 'string' }),
        expect.objectContaining({ name: 'caseType', kind: 'enum' }),
        expect.objectContaining({ name: 'damagedItems', kind: 'array' }),
        expect.objectContaining({ name: 'reportedDate', readOnly: true }),
      ]),
    });
  });

  it('reports an unknown key as not found', async () => {
    const result = await dispatch(handlers, 'cases.schema', { key: 'no-such-schema' });
    expect(result).toMatchObject({ ok: false, error: { code: 'platform.not_found' } });
  });

  it('serves the stored copy when the platform cannot be reached', async () => {
    await services.schemas.get({ environmentId: 'local-sandbox', key: 'case-create', direction: 'output' });
    // A new cache (as after a restart) with the platform offline.
    const ports = createCasePorts(harness.connect().api);
    const cache = new SchemaCache({
      platform: () => ports.platform,
      dir: join(dataDir, 'schemas'),
      clock: systemClock,
      logger: silentLogger,
    });
    harness.faults({ offline: true });
    try {
      const answer = await cache.get({ environmentId: 'local-sandbox', key: 'case-create', direction: 'output' });
      expect(answer.fromCache).toBe(true);
      expect(answer.model.root.kind).toBe('object');
      await expect(
        cache.get({ environmentId: 'local-sandbox', key: 'never-fetched', direction: 'input' }),
      ).rejects.toMatchObject({ name: 'IntakeError', retryable: true });
    } finally {
      harness.sandbox.clearFaults();
    }
  });
});

describe('cases.create', () => {
  it('creates a case: case number, link and url kept', async () => {
    const result = await call<{ success: boolean; caseNumber: string; links: { self: string }; url: string }>(
      'cases.create',
      { requestId: 'req-success-1', data: validCase() },
    );
    expect(result.success).toBe(true);
    expect(result.caseNumber).toMatch(/\S+/);
    expect(result.links.self.endsWith(`/${result.caseNumber}`)).toBe(true);
    expect(result.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/claims\//);
  });

  it('returns validation errors the form can place beside its fields', async () => {
    const { model } = await services.schemas.get({
      environmentId: 'local-sandbox',
      key: 'case-create',
      direction: 'input',
    });
    const data = validCase({
      claimant: { firstName: 'Erika' },
      damageAddress: { street: 'x', postalCode: '1', city: 'y' },
    });
    const result = await call<{ success: boolean; errors: { message: string; type: string }[] }>('cases.create', {
      requestId: 'req-invalid-1',
      data,
    });
    expect(result.success).toBe(false);
    const placed = placeIssues(model, result.errors);
    expect(Object.keys(placed.byPath).sort()).toEqual(['claimant.lastName', 'damageAddress.postalCode']);
    // The form's own check finds the same fields before anything is sent.
    expect(
      validateFormValue(model, toSubmitValue(model, data))
        .map((e) => e.path)
        .sort(),
    ).toEqual(['claimant.lastName', 'damageAddress.postalCode']);
  });

  it('creates the case but shows warnings (unknown policy) beside the policy field', async () => {
    const { model } = await services.schemas.get({
      environmentId: 'local-sandbox',
      key: 'case-create',
      direction: 'input',
    });
    const result = await call<{ success: boolean; warnings: { message: string; path?: string }[] }>('cases.create', {
      requestId: 'req-warn-1',
      data: validCase({ policyNumber: 'ZZ-999999' }),
    });
    expect(result.success).toBe(true);
    expect(result.warnings).toEqual([expect.objectContaining({ type: 'policy_not_found', path: 'policyNumber' })]);
    expect(Object.keys(placeIssues(model, result.warnings).byPath)).toEqual(['policyNumber']);
  });

  it('creates one case for a double submit: the repeat gets the first answer', async () => {
    const request = { requestId: 'req-double-1', data: validCase({ externalClaimId: 'DOUBLE-1' }) };
    const [a, b] = await Promise.all([
      call<{ caseNumber: string; repeated: boolean }>('cases.create', request),
      call<{ caseNumber: string; repeated: boolean }>('cases.create', request),
    ]);
    const again = await call<{ caseNumber: string; repeated: boolean }>('cases.create', request);
    expect(b.caseNumber).toBe(a.caseNumber);
    expect(again.caseNumber).toBe(a.caseNumber);
    expect([a.repeated, b.repeated, again.repeated].filter(Boolean)).toHaveLength(2);
    await services.poller.pollOnce();
    const created = services.activity
      .cases()
      .flatMap((c) => services.activity.list(c.caseNumber))
      .filter((e) => e.event.eventType === 'CaseCreated' && e.event.case.externalClaimId === 'DOUBLE-1');
    expect(created).toHaveLength(1);
  });

  it('sets the new case number on a document without one, and on one whose number the clerk agreed to replace', async () => {
    const empty = await fixture.queue.importBytes('ohne-nummer.pdf', new TextEncoder().encode('%PDF-1.4 empty'));
    const first = await call<{ caseNumber: string; document?: Document }>('cases.create', {
      requestId: 'req-doc-empty',
      data: validCase({ externalClaimId: 'DOC-1' }),
      documentId: empty.id,
    });
    expect(first.document?.metadata.caseNumber).toBe(first.caseNumber);

    const had = await fixture.queue.importBytes('rechnung-101.pdf', new TextEncoder().encode('%PDF-1.4 had 101'));
    await fixture.queue.tag([had.id], { caseNumber: 'CLM-2026-000101' });
    const agreed = await call<{ caseNumber: string; document?: Document }>('cases.create', {
      requestId: 'req-doc-agreed',
      data: validCase({ externalClaimId: 'DOC-2' }),
      documentId: had.id,
      documentCaseNumber: 'CLM-2026-000101',
    });
    expect(agreed.document?.metadata.caseNumber).toBe(agreed.caseNumber);
  });

  it('never replaces a case number the clerk did not agree to replace (issue #31 item 1)', async () => {
    const doc = await fixture.queue.importBytes('rechnung-keep.pdf', new TextEncoder().encode('%PDF-1.4 keep 101'));
    await fixture.queue.tag([doc.id], { caseNumber: 'CLM-2026-000101' });
    for (const [i, documentCaseNumber] of [undefined, '', 'CLM-2026-000999'].entries()) {
      const result = await call<{
        success: boolean;
        caseNumber: string;
        document?: Document;
        warnings: { type: string }[];
      }>('cases.create', {
        requestId: `req-doc-keep-${i}`,
        data: validCase({ externalClaimId: `KEEP-${i}` }),
        documentId: doc.id,
        ...(documentCaseNumber !== undefined ? { documentCaseNumber } : {}),
      });
      // The case is created; the document keeps its number and the answer says it was not tagged.
      expect(result.success).toBe(true);
      expect(result.document).toBeUndefined();
      expect(result.warnings.map((w) => w.type)).toContain('document_not_tagged');
      expect((await fixture.queue.get(doc.id)).metadata.caseNumber).toBe('CLM-2026-000101');
    }
  });

  it('refuses the same request id with other data', async () => {
    await call('cases.create', { requestId: 'req-reuse-1', data: validCase() });
    const result = await dispatch(handlers, 'cases.create', {
      requestId: 'req-reuse-1',
      data: validCase({ caseType: 'Motor' }),
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'cases.request_reused' } });
  });
});

describe('partners.validate', () => {
  const known = { tenant: 'demo-insurance', companyTaxId: 'DE811234567' };
  async function referenceOfBrandt(): Promise<string> {
    // Seed data: find a service of partner SP-1001 by asking the sandbox's seed module through the API.
    const { SEED_CLAIMS } = (await import('../../../sandbox/seed/seed-claims')) as unknown as {
      SEED_CLAIMS: { services: { referenceNumber: string; partnerIds: string[] }[] }[];
    };
    const service = SEED_CLAIMS.flatMap((c) => c.services).find((s) => s.partnerIds.includes('SP-1001'));
    if (!service) throw new Error('seed has no service of SP-1001');
    return service.referenceNumber;
  }

  it('returns claim, service and partners for a valid account', async () => {
    const referenceNumber = await referenceOfBrandt();
    const answer = await call<{ status: string; data: { claim: { number: string }; servicePartners: unknown[] } }>(
      'partners.validate',
      { ...known, referenceNumber },
    );
    expect(answer.status).toBe('valid');
    expect(answer.data.claim.number).toMatch(/\S/);
    expect(answer.data.servicePartners).toEqual(
      expect.arrayContaining([expect.objectContaining({ companyTaxId: 'DE811234567' })]),
    );
  });

  it.each([
    ['partner_not_found', { tenant: 'demo-insurance', companyTaxId: 'DE000000000' }],
    ['reference_not_found', { tenant: 'demo-insurance', companyTaxId: 'DE811234567', referenceNumber: 'NOPE-1' }],
    ['reference_not_found', { tenant: 'other-tenant', companyTaxId: 'DE811234567' }],
    ['partner_not_assigned', { tenant: 'demo-insurance', companyTaxId: 'DE298765432' }],
  ])('reports %s as its own rejection', async (code, input) => {
    const referenceNumber = (input as { referenceNumber?: string }).referenceNumber ?? (await referenceOfBrandt());
    const answer = await call<{ status: string; code: string; message: string }>('partners.validate', {
      referenceNumber,
      ...input,
    });
    expect(answer).toMatchObject({ status: 'rejected', code });
    expect(answer.message.length).toBeGreaterThan(0);
  });

  it('refuses empty fields before asking the platform', async () => {
    const result = await dispatch(handlers, 'partners.validate', {
      tenant: ' ',
      companyTaxId: 'x',
      referenceNumber: 'y',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc.invalid_request' } });
  });
});

describe('case activity', () => {
  it('confirms an uploaded document when AttachmentsAdded names it', async () => {
    const created = await call<{ caseNumber: string; document: Document }>('cases.create', {
      requestId: 'req-activity-1',
      data: validCase({ externalClaimId: 'ACT-1' }),
    });
    const doc = await fixture.queue.importBytes('Schadenmeldung.pdf', new TextEncoder().encode('%PDF-1.4 test body'));
    await fixture.queue.submit([doc.id], { caseNumber: created.caseNumber }, false);
    await waitFor(async () => ['uploaded', 'archived'].includes((await fixture.queue.get(doc.id)).state), 'upload');

    await call('activity.refresh', {});
    expect(confirmed.get(doc.id)).toBeDefined();
    const { entries } = await call<{ entries: { event: { changes: { property: string }[] } }[] }>('activity.list', {
      caseNumber: created.caseNumber,
    });
    expect(entries.flatMap((e) => e.event.changes.map((c) => c.property))).toEqual(
      expect.arrayContaining(['AccidentDate', 'Coverage', 'AttachmentsAdded']),
    );
    expect(activityEvents.flat()).toContain(created.caseNumber);
  });

  it('does not confirm by file name alone (size differs) and reads each event once', async () => {
    const created = await call<{ caseNumber: string }>('cases.create', {
      requestId: 'req-activity-2',
      data: validCase({ externalClaimId: 'ACT-2' }),
    });
    const doc = await fixture.queue.importBytes('Rechnung.pdf', new TextEncoder().encode('%PDF-1.4 invoice'));
    await fixture.queue.submit([doc.id], { caseNumber: created.caseNumber }, false);
    await waitFor(async () => ['uploaded', 'archived'].includes((await fixture.queue.get(doc.id)).state), 'upload');
    await call('activity.refresh', {});
    expect(confirmed.has(doc.id)).toBe(true);
    confirmed.delete(doc.id);
    // An admin-made AttachmentsAdded with the same name but another size must not confirm it.
    await fetch(`${harness.sandbox.baseUrl}/__sandbox/cases/${created.caseNumber}/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        changes: [{ property: 'AttachmentsAdded', attachments: [{ id: 'x', fileName: 'Rechnung.pdf', fileSize: 1 }] }],
      }),
    });
    const before = services.activity.list(created.caseNumber).length;
    // Re-reading from the stored cursor sees only the new admin event, not the upload again.
    await call('activity.refresh', {});
    expect(services.activity.list(created.caseNumber).length).toBe(before + 1);
    expect(confirmed.has(doc.id)).toBe(false);
  });

  it('skips invalid events with the reason and keeps reading the valid ones', async () => {
    const warnings: unknown[] = [];
    const logger = { ...silentLogger, warn: (m: string, f?: unknown) => warnings.push([m, f]), child: () => logger };
    const { ActivityStore } = await import('./activity-store');
    const { CaseEventPoller } = await import('./case-event-poller');
    const store = new ActivityStore(tempDir('activity-'), logger);
    const good = (n: number) => ({
      eventType: 'CaseChanged',
      payloadVersion: '1.0',
      correlationId: `c${n}`,
      timestamp: '2026-03-01T10:00:00Z',
      case: { number: 'S-1' },
      changes: [{ property: 'CaseReopened' }],
    });
    const pages = [
      {
        items: [
          { cursor: '1', event: good(1) },
          { cursor: '2', event: { ...good(2), timestamp: 'yesterday' } },
          { cursor: '3', event: { ...good(3), changes: [{ property: 'Reserve', newValue: { amount: 'lots' } }] } },
          { cursor: '4', event: 'not an object' },
          { cursor: '5', event: good(5) },
        ],
        nextCursor: '5',
      },
      { items: [], nextCursor: '5' },
    ];
    const poller = new CaseEventPoller({
      source: () => ({ listCaseEvents: async ({ after }) => (after === '5' ? pages[1]! : pages[0]!) }),
      store,
      clock: systemClock,
      logger,
    });
    await poller.pollOnce();
    expect(store.list('S-1').map((e) => e.cursor)).toEqual(['1', '5']);
    expect(store.cursor).toBe('5');
    expect(poller.status().skipped).toBe(3);
    expect(JSON.stringify(warnings)).toContain('timestamp');
    expect(JSON.stringify(warnings)).toContain('changes.0.newValue.amount');
  });
});
