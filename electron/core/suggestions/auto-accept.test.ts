import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import { SettingsSchema } from '../../../shared/domain/settings';
import type { Candidate, DocumentSuggestions } from '../../../shared/domain/suggestions';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import { createDefaultSettings } from '../settings/default-settings';
import { silentLogger } from '../util/logger';
import { autoAccept } from './auto-accept';
import { suggest } from './suggest';

// Issue #30 item 8: a policy the platform confirms but that is not in force (the sandbox's WG-200002 ended
// on 2025-12-31) is never filled by itself; an active one (HR-100001) is. The suggestions come from the
// real checks against the sandbox's customer/policy search, over a socket.
let h: ConnectionHarness;
beforeAll(async () => {
  h = await startConnectionHarness();
});
afterAll(async () => {
  await h.stop();
});

const FOLDER = '/scans/post';
const settings = SettingsSchema.parse({
  ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
  folders: [{ id: 'post', label: 'post', path: FOLDER, autoAcceptSuggestions: true, autoSubmit: true }],
});
const today = new Date().toISOString().slice(0, 10);
const candidate = (value: string): Candidate => ({ field: 'policyNumber', value, raw: value, page: 0 });

async function run(policyNumbers: string[], patch: Partial<Document> = {}) {
  const { api } = h.connect();
  const found = await suggest(policyNumbers.map(candidate), api, { today });
  const answer: DocumentSuggestions = { pages: [], pageCount: 1, languages: ['eng'], ...found };
  let doc: Document = {
    id: 'd',
    fileName: 'letter.pdf',
    sourceFolder: FOLDER,
    size: 1,
    contentType: 'application/pdf',
    sha256: 'x',
    arrivedAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    state: 'new',
    metadata: {},
    attempts: 0,
    ...patch,
  };
  const submitted: string[] = [];
  const outcome = await autoAccept(
    {
      settings: () => settings,
      document: () => doc,
      suggestions: () => Promise.resolve(answer),
      check: () => Promise.resolve({ fields: {}, unchecked: [] }),
      tag: async (_ids: string[], metadata: Metadata) => {
        doc = { ...doc, state: 'tagged', metadata: { ...doc.metadata, ...metadata } };
      },
      submit: async (ids: string[]) => submitted.push(...ids),
      logger: silentLogger,
    },
    'd',
  );
  return { outcome, doc, submitted, suggestions: found.suggestions };
}

describe('auto-accept and the policy state', () => {
  it('an expired policy is confirmed and marked expired, but never filled or submitted by itself', async () => {
    const r = await run(['WG-200002']);
    expect(r.suggestions).toEqual([
      expect.objectContaining({
        value: 'WG-200002',
        check: 'verified',
        policy: expect.objectContaining({ isActive: false, state: 'expired', endDate: '2025-12-31' }),
      }),
    ]);
    expect(r.outcome).toBe('nothing');
    expect(r.doc.metadata.policyNumber).toBeUndefined();
    expect(r.submitted).toEqual([]);
  });

  it('an active policy beside an expired one is the one filled, and submitted with the folder’s auto-submit', async () => {
    const r = await run(['WG-200002', 'HR-100001']);
    expect(r.suggestions.map((s) => [s.value, s.policy?.state])).toEqual([
      ['WG-200002', 'expired'],
      ['HR-100001', 'active'],
    ]);
    expect(r.outcome).toBe('submitted');
    expect(r.doc.metadata.policyNumber).toBe('HR-100001');
  });

  it('a document another clerk of the office has open is theirs: nothing filled, nothing submitted (issue #50 item 3)', async () => {
    const r = await run(['HR-100001'], { heldBy: { station: 'FRONT-PC', clerk: 'Anna', since: today } });
    expect(r.suggestions.map((s) => s.value)).toEqual(['HR-100001']);
    expect(r.outcome).toBe('off');
    expect(r.doc.metadata).toEqual({});
    expect(r.submitted).toEqual([]);
  });
});
