import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from '../../../shared/domain/suggestions';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import { sandboxCaseLookup } from '../cases/metadata-check';
import { suggest } from './suggest';

let h: ConnectionHarness;
beforeAll(async () => {
  h = await startConnectionHarness();
});
afterAll(async () => {
  await h.stop();
});

const box = { x: 0.1, y: 0.2, w: 0.1, h: 0.02 };
const cand = (field: Candidate['field'], value: string, page = 0): Candidate => ({
  field,
  value,
  raw: value,
  page,
  box,
});
const today = new Date().toISOString().slice(0, 10);

describe('suggestions checked against the sandbox', () => {
  it('suggests a policy number the customer search knows, with the customer and the policy', async () => {
    const { api } = h.connect();
    const r = await suggest([cand('policyNumber', 'HR-100001', 1)], api, { today });
    expect(r.problems).toEqual([]);
    expect(r.suggestions).toEqual([
      expect.objectContaining({
        field: 'policyNumber',
        value: 'HR-100001',
        page: 1,
        box,
        check: 'verified',
        policy: expect.objectContaining({ customerName: 'Jörg Müller', policyNumber: 'HR-100001' }),
      }),
    ]);
  });

  it('never suggests a policy number the platform does not know, nor a partial match: both are shown as unknown', async () => {
    const { api } = h.connect();
    // HR-10000 is part of HR-100001: the search finds that customer, but not this policy.
    const r = await suggest([cand('policyNumber', 'ZZ-999999'), cand('policyNumber', 'HR-10000')], api, { today });
    // Issue #36 item 2: read, asked, and unknown to the platform: its own state, never verified or a guess.
    expect(r.suggestions.map((s) => [s.value, s.check, s.policy])).toEqual([
      ['ZZ-999999', 'unknown', undefined],
      ['HR-10000', 'unknown', undefined],
    ]);
    expect(r.problems).toEqual([]);
  });

  it('checks claim ids (known: verified; unknown: dropped) and offers case numbers as found in the document', async () => {
    const { api } = h.connect();
    const r = await suggest(
      [cand('claimId', '1001'), cand('claimId', '987654'), cand('caseNumber', 'CLM-2026-000101')],
      api,
      { today },
    );
    expect(r.suggestions.map((s) => [s.field, s.value, s.check])).toEqual([
      ['claimId', '1001', 'verified'],
      ['caseNumber', 'CLM-2026-000101', 'found-in-document'],
    ]);
  });

  it('checks case numbers where the platform can tell: the local sandbox’s case registry', async () => {
    const { api } = h.connect();
    const lookup = sandboxCaseLookup((url, init) => fetch(url, init));
    const env = h.environment();
    const caseExists = (n: string) => lookup(env, n, new AbortController().signal);
    const r = await suggest(
      [cand('caseNumber', 'CLM-2026-000101'), cand('caseNumber', 'CLM-2026-999999')],
      { ...bind(api), caseExists },
      { today },
    );
    expect(r.suggestions.map((s) => [s.value, s.check])).toEqual([
      ['CLM-2026-000101', 'verified'],
      ['CLM-2026-999999', 'unknown'],
    ]);
  });

  it('platform offline: no policy suggestion, and the reason is given', async () => {
    const { api } = h.connect({ timeoutMs: 2000 });
    h.faults({ offline: true });
    try {
      const r = await suggest([cand('policyNumber', 'HR-100001'), cand('accidentDate', '2026-01-12')], api, { today });
      expect(r.suggestions.map((s) => s.field)).toEqual(['accidentDate']);
      expect(r.problems).toEqual([expect.stringContaining('HR-100001 could not be checked')]);
    } finally {
      h.faults({});
    }
  });
});

const bind = (api: ReturnType<ConnectionHarness['connect']>['api']) => ({
  searchCustomers: api.searchCustomers.bind(api),
  getClaimFiles: api.getClaimFiles.bind(api),
});
