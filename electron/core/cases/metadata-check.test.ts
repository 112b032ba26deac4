import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { invokes } from '../../../shared/ipc/contract';
import { DEMO_CLIENT, startSandbox } from '../../../sandbox';
import type { RunningSandbox } from '../../../sandbox/sandbox-types';
import type { IntakeCore } from '../app';
import { createIntakeCore } from '../app';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { waitFor } from '../queue/test-support/queue-fixture';
import { silentLogger } from '../util/logger';

// The checks before queuing against the real local sandbox, through the core as the app builds it.
let dir: string;
let sandbox: RunningSandbox;
let core: IntakeCore;
let scanned: string;
const check = async (metadata: Record<string, string>, ids: string[] = []) =>
  invokes['documents.check'].response.parse(await core.handlers['documents.check']({ ids, metadata }));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-check-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  core = await createIntakeCore({
    name: 'Intake Desk',
    version: 'test',
    shell: 'web',
    paths: { settingsFile: join(dir, 'settings.json'), dataDir: join(dir, 'data') },
    localSandbox: { baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, demoClient: DEMO_CLIENT },
    secretStore: new MemorySecretStore(),
    logger: silentLogger,
  });
  const folder = join(dir, 'claims-scans');
  await mkdir(folder);
  const settings = core.settings.get();
  await core.settings.save({
    ...settings,
    folders: [
      FolderProfileSchema.parse({
        id: 'claims',
        label: 'Claims',
        path: folder,
        requiredFields: ['caseNumber', 'documentTypeCode'],
      }),
    ],
  });
  await writeFile(join(folder, 'scan.pdf'), '%PDF-1.4 scan');
  await waitFor(
    async () => (await core.queue.list({ limit: 10, offset: 0 })).documents.length === 1,
    'the scan arrived',
  );
  scanned = (await core.queue.list({ limit: 10, offset: 0 })).documents[0]!.id;
});

afterAll(async () => {
  await core?.stop();
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('documents.check (before queuing)', () => {
  it('a case number the sandbox has passes; a made-up one, or one of the wrong form, is refused at the field', async () => {
    expect(await check({ caseNumber: 'CLM-2026-000101' })).toEqual({ fields: {}, unchecked: [] });
    expect(await check({ caseNumber: 'clm-2026-000101' })).toEqual({ fields: {}, unchecked: [] });
    expect((await check({ caseNumber: 'CLM-2026-999999' })).fields).toEqual({ caseNumber: 'check.caseNumber.unknown' });
    expect((await check({ caseNumber: 'Rechnung' })).fields).toEqual({ caseNumber: 'check.caseNumber.format' });
  });

  it('a policy number is looked up in the policy search; an unknown one is refused', async () => {
    expect(await check({ policyNumber: 'HR-100001' })).toEqual({ fields: {}, unchecked: [] });
    expect((await check({ policyNumber: 'HR-999999' })).fields).toEqual({
      policyNumber: 'check.policyNumber.unknown',
    });
  });

  it("the folder profile's required fields and a document type from the configured list", async () => {
    expect((await check({ caseNumber: 'CLM-2026-000101' }, [scanned])).fields).toEqual({
      documentTypeCode: 'check.required',
    });
    const code = core.settings.get().documentTypes[0]!.code;
    expect((await check({ caseNumber: 'CLM-2026-000101', documentTypeCode: code }, [scanned])).fields).toEqual({});
    expect((await check({ caseNumber: 'CLM-2026-000101', documentTypeCode: 'INVOICE' }, [scanned])).fields).toEqual({
      documentTypeCode: 'check.documentType.unknown',
    });
    // A drop (no folder profile) needs only what every document needs.
    expect((await check({ caseNumber: 'CLM-2026-000101' })).fields).toEqual({});
  });

  it('when the platform cannot be asked, the field is left unchecked, not refused (the offline queue still takes it)', async () => {
    await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', body: JSON.stringify({ offline: true }) });
    try {
      expect(await check({ policyNumber: 'HR-999999' })).toEqual({ fields: {}, unchecked: ['policyNumber'] });
    } finally {
      await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'DELETE' });
    }
  });

  it('file-name placeholders follow a saved change of the document types at once (settings.changed)', async () => {
    const folder = join(dir, 'claims-scans');
    const settings = core.settings.get();
    const folders = settings.folders.map((f) => ({ ...f, fileNamePattern: '{CaseNumber}_{DocumentTypeCode}_*.pdf' }));
    await core.handlers['settings.update']({ settings: { ...settings, folders } });
    await writeFile(join(folder, 'CLM-2026-000101_GUTACHTEN_1.pdf'), '%PDF-1.4 before');
    const doc = async (name: string) =>
      (await core.queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.fileName === name);
    await waitFor(() => doc('CLM-2026-000101_GUTACHTEN_1.pdf'), 'first scan');
    expect((await doc('CLM-2026-000101_GUTACHTEN_1.pdf'))?.metadata.documentTypeCode).toBeUndefined();
    const next = core.settings.get();
    await core.handlers['settings.update']({
      settings: { ...next, documentTypes: [...next.documentTypes, { code: 'GUTACHTEN', label: 'Gutachten' }] },
    });
    await writeFile(join(folder, 'CLM-2026-000101_GUTACHTEN_2.pdf'), '%PDF-1.4 after');
    await waitFor(() => doc('CLM-2026-000101_GUTACHTEN_2.pdf'), 'second scan');
    expect((await doc('CLM-2026-000101_GUTACHTEN_2.pdf'))?.metadata.documentTypeCode).toBe('GUTACHTEN');
  });
});
