import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { ScriptedBridge } from '../../test-support/scripted-bridge';
import { localIsoDate, POLICY_PAGE_SIZE } from './policies-slice';

const customer = (id: string) => ({ customerId: id, fullName: `Customer ${id}`, policyMatches: [] });

describe('policies slice', () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });

  it('ignores an answer that arrives after a newer search was started', async () => {
    const store = createAppStore();
    store.getState().setPolicyQuery('Mül');
    const first = store.getState().searchPolicies();
    store.getState().setPolicyQuery('Müller');
    const second = store.getState().searchPolicies();
    bridge.answer(1, { ok: true, value: [customer('new')] });
    await second;
    bridge.answer(0, { ok: true, value: [customer('stale')] });
    await first;
    expect(store.getState().customers.map((c) => c.customerId)).toEqual(['new']);
    expect(bridge.calls[1]?.request).toMatchObject({ q: 'Müller', limit: POLICY_PAGE_SIZE });
  });

  it('pages with after = rows already shown and appends; a short page ends paging', async () => {
    const store = createAppStore();
    store.getState().setPolicyQuery('a');
    const full = Array.from({ length: POLICY_PAGE_SIZE }, (_, i) => customer(`c${i}`));
    const p1 = store.getState().searchPolicies();
    bridge.answer(0, { ok: true, value: full });
    await p1;
    expect(store.getState().policyHasMore).toBe(true);
    const p2 = store.getState().morePolicies();
    expect(bridge.calls[1]?.request).toMatchObject({ after: POLICY_PAGE_SIZE });
    bridge.answer(1, { ok: true, value: [customer('last')] });
    await p2;
    expect(store.getState().customers).toHaveLength(POLICY_PAGE_SIZE + 1);
    expect(store.getState().policyHasMore).toBe(false);
  });

  it('keeps the error of the newest search and clears results for an empty query without calling', async () => {
    const store = createAppStore();
    store.getState().setPolicyQuery('x');
    const p = store.getState().searchPolicies();
    bridge.answer(0, { ok: false, error: { code: 'network.offline', message: 'offline', retryable: true } });
    await p;
    expect(store.getState().policyError?.code).toBe('network.offline');
    store.getState().setPolicyQuery('  ');
    await store.getState().searchPolicies();
    expect(bridge.calls).toHaveLength(1);
    expect(store.getState().customers).toEqual([]);
  });

  it('uses the local calendar date, not UTC', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
  });
});
