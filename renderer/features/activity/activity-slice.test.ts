import { beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedBridge } from '../../test-support/scripted-bridge';
import { scriptedStore } from '../../test-support/scripted-store';
import type { TestStore } from '../../test-support/scripted-store';
import { caseNumberOfClaim } from './claim-case-number';

const entry = (cursor: string) => ({
  cursor,
  receivedAt: '2026-03-01T10:00:00Z',
  event: {
    eventType: 'CaseUpdated',
    payloadVersion: '1',
    correlationId: cursor,
    timestamp: '2026-03-01T10:00:00Z',
    case: { number: 'CLM-1' },
    changes: [],
  },
});

describe('activity slice', () => {
  let bridge: ScriptedBridge;
  let store: TestStore;
  beforeEach(() => {
    ({ bridge, store } = scriptedStore());
  });

  it('opening a case switches to the activity screen; an answer for a case left behind is dropped', async () => {
    const a = store.getState().openActivity('CLM-1');
    expect(store.getState().screen).toBe('activity');
    const b = store.getState().openActivity('CLM-2');
    bridge.answer(1, { ok: true, value: { caseNumber: 'CLM-2', entries: [entry('2')] } });
    await b;
    bridge.answer(0, { ok: true, value: { caseNumber: 'CLM-1', entries: [entry('1')] } });
    await a;
    expect(store.getState().activityCaseNumber).toBe('CLM-2');
    expect(store.getState().activityEntries?.map((e) => e.cursor)).toEqual(['2']);
  });

  it('activity.changed reloads the case list, and the timeline only when its case changed', async () => {
    const open = store.getState().openActivity('CLM-1');
    bridge.answer(0, { ok: true, value: { caseNumber: 'CLM-1', entries: [] } });
    await open;
    store.getState().applyActivityChanged(['CLM-9']);
    expect(bridge.calls.slice(1).map((c) => c.channel)).toEqual(['activity.cases']);
    store.getState().applyActivityChanged(['CLM-1']);
    expect(bridge.calls.slice(2).map((c) => c.channel)).toEqual(['activity.cases', 'activity.list']);
  });
});

describe('caseNumberOfClaim', () => {
  it('reads the case number row of the claim information, whatever its case and language', () => {
    expect(caseNumberOfClaim({ generalInfo: [{ title: 'Schadennummer', value: 'CLM-2026-000101' }] })).toBe(
      'CLM-2026-000101',
    );
    expect(caseNumberOfClaim({ generalInfo: [{ title: ' Case Number ', value: ' C-1 ' }] })).toBe('C-1');
    expect(caseNumberOfClaim({ generalInfo: [{ title: 'Status', value: 'Offen' }] })).toBeUndefined();
    expect(caseNumberOfClaim({ generalInfo: [{ title: 'Schadennummer', value: '' }] })).toBeUndefined();
  });
});
