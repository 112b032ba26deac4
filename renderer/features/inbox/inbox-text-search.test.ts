import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';

// Issue 17 item 4: the inbox search also finds documents by the text read from them (documents.searchText).
describe('inbox search by document text', () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    vi.useFakeTimers();
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const store = createAppStore();
    store
      .getState()
      .applyDocumentsChanged(
        [
          doc('letter', { fileName: 'scan0001.png', arrivedAt: '2026-03-02T00:00:00Z' }),
          doc('invoice', { fileName: 'Rechnung HR-100001.pdf' }),
        ],
        [],
      );
    return store;
  };

  it('lists the documents the core finds by text, next to those found by name, once typing pauses', async () => {
    const store = setup();
    store.getState().setInboxQuery('HR-1');
    store.getState().setInboxQuery('HR-100001');
    expect(store.getState().inboxOrder).toEqual(['invoice']); // by name, at once
    expect(bridge.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(bridge.calls).toHaveLength(1); // one request for the query typed, not one per key
    expect(bridge.calls[0]).toMatchObject({ channel: 'documents.searchText', request: { query: 'HR-100001' } });
    bridge.answer(0, { ok: true, value: { matches: [{ id: 'letter', page: 0, snippet: 'nummer hr-100001' }] } });
    await vi.runAllTimersAsync();
    expect(store.getState().inboxOrder).toEqual(['letter', 'invoice']);
    expect(store.getState().inboxTextMatches?.snippets).toEqual({ letter: 'nummer hr-100001' });
    // Another query does not keep the old text matches.
    store.getState().setInboxQuery('Rechnung');
    expect(store.getState().inboxOrder).toEqual(['invoice']);
  });

  it('an answer for an older query is dropped; a failed text search leaves the search by name', async () => {
    const store = setup();
    store.getState().setInboxQuery('Müller');
    await vi.advanceTimersByTimeAsync(300);
    store.getState().setInboxQuery('Meier');
    await vi.advanceTimersByTimeAsync(300);
    bridge.answer(0, { ok: true, value: { matches: [{ id: 'letter', page: 0, snippet: 'müller' }] } });
    await vi.runAllTimersAsync();
    expect(store.getState().inboxOrder).toEqual([]);
    bridge.answer(1, { ok: false, error: { code: 'app.unavailable', message: 'gone', retryable: true } });
    await vi.runAllTimersAsync();
    expect(store.getState().inboxOrder).toEqual([]);
    store.getState().setInboxQuery('x'); // one letter: by name only, the core is not asked
    await vi.advanceTimersByTimeAsync(300);
    expect(bridge.calls).toHaveLength(2);
  });
});
