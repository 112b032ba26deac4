import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../shared/domain/document';
import type { FolderProfile } from '../../shared/domain/settings';
import { letterScan } from '../../electron/core/suggestions/test-support/letters';
import { MemorySecretStore } from '../../electron/core/platform/test-support/connection-harness';
import { demoFolderProfile, startDemo } from '../../electron/web/demo-app';
import type { RunningDemo } from '../../electron/web/demo-app';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 17 items 3 and 4: a document arriving in a watched folder has its text read in the background
// (cached by content), and a folder that auto-accepts fills the fields the platform confirmed; it submits
// only when the folder's auto-submit is on too and the checks before queuing leave nothing open. Real
// sandbox, real core, real folders, real OCR of small scanned letters.
const A6: [number, number] = [297.6, 419.5];
const letter = (policyNumber: string) =>
  letterScan(
    { lines: ['Sehr geehrte Damen und Herren,', `Versicherungsnummer: ${policyNumber}`], fontSize: 12, page: A6 },
    { dpi: 200, noise: 16, blur: 0.5, seed: 9 },
  );

let dir: string;
let demo: RunningDemo;
const folders: Record<string, string> = {};

function profile(id: string, patch: Partial<FolderProfile>): FolderProfile {
  return { ...demoFolderProfile(folders[id]!), id, label: id, fileNamePattern: undefined, ...patch };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-arrival-text-'));
  demo = await startDemo({ dataDir: dir, version: 'test', sampleScans: false, secretStore: new MemorySecretStore() });
  for (const id of ['plain', 'accept', 'acceptSubmit', 'acceptSubmitType']) {
    folders[id] = join(dir, id);
    await mkdir(folders[id]!);
  }
  const settings = demo.core.settings.get();
  await demo.core.settings.save({
    ...settings,
    folders: [
      profile('plain', {}),
      profile('accept', { autoAcceptSuggestions: true }),
      profile('acceptSubmit', { autoAcceptSuggestions: true, autoSubmit: true, requiredFields: ['policyNumber'] }),
      profile('acceptSubmitType', {
        autoAcceptSuggestions: true,
        autoSubmit: true,
        requiredFields: ['policyNumber', 'documentTypeCode'],
      }),
    ],
  });
}, idleMs(60_000));
afterAll(async () => {
  await demo?.close();
  await rm(dir, { recursive: true, force: true });
});

async function arrive(folder: string, name: string, policyNumber: string): Promise<Document> {
  await writeFile(join(folders[folder]!, name), await letter(policyNumber));
  await expect
    .poll(async () => (await demo.core.queue.list({ limit: 50, offset: 0, query: name })).documents.length, {
      timeout: idleMs(20_000),
    })
    .toBe(1);
  return (await demo.core.queue.list({ limit: 50, offset: 0, query: name })).documents[0]!;
}
const current = (id: string) => demo.core.queue.get(id);
const textCached = (doc: Document) => existsSync(join(dir, 'app', 'text-cache', `${doc.sha256}.json`));

describe('text read on arrival, and auto-accept per folder profile', () => {
  it(
    'reads the text in the background without filling anything where auto-accept is off (the default)',
    async () => {
      const doc = await arrive('plain', 'plain.png', 'HR-100001');
      expect(doc.state).toBe('new');
      await expect.poll(() => textCached(doc), { timeout: idleMs(60_000) }).toBe(true);
      const started = Date.now();
      const r = await demo.core.handlers['documents.suggestions']!({ id: doc.id });
      expect(Date.now() - started).toBeLessThan(2000); // from the cache, no OCR when the clerk opens it
      expect(r.suggestions.find((s) => s.field === 'policyNumber')?.value).toBe('HR-100001');
      expect(await current(doc.id)).toMatchObject({
        state: 'new',
        metadata: { responsibleDepartmentId: 'CLAIMS-INTAKE' },
      });
      expect((await current(doc.id)).metadata.policyNumber).toBeUndefined();
    },
    idleMs(90_000),
  );

  it(
    'auto-accept fills the confirmed policy number, and does not submit without the folder’s auto-submit',
    async () => {
      const doc = await arrive('accept', 'accept.png', 'HR-100001');
      await expect
        .poll(async () => (await current(doc.id)).metadata.policyNumber, { timeout: idleMs(60_000) })
        .toBe('HR-100001');
      expect((await current(doc.id)).state).toBe('tagged');
    },
    idleMs(90_000),
  );

  it(
    'a policy number the platform does not know is never filled; the document waits for the clerk',
    async () => {
      const doc = await arrive('acceptSubmit', 'unknown.png', 'HR-999123');
      await expect.poll(() => textCached(doc), { timeout: idleMs(60_000) }).toBe(true);
      // The auto-accept after the read asks the platform; give it its moment, then nothing changed.
      await new Promise((r) => setTimeout(r, 1500));
      expect((await current(doc.id)).state).toBe('new');
      expect((await current(doc.id)).metadata.policyNumber).toBeUndefined();
    },
    idleMs(90_000),
  );

  it(
    'with auto-submit on too, a document complete with the confirmed field goes to the queue',
    async () => {
      const doc = await arrive('acceptSubmit', 'complete.png', 'HR-100001');
      await expect
        .poll(async () => (await current(doc.id)).state, { timeout: idleMs(60_000) })
        .toMatch(/queued|uploading|uploaded|archived/);
      expect((await current(doc.id)).metadata.policyNumber).toBe('HR-100001');
      // Held on arrival (the required policy number was missing), filled, then submitted.
      const states = (await demo.core.queue.history({ query: 'complete.png', limit: 20 }))
        .filter((h) => h.documentId === doc.id)
        .map((h) => h.state);
      expect(states).toEqual(expect.arrayContaining(['new', 'tagged', 'queued']));
    },
    idleMs(90_000),
  );

  it(
    'with auto-submit on, a document still missing a required field is filled but not submitted',
    async () => {
      const doc = await arrive('acceptSubmitType', 'no-type.png', 'HR-100001');
      await expect
        .poll(async () => (await current(doc.id)).metadata.policyNumber, { timeout: idleMs(60_000) })
        .toBe('HR-100001');
      await new Promise((r) => setTimeout(r, 1000));
      expect((await current(doc.id)).state).toBe('tagged');
    },
    idleMs(90_000),
  );

  // Last: it stops the platform.
  it(
    'with the platform unreachable nothing is confirmed, so nothing is filled and nothing submitted',
    async () => {
      await demo.sandbox.close();
      const doc = await arrive('acceptSubmit', 'offline.png', 'HR-100001');
      await expect.poll(() => textCached(doc), { timeout: idleMs(60_000) }).toBe(true);
      const r = await demo.core.handlers['documents.suggestions']!({ id: doc.id });
      expect(r.suggestions.filter((s) => s.field === 'policyNumber')).toEqual([]);
      expect(r.problems.join(' ')).toContain('HR-100001');
      expect((await current(doc.id)).state).toBe('new');
      expect((await current(doc.id)).metadata.policyNumber).toBeUndefined();
    },
    idleMs(90_000),
  );
});
