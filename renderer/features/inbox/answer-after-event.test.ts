import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '../../app/store';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';

// Issue #45 item 3: on a busy station a call's answer (a snapshot) can reach the screen after events of
// what happened later. Seen in e2e untranslated-text: an import's answer ('new') came after the upload had
// already failed, so the queue screen said "empty" while the status bar said "1 failed".
describe('an answer that comes after newer events', () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    vi.useFakeTimers();
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });
  afterEach(() => vi.useRealTimers());

  const failed = doc('letter', { state: 'failed', updatedAt: '2026-03-01T10:00:02.000Z' });
  const asImported = doc('letter', { state: 'new', updatedAt: '2026-03-01T10:00:00.000Z' });

  it('does not put a document back to a state it has left; a newer answer and every event still apply', () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([failed], [], 'event');
    store.getState().applyDocumentsChanged([asImported], []);
    expect(store.getState().documents['letter']?.state).toBe('failed');
    // A newer answer (the clerk's retry) applies.
    const retried = doc('letter', { state: 'queued', updatedAt: '2026-03-01T10:00:03.000Z' });
    store.getState().applyDocumentsChanged([retried], []);
    expect(store.getState().documents['letter']?.state).toBe('queued');
    // Events are the core's own order: they apply even with an older time (a clock set back).
    store.getState().applyDocumentsChanged([asImported], [], 'event');
    expect(store.getState().documents['letter']?.state).toBe('new');
  });

  it('a list read while events came keeps the newer state, and drops what the list no longer has', async () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([doc('gone')], [], 'event');
    const loading = store.getState().loadDocuments();
    store.getState().applyDocumentsChanged([failed], [], 'event');
    bridge.answer(0, { ok: true, value: { documents: [asImported], total: 1 } });
    await loading;
    expect(store.getState().documents['letter']?.state).toBe('failed');
    expect(store.getState().documents['gone']).toBeUndefined();
  });
});
