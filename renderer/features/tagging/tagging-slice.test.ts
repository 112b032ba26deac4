import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';
import { DUPLICATE_CONTENT_CODE } from '../../../shared/domain/document';
import { SettingsSchema } from '../../../shared/domain/settings';
import type { IpcError } from '../../../shared/ipc/errors';

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

  /** Submits the draft: the check passes, then documents.submit is refused with this error. */
  const submitRefused = async (store: ReturnType<typeof setup>, error: IpcError) => {
    const p = store.getState().submitDraft();
    bridge.answer(0, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    bridge.answer(1, { ok: false, error });
    return p;
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
      channel: 'documents.check',
      request: { ids: ['a'], metadata: { caseNumber: 'CLM-2026-000101' } },
    });
    bridge.answer(0, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    expect(bridge.calls[1]).toMatchObject({
      channel: 'documents.submit',
      request: { ids: ['a'], metadata: { caseNumber: 'CLM-2026-000101' }, confirmDuplicate: false },
    });
    bridge.answer(1, { ok: true, value: [doc('a', { state: 'queued', metadata: { caseNumber: 'CLM-2026-000101' } })] });
    expect(await p).toBe(true);
    expect(store.getState().submitted).toEqual({ ids: ['a'], fileNames: ['a.pdf'] });
    expect(store.getState().selection.active).toBe('b');
    expect(store.getState().previousMetadata).toEqual({ caseNumber: 'CLM-2026-000101' });
  });

  it('asks before re-uploading a duplicate and sends confirmDuplicate only after the clerk agrees', async () => {
    const store = setup([doc('a', { duplicateOf: 'z', metadata: { caseNumber: 'CLM-1' } })]);
    expect(await store.getState().submitDraft()).toBe(false);
    expect(store.getState().duplicatePrompt?.fileNames).toEqual(['a.pdf']);
    expect(bridge.calls).toHaveLength(0);
    const p = store.getState().submitDraft(true);
    bridge.answer(0, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    expect(bridge.calls[1]?.request).toMatchObject({ confirmDuplicate: true });
    bridge.answer(1, { ok: true, value: [doc('a', { state: 'queued' })] });
    expect(await p).toBe(true);
  });

  it('asks about the documents the core names when it refuses content uploaded before', async () => {
    const store = setup();
    store.getState().selectAllDocuments();
    const s = store.getState();
    s.syncDraft(s.selection.selected.map((id) => s.documents[id]!));
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const refused = await submitRefused(store, {
      code: DUPLICATE_CONTENT_CODE,
      message: 'b.pdf has the same content as a document already uploaded; confirm to upload it again.',
      retryable: false,
      duplicates: [{ documentId: 'b', duplicateOf: 'z' }],
    });
    expect(refused).toBe(false);
    expect(store.getState().duplicatePrompt).toEqual({ ids: ['b'], fileNames: ['b.pdf'] });
    expect(store.getState().submitError).toBeUndefined();
  });

  it('shows another refusal whose code merely contains "duplicate" as an error, not as the duplicate question', async () => {
    const store = setup([doc('a', { metadata: { caseNumber: 'CLM-1' } })]);
    const error = { code: 'platform.duplicate_idempotency_key', message: 'x', retryable: false };
    expect(await submitRefused(store, error)).toBe(false);
    expect(store.getState().duplicatePrompt).toBeUndefined();
    expect(store.getState().submitError?.code).toBe('platform.duplicate_idempotency_key');
  });

  it('shows the core’s refusal with its field errors', async () => {
    const store = setup([doc('a', { metadata: { caseNumber: 'CLM-1' } })]);
    const refused = await submitRefused(store, {
      code: 'ipc.invalid_request',
      message: 'bad',
      retryable: false,
      fields: { 'metadata.policyNumber': 'too long' },
    });
    expect(refused).toBe(false);
    expect(store.getState().submitError?.code).toBe('ipc.invalid_request');
    expect(store.getState().fieldErrors.policyNumber).toBe('too long');
  });

  it('a case number the platform does not know is said at the field, and nothing is queued', async () => {
    const store = setup([doc('a', { metadata: { caseNumber: 'CLM-2026-999999' } })]);
    const p = store.getState().submitDraft();
    bridge.answer(0, { ok: true, value: { fields: { caseNumber: 'check.caseNumber.unknown' }, unchecked: [] } });
    expect(await p).toBe(false);
    expect(bridge.calls.map((c) => c.channel)).toEqual(['documents.check']);
    expect(store.getState().fieldErrors.caseNumber).toBe('check.caseNumber.unknown');
    expect(store.getState().errorFocusTick).toBe(1);
  });

  it("the folder profile's required fields, a configured document type and the case-number form, before any call", async () => {
    const store = setup([doc('a', { sourceFolder: '/scans/claims/' })]);
    const settings = SettingsSchema.parse({
      version: 2,
      activeEnvironmentId: 'local-sandbox',
      environments: [
        {
          id: 'local-sandbox',
          name: 'Local sandbox',
          kind: 'local-sandbox',
          baseUrl: 'http://127.0.0.1:1',
          tokenUrl: 'http://127.0.0.1:1',
          country: 'de',
          tenant: 't',
          clientId: 'c',
          scopes: [],
          authMethod: 'client_secret',
        },
      ],
      folders: [{ id: 'claims', label: 'Claims', path: '/scans/claims', requiredFields: ['documentTypeCode'] }],
      documentTypes: [{ code: 'CLAIM_REPORT', label: 'Claim report' }],
    });
    store.setState({ settings });
    store.getState().setDraftField('caseNumber', 'Rechnung');
    expect(await store.getState().submitDraft()).toBe(false);
    expect(store.getState().fieldErrors).toEqual({
      caseNumber: 'check.caseNumber.format',
      documentTypeCode: 'check.required',
    });
    store.getState().setDraftField('documentTypeCode', 'INVOICE');
    await store.getState().submitDraft();
    expect(store.getState().fieldErrors.documentTypeCode).toBe('check.documentType.unknown');
    expect(bridge.calls).toHaveLength(0);
  });

  it('undo takes the submitted documents back out of the queue into the inbox', async () => {
    const store = setup([doc('a', { metadata: { caseNumber: 'CLM-1' } })]);
    const p = store.getState().submitDraft();
    bridge.answer(0, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    bridge.answer(1, { ok: true, value: [doc('a', { state: 'queued', metadata: { caseNumber: 'CLM-1' } })] });
    expect(await p).toBe(true);
    const undo = store.getState().undoSubmit();
    expect(bridge.calls[2]).toMatchObject({ channel: 'documents.cancel', request: { ids: ['a'] } });
    bridge.answer(2, { ok: true, value: [doc('a', { state: 'tagged', metadata: { caseNumber: 'CLM-1' } })] });
    await undo;
    expect(store.getState().submitted).toBeUndefined();
    expect(store.getState().inboxOrder).toEqual(['a']);
    expect(store.getState().selection.active).toBe('a');
  });

  it('an untouched draft follows metadata set elsewhere (auto-accept); a touched one keeps the clerk’s values', () => {
    const store = setup([doc('a')]);
    const filled = doc('a', { state: 'tagged', metadata: { policyNumber: 'HR-100001' } });
    store.getState().applyDocumentsChanged([filled], []);
    store.getState().syncDraft([filled]);
    expect(store.getState().draft.values.policyNumber).toBe('HR-100001');
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const changed = doc('a', { state: 'tagged', metadata: { policyNumber: 'HR-100002' } });
    store.getState().syncDraft([changed]);
    expect(store.getState().draft.values).toMatchObject({ policyNumber: 'HR-100001', caseNumber: 'CLM-2026-000101' });
  });
});
