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
    expect(store.getState().pressedDuringSend.map((p) => p.ids)).toEqual([['a']]);
    await answerSend('a', 0);
    await ScriptedBridge.settle();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.retry', request: { ids: ['a'] } });
    bridge.answer(2, { ok: true, value: [doc('a', { state: 'uploading', updatedAt: '2026-03-02T00:00:02.000Z' })] });
    await first;
    expect(store.getState().pressedDuringSend).toEqual([]);
  });

  // The core queues a document and says so before it answers the call: the window shows the next document
  // while the send is still under way, and a trained clerk types there and presses again.
  /** The core's documents.changed for `id`, queued and waiting out the grace, before the submit's answer. */
  const queuedEvent = (store: ReturnType<typeof setup>, id: string) => {
    store
      .getState()
      .applyDocumentsChanged(
        [doc(id, { state: 'queued', nextAttemptAt: inGrace(), updatedAt: '2026-03-02T00:00:01.000Z' })],
        [],
        'event',
      );
    const s = store.getState();
    // The form follows the selection before the browser paints (tagging-form.tsx).
    s.syncDraft(s.selection.selected.map((id) => s.documents[id]!));
  };

  it('pressed on the next document while the last send is still under way, it sends that one with what was typed there', async () => {
    const store = setup();
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    bridge.answer(0, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    expect(bridge.calls[1]).toMatchObject({ channel: 'documents.submit', request: { ids: ['a'] } });
    queuedEvent(store, 'a');
    expect(store.getState().selection.selected).toEqual(['b']);
    store.getState().setDraftField('caseNumber', 'CLM-2026-000102');
    void store.getState().pressSubmit();
    // The clerk goes on (to a document that arrived meanwhile) before the first send is back.
    store.getState().applyDocumentsChanged([doc('c', { arrivedAt: '2026-02-01T00:00:00Z' })], [], 'event');
    store.getState().selectDocument('c', 'single');
    bridge.answer(1, { ok: true, value: [doc('a', { state: 'queued', updatedAt: '2026-03-02T00:00:01.000Z' })] });
    await ScriptedBridge.settle();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.check', request: { ids: ['b'] } });
    await answerSend('b', 2);
    await first;
    expect(bridge.calls[3]).toMatchObject({
      channel: 'documents.submit',
      request: { ids: ['b'], metadata: { caseNumber: 'CLM-2026-000102' } },
    });
    expect(store.getState().selection.selected).toEqual(['c']);
    expect(store.getState().pressNote).toBeUndefined();
  });

  it('the last send’s answer leaves the next document’s form alone: its refusal stays said', async () => {
    const store = setup();
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    bridge.answer(0, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    queuedEvent(store, 'a');
    // On b, a case number the platform does not know, pressed while a is still being sent.
    store.getState().setDraftField('caseNumber', 'CLM-2026-999999');
    void store.getState().pressSubmit();
    bridge.answer(1, { ok: true, value: [doc('a', { state: 'queued', updatedAt: '2026-03-02T00:00:01.000Z' })] });
    await ScriptedBridge.settle();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.check', request: { ids: ['b'] } });
    bridge.answer(2, { ok: true, value: { fields: { caseNumber: 'check.case_unknown' }, unchecked: [] } });
    await first;
    expect(store.getState().fieldErrors.caseNumber).toBe('check.case_unknown');
    // The form renders after the answer: the refusal and the typing are still there.
    const s = store.getState();
    s.syncDraft([s.documents['b']!]);
    expect(store.getState().fieldErrors.caseNumber).toBe('check.case_unknown');
    expect(store.getState().draft.values.caseNumber).toBe('CLM-2026-999999');
    expect(bridge.calls.map((c) => c.channel)).toEqual(['documents.check', 'documents.submit', 'documents.check']);
  });

  it('a press kept during a send that is refused is not done, and the form says so; the clerk is on the refused one', async () => {
    const store = setup();
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    // b typed and pressed while a is checked, then the check refuses a's number.
    store.getState().selectDocument('b', 'single');
    const s = store.getState();
    s.syncDraft([s.documents['b']!]);
    store.getState().setDraftField('caseNumber', 'CLM-2026-000102');
    void store.getState().pressSubmit();
    bridge.answer(0, { ok: true, value: { fields: { caseNumber: 'check.case_unknown' }, unchecked: [] } });
    await first;
    expect(store.getState().selection.selected).toEqual(['a']);
    expect(store.getState().fieldErrors.caseNumber).toBe('check.case_unknown');
    expect(store.getState().pressNote?.code).toBe('tagging.presses_dropped');
    expect(store.getState().savedDrafts['b']).toEqual({ caseNumber: 'CLM-2026-000102' });
    expect(bridge.calls.map((c) => c.channel)).toEqual(['documents.check']);
  });

  it('a press kept during a send, on a document that left the inbox meanwhile, sends nothing and says so', async () => {
    const store = setup();
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const first = store.getState().pressSubmit();
    store.getState().selectDocument('b', 'single');
    void store.getState().pressSubmit();
    store.getState().applyDocumentsChanged([], ['b'], 'event');
    await answerSend('a', 0);
    await first;
    expect(bridge.calls.map((c) => c.channel)).toEqual(['documents.check', 'documents.submit']);
    expect(store.getState().pressNote?.code).toBe('tagging.press_elsewhere');
  });
});
