import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';

describe('tagging slice', () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });

  const setup = (docs = [doc('a', { arrivedAt: '2026-03-02T00:00:00Z' }), doc('b')]) => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged(docs, []);
    const s = store.getState();
    expect(s.selection.active).toBe(docs[0]?.id); // the newest arrival becomes current by itself
    s.syncDraft(s.selection.selected.map((id) => s.documents[id]!));
    return store;
  };

  it('does not call the core while the form is invalid, and asks for focus on the error', async () => {
    const store = setup();
    expect(await store.getState().submitDraft()).toBe(false);
    expect(bridge.calls).toHaveLength(0);
    expect(store.getState().fieldErrors.form).toBe('tagging.error.caseOrPolicy');
    expect(store.getState().errorFocusTick).toBe(1);
  });

  it('submits, remembers the values for "same as previous" and moves on to the next document', async () => {
    const store = setup();
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const p = store.getState().submitDraft();
    expect(bridge.calls[0]).toMatchObject({
      channel: 'documents.submit',
      request: { ids: ['a'], metadata: { caseNumber: 'CLM-2026-000101' }, confirmDuplicate: false },
    });
    bridge.answer(0, { ok: true, value: [doc('a', { state: 'queued', metadata: { caseNumber: 'CLM-2026-000101' } })] });
    expect(await p).toBe(true);
    expect(store.getState().selection.active).toBe('b');
    expect(store.getState().previousMetadata).toEqual({ caseNumber: 'CLM-2026-000101' });
  });

  it('asks before re-uploading a duplicate and sends confirmDuplicate only after the clerk agrees', async () => {
    const store = setup([doc('a', { duplicateOf: 'z', metadata: { caseNumber: 'CLM-1' } })]);
    expect(await store.getState().submitDraft()).toBe(false);
    expect(store.getState().duplicatePrompt?.fileNames).toEqual(['a.pdf']);
    expect(bridge.calls).toHaveLength(0);
    const p = store.getState().submitDraft(true);
    expect(bridge.calls[0]?.request).toMatchObject({ confirmDuplicate: true });
    bridge.answer(0, { ok: true, value: [doc('a', { state: 'queued' })] });
    expect(await p).toBe(true);
  });

  it('shows the core’s refusal with its field errors', async () => {
    const store = setup([doc('a', { metadata: { caseNumber: 'CLM-1' } })]);
    const p = store.getState().submitDraft();
    bridge.answer(0, {
      ok: false,
      error: {
        code: 'ipc.invalid_request',
        message: 'bad',
        retryable: false,
        fields: { 'metadata.policyNumber': 'too long' },
      },
    });
    expect(await p).toBe(false);
    expect(store.getState().submitError?.code).toBe('ipc.invalid_request');
    expect(store.getState().fieldErrors.policyNumber).toBe('too long');
  });
});
