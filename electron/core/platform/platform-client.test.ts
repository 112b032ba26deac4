import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCaseChangeEvent } from '../../../shared/platform/events';
import { rejection } from '../test-support/rejection';
import { BufferPool } from '../util/buffer-pool';
import { READ_CHUNK_BYTES } from './multipart-body';
import { startConnectionHarness } from './test-support/connection-harness';
import type { ConnectionHarness } from './test-support/connection-harness';

let h: ConnectionHarness;
let dir: string;

beforeAll(async () => {
  h = await startConnectionHarness();
  dir = mkdtempSync(join(tmpdir(), 'core-upload-'));
});
afterAll(async () => {
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, bytes: number): { filePath: string; size: number } {
  const filePath = join(dir, name);
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) data[i] = i % 251;
  writeFileSync(filePath, data);
  return { filePath, size: bytes };
}

async function uploads(): Promise<
  { fileName: string; size: number; metadata: Record<string, string>; idempotencyKey: string | null }[]
> {
  return (await (await fetch(`${h.sandbox.baseUrl}/__sandbox/uploads`)).json()) as never;
}

describe('digital inbox upload', () => {
  it('streams a file with non-ASCII name and metadata that arrive intact, reporting progress up to the total', async () => {
    const { api } = h.connect();
    const name = 'Schadensmeldung Müller – 2026.pdf';
    const f = file('scan-1.pdf', 300_000);
    const progress: [number, number][] = [];
    const response = await api.uploadToInbox({
      ...f,
      fileName: name,
      contentType: 'application/pdf',
      metadata: {
        primaryFileName: name,
        caseNumber: 'CLM-2026-000101',
        documentTypeCode: 'FNOL',
        policyNumber: 'HR-100001',
      },
      idempotencyKey: 'doc-1',
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(response.success).toBe(true);
    const stored = (await uploads()).find((u) => u.idempotencyKey === 'doc-1');
    expect(stored?.fileName).toBe(name);
    expect(stored?.size).toBe(300_000);
    expect(stored?.metadata).toMatchObject({
      primaryFileName: name,
      caseNumber: 'CLM-2026-000101',
      documentTypeCode: 'FNOL',
    });
    const last = progress.at(-1);
    expect(last?.[0]).toBe(last?.[1]);
    expect(last?.[1]).toBeGreaterThan(300_000);
    expect(progress.length).toBeGreaterThan(1);
  });

  it('sends the part file name raw with a quote escaped', async () => {
    const { api } = h.connect();
    const f = file('scan-2.pdf', 10);
    await api.uploadToInbox({
      ...f,
      fileName: 'Brief "Eilt" Ä.pdf',
      contentType: 'application/pdf',
      metadata: {},
      idempotencyKey: 'doc-2',
    });
    const stored = (await uploads()).find((u) => u.idempotencyKey === 'doc-2');
    // form-data escapes the quote as %22 in the part header; the platform (sandbox) reads it back.
    expect(stored?.fileName).toBe('Brief "Eilt" Ä.pdf');
  });

  it('rejects a control character in metadata before sending anything', async () => {
    const { api } = h.connect();
    const f = file('scan-3.pdf', 10);
    const before = (await h.stats()).uploads;
    const e = await rejection(
      api.uploadToInbox({
        ...f,
        fileName: 'a.pdf',
        contentType: 'application/pdf',
        metadata: { caseNumber: 'CLM\r\nX-Evil: 1' },
      }),
    );
    expect(e.kind).toBe('validation');
    expect(e.code).toBe('metadata.invalid');
    expect((await h.stats()).uploads).toBe(before);
  });

  it('reports a file that changed size since it was queued as a local error', async () => {
    const { api } = h.connect();
    const f = file('scan-4.pdf', 100);
    const e = await rejection(
      api.uploadToInbox({ ...f, size: 99, fileName: 'a.pdf', contentType: 'application/pdf', metadata: {} }),
    );
    expect(e.kind).toBe('local');
    expect(e.code).toBe('file.changed');
  });

  it('turns a platform rejection into a validation error carrying errors[]', async () => {
    const { api } = h.connect();
    const f = file('empty.pdf', 0);
    const e = await rejection(
      api.uploadToInbox({ ...f, fileName: 'empty.pdf', contentType: 'application/pdf', metadata: {} }),
    );
    expect(e.kind).toBe('validation');
    expect(e.platformErrors?.[0]?.type).toBe('empty_file');
    expect(e.message).toContain('empty');
  });

  it('reuses read buffers only after a 2xx answer, and uploads that share them arrive byte-exact', async () => {
    const uploadBuffers = new BufferPool(READ_CHUNK_BYTES, 8);
    const { api } = h.connect({ uploadBuffers });
    const scans = [0, 1, 2, 3, 4, 5].map((i) => {
      const filePath = join(dir, `shared-${i}.pdf`);
      const data = randomBytes(2 * READ_CHUNK_BYTES + i * 1000);
      writeFileSync(filePath, data);
      return { filePath, size: data.length, sha256: createHash('sha256').update(data).digest('hex'), i };
    });
    const send = (s: (typeof scans)[number]) =>
      api.uploadToInbox({
        filePath: s.filePath,
        size: s.size,
        fileName: `shared-${s.i}.pdf`,
        contentType: 'application/pdf',
        metadata: {},
        idempotencyKey: `shared-${s.i}`,
      });
    // Two at a time, as the queue sends them, so a buffer one upload gives back is read into by the other.
    for (let k = 0; k < scans.length; k += 2) await Promise.all([send(scans[k]!), send(scans[k + 1]!)]);
    expect(uploadBuffers.kept).toBeGreaterThan(0);
    expect(uploadBuffers.kept).toBeLessThanOrEqual(6);
    const stored = (await uploads()) as unknown as { idempotencyKey: string | null; sha256: string }[];
    for (const s of scans) expect(stored.find((u) => u.idempotencyKey === `shared-${s.i}`)?.sha256).toBe(s.sha256);

    // Any answer but a 2xx leaves the buffers to the GC, even when the whole body was pulled: a key sent
    // again with other bytes is refused (422) after the sandbox read the body to the end.
    const fresh = new BufferPool(READ_CHUNK_BYTES, 8);
    const refusing = h.connect({ uploadBuffers: fresh }).api;
    const e = await rejection(
      refusing.uploadToInbox({
        filePath: scans[1]!.filePath,
        size: scans[1]!.size,
        fileName: 'other-bytes.pdf',
        contentType: 'application/pdf',
        metadata: {},
        idempotencyKey: 'shared-0',
      }),
    );
    expect(e.platformErrors?.[0]?.type).toBe('idempotency_key_reused');
    expect(fresh.kept).toBe(0);
  });
});

describe('JSON endpoints', () => {
  it('reads input and output schemas', async () => {
    const { api } = h.connect();
    const input = await api.getInputSchema('case-create');
    expect(input.required).toContain('claimant');
    const output = await api.getOutputSchema('case-create');
    expect(output).toBeTypeOf('object');
    const e = await rejection(api.getInputSchema('no such key/..'));
    expect(e.kind).toBe('not_found');
    expect(e.status).toBe(404);
  });

  it('creates a case and reports a rejected case with the platform errors', async () => {
    const { api } = h.connect();
    const created = await api.createCase({
      policyNumber: 'HR-100001',
      accidentDate: '2026-01-12',
      caseType: 'Property',
      claimant: { firstName: 'Jörg', lastName: 'Müller' },
      damageAddress: { street: 'Lindenstraße 12', postalCode: '20095', city: 'Hamburg' },
    });
    expect(created.success).toBe(true);
    expect(created.links?.self).toBeTruthy();
    const e = await rejection(api.createCase({ policyNumber: 'bad' }));
    expect(e.kind).toBe('validation');
    expect(e.platformErrors?.length).toBeGreaterThan(0);
  });

  it('validates a service partner account and answers each error body as a rejection with its code and the platform message', async () => {
    const { api } = h.connect();
    const ok = await api.validateAccount({
      tenant: 'demo-insurance',
      companyTaxId: 'DE811234567',
      referenceNumber: 'SRV-2026-0001',
    });
    expect(ok.status === 'valid' && ok.data.claim.number).toBe('CLM-2026-000101');
    const cases: [Parameters<typeof api.validateAccount>[0], string, RegExp][] = [
      [
        { tenant: 'demo-insurance', companyTaxId: 'XX000', referenceNumber: 'SRV-2026-0001' },
        'partner_not_found',
        /^no service partner with tax id XX000$/,
      ],
      [
        { tenant: 'demo-insurance', companyTaxId: 'DE811234567', referenceNumber: 'SRV-0000' },
        'reference_not_found',
        /^no service SRV-0000 in tenant demo-insurance$/,
      ],
      [
        { tenant: 'demo-insurance', companyTaxId: 'DE811234567', referenceNumber: 'SRV-2026-0002' },
        'partner_not_assigned',
        /is not assigned to service SRV-2026-0002$/,
      ],
      [
        { tenant: 'demo-insurance', companyTaxId: '', referenceNumber: 'SRV-2026-0001' },
        'invalid_request',
        /companyTaxId/,
      ],
    ];
    for (const [input, code, platformMessage] of cases) {
      // Data, not a throw: the code as the platform sent it and its message as it said it (no text of ours).
      expect(await api.validateAccount(input)).toEqual({
        status: 'rejected',
        code,
        message: expect.stringMatching(platformMessage),
      });
    }
    // An answer that is none of the declared bodies is a failure as for any endpoint, not a rejection.
    h.faults({ status5xx: { status: 500, count: 1, paths: 'validateaccount' } });
    const e = await rejection(
      api.validateAccount({ tenant: 'demo-insurance', companyTaxId: 'XX000', referenceNumber: 'SRV-2026-0001' }),
    );
    expect([e.kind, e.status]).toEqual(['server', 500]);
  });

  it('searches customers with after paging', async () => {
    const { api } = h.connect();
    const first = await api.searchCustomers({ date: '2026-03-01', q: 'a', limit: 2 });
    const next = await api.searchCustomers({ date: '2026-03-01', q: 'a', limit: 2, after: 2 });
    expect(first).toHaveLength(2);
    expect(next.length).toBeGreaterThan(0);
    expect(next.map((c) => c.customerId)).not.toContain(first[0]?.customerId);
    const e = await rejection(api.searchCustomers({ date: '01.03.2026', q: 'a', limit: 2 }));
    expect(e.code).toBe('request.invalid');
  });

  it('reads claim files and claim information, including the largest int64 id', async () => {
    const { api } = h.connect();
    const files = await api.getClaimFiles('1001');
    expect(files.map((f) => f.name)).toContain('Schadensmeldung.pdf');
    const info = await api.getClaimInformation('1001');
    expect(info.generalInfo.length).toBeGreaterThan(0);
    await expect(api.getClaimInformation('9223372036854775807')).resolves.toBeTruthy();
    expect((await rejection(api.getClaimFiles('0'))).code).toBe('request.invalid');
    expect((await rejection(api.getClaimFiles('424242'))).kind).toBe('not_found');
  });

  it('reads the case event feed page by page', async () => {
    const { api } = h.connect();
    const res = await fetch(`${h.sandbox.baseUrl}/__sandbox/cases/CLM-2026-000101/changes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'CaseClosed' }),
    });
    expect(res.status).toBe(201);
    const page = await api.listCaseEvents({ limit: 100 });
    expect(page.items.length).toBeGreaterThan(0);
    const last = page.items.at(-1);
    expect(last && parseCaseChangeEvent(last.event).ok).toBe(true);
    const after = await api.listCaseEvents({ after: page.nextCursor, limit: 100 });
    expect(after.items).toHaveLength(0);
  });
});
