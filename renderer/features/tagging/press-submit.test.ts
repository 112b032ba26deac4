import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';

// Issue #48 item 1: tagging at a trained clerk's pace, 3 of 20 letters were not sent: Ctrl+Enter on them
// within 1.5 s of the previous send was taken as "send the previous one now", with no word.
describe('Ctrl+Enter acts on the document it was pressed on', () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });

  const inGrace = () => new Date(Date.now() + 60_000).toISOString();
  const setup = () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([doc('a', { arrivedAt: '2026-03-02T00:00:00Z' }), doc('b')], [], 'event');
    const s = store.getState();
    s.syncDraft([s.documents['a']!]);
    return store;
  };
  /** Answers the check and the submit of the call at `from`, as the core does for a tagged document. */
  const answerSend = async (id: string, from: number) => {
    bridge.answer(from, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    bridge.answer(from + 1, {
      ok: true,
      value: [
        doc(id, {
          state: 'queued',
          nextAttemptAt: inGrace(),
          metadata: { caseNumber: 'CLM-2026-000101' },
          updatedAt: '2026-03-02T00:00:01.000Z',
        }),
      ],
    });
    await ScriptedBridge.settle();
  };
  /** Sends `a` with a case number; the clerk is then on `b`. */
  const sendFirst = async (store: ReturnType<typeof setup>) => {
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    await answerSend('a', 0);
    await first;
    expect(store.getState().submitted?.ids).toEqual(['a']);
    expect(store.getState().selection.selected).toEqual(['b']);
    const s = store.getState();
    s.syncDraft([s.documents['b']!]);
  };

  it('on the next document with typed values, right after a send, it sends that document', async () => {
    const store = setup();
    await sendFirst(store);
    store.getState().setDraftField('caseNumber', 'CLM-2026-000102');
    const second = store.getState().pressSubmit();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.check', request: { ids: ['b'] } });
    await answerSend('b', 2);
    await second;
    expect(bridge.calls.map((c) => c.channel)).not.toContain('documents.retry');
    expect(store.getState().submitted?.ids).toEqual(['b']);
  });

  it('on the next document before anything is typed in it, the double press sends the previous one now', async () => {
    const store = setup();
    await sendFirst(store);
    const second = store.getState().pressSubmit();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.retry', request: { ids: ['a'] } });
    bridge.answer(2, { ok: true, value: [doc('a', { state: 'uploading', updatedAt: '2026-03-02T00:00:02.000Z' })] });
    await second;
  });

  it('a press during a send is kept: pressed again on the document being sent, it sends it now', async () => {
    const store = setup();
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    void store.getState().pressSubmit(); // while the check is under way
    expect(store.getState().pendingPress).toEqual(['a']);
    await answerSend('a', 0);
    await ScriptedBridge.settle();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.retry', request: { ids: ['a'] } });
    bridge.answer(2, { ok: true, value: [doc('a', { state: 'uploading', updatedAt: '2026-03-02T00:00:02.000Z' })] });
    await first;
    expect(store.getState().pendingPress).toBeUndefined();
  });

  it('a press during a send on a document the clerk has left since sends nothing for it, and says so', async () => {
    const store = setup();
    store.getState().applyDocumentsChanged([doc('c', { arrivedAt: '2026-02-01T00:00:00Z' })], [], 'event');
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    // During the send the clerk goes to b, presses, and goes on to c before the send is back.
    store.getState().selectDocument('b', 'single');
    void store.getState().pressSubmit();
    expect(store.getState().pendingPress).toEqual(['b']);
    store.getState().selectDocument('c', 'single');
    await answerSend('a', 0);
    await first;
    expect(bridge.calls.map((c) => c.channel)).toEqual(['documents.check', 'documents.submit']);
    expect(store.getState().submitError?.code).toBe('tagging.press_elsewhere');
  });
});
