import { beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedBridge } from '../../test-support/scripted-bridge';
import { scriptedStore } from '../../test-support/scripted-store';
import type { TestStore } from '../../test-support/scripted-store';

describe('office slice', () => {
  let bridge: ScriptedBridge;
  let store: TestStore;
  beforeEach(() => {
    ({ bridge, store } = scriptedStore());
  });

  it('an ask under way is not asked again (a slow server gets no pile of asks); its answer is kept', async () => {
    const first = store.getState().loadOfficeOverview();
    await store.getState().loadOfficeOverview();
    expect(bridge.calls.map((c) => c.channel)).toEqual(['office.status']);
    bridge.answer(0, { ok: true, value: { state: 'none' } });
    await first;
    expect(store.getState().officeOverview).toEqual({ state: 'none' });
    expect(store.getState().officeLoading).toBe(false);
    expect(store.getState().officeCheckedAt).toEqual(expect.any(String));
  });

  it('a failed ask is shown until the next answer, which clears it', async () => {
    const failing = store.getState().loadOfficeOverview();
    bridge.answer(0, { ok: false, error: { code: 'internal', message: 'boom', retryable: false } });
    await failing;
    expect(store.getState().officeError?.code).toBe('internal');
    const next = store.getState().loadOfficeOverview();
    bridge.answer(1, { ok: true, value: { state: 'unreachable', database: 'postgres://intake@db/office' } });
    await next;
    expect(store.getState().officeError).toBeUndefined();
    expect(store.getState().officeOverview).toEqual({ state: 'unreachable', database: 'postgres://intake@db/office' });
  });
});
