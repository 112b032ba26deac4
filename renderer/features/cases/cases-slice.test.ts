import { beforeEach, describe, expect, it } from 'vitest';
import type { CaseSchemaAnswer, CreateCaseResult } from '../../../shared/domain/cases';
import { caseFormModel as model } from '../../test-support/case-form-model';
import { doc } from '../../test-support/document-fixture';
import type { ScriptedBridge } from '../../test-support/scripted-bridge';
import { scriptedStore } from '../../test-support/scripted-store';
import type { TestStore } from '../../test-support/scripted-store';

const schema: CaseSchemaAnswer = {
  key: 'case-create',
  direction: 'input',
  schemaVersion: 'v1',
  model,
  fetchedAt: '2026-03-01T10:00:00Z',
  fromCache: false,
};
const created = (patch: Partial<CreateCaseResult> = {}): CreateCaseResult => ({
  success: true,
  caseNumber: 'CLM-1',
  errors: [],
  warnings: [],
  repeated: false,
  ...patch,
});

describe('cases slice', () => {
  let bridge: ScriptedBridge;
  let store: TestStore;
  beforeEach(async () => {
    ({ bridge, store } = scriptedStore());
    store.setState({
      documents: { d1: doc('d1', { metadata: { policyNumber: 'HR-100200', registrationNumber: 'REG-7' } }) },
      selection: { selected: ['d1'], active: 'd1' },
    });
    // The clerk chose "New case…" on d1 in the inbox.
    store.getState().startCaseForm('d1');
    const loading = store.getState().loadCaseSchema();
    bridge.answer(0, { ok: true, value: schema });
    await loading;
  });

  it('the document last selected in the inbox is not linked when the form starts from the Create case screen', async () => {
    const fresh = scriptedStore();
    fresh.store.setState({ documents: { d1: doc('d1') }, selection: { selected: ['d1'], active: 'd1' } });
    const loading = fresh.store.getState().loadCaseSchema();
    fresh.bridge.answer(0, { ok: true, value: schema });
    await loading;
    expect(fresh.store.getState().caseDocumentId).toBeUndefined();
  });

  it('replaces a case number the document has only when the clerk agreed, for that number', async () => {
    store.setState({
      documents: { d1: doc('d1', { metadata: { caseNumber: 'CLM-2026-000101', policyNumber: 'HR-100200' } }) },
    });
    store.getState().startCaseForm('d1');
    store.getState().setCaseField(['claimant', 'lastName'], 'Mustermann');
    const first = store.getState().createCase();
    expect(bridge.calls.at(-1)?.channel).toBe('cases.create');
    const request = bridge.calls.at(-1)?.request as { documentId?: string };
    expect(request.documentId).toBeUndefined();
    bridge.answer(bridge.calls.length - 1, { ok: true, value: created() });
    await first;

    store.getState().startCaseForm('d1');
    store.getState().agreeCaseNumberReplace(true);
    store.getState().setCaseField(['claimant', 'lastName'], 'Mustermann');
    const second = store.getState().createCase();
    expect(bridge.calls.at(-1)?.request).toMatchObject({ documentId: 'd1', documentCaseNumber: 'CLM-2026-000101' });
    bridge.answer(bridge.calls.length - 1, { ok: true, value: created() });
    await second;
  });

  it("the document's new case number replaces one the clerk typed for it and did not send; other typing stays", async () => {
    store.setState({ savedDrafts: { d1: { caseNumber: 'CLM-2026-000777', policyNumber: 'HR-100001' } } });
    store.getState().setCaseField(['claimant', 'lastName'], 'Mustermann');
    const creating = store.getState().createCase();
    const tagged = doc('d1', { metadata: { caseNumber: 'CLM-2026-000123', policyNumber: 'HR-100200' } });
    bridge.answer(bridge.calls.length - 1, {
      ok: true,
      value: created({ caseNumber: 'CLM-2026-000123', document: tagged }),
    });
    await creating;
    expect(store.getState().savedDrafts.d1).toEqual({ policyNumber: 'HR-100001' });
    expect(bridge.draftCalls.at(-1)).toEqual({
      channel: 'drafts.save',
      request: { documentId: 'd1', values: { policyNumber: 'HR-100001' } },
    });
  });

  it('starts a form session for the chosen document, prefilled from its metadata', () => {
    const s = store.getState();
    expect(s.caseDocumentId).toBe('d1');
    expect(s.caseValue).toMatchObject({ policyNumber: 'HR-100200', externalClaimId: 'REG-7' });
  });

  it('validates before sending: nothing is sent while a required field is empty', async () => {
    await store.getState().createCase();
    expect(bridge.calls).toHaveLength(1); // only the schema load
    expect(store.getState().caseFormErrors).toEqual([
      expect.objectContaining({ path: 'claimant.lastName', code: 'required' }),
    ]);
    // After the first attempt the form re-checks as the clerk types.
    store.getState().setCaseField(['claimant', 'lastName'], 'Mustermann');
    expect(store.getState().caseFormErrors).toEqual([]);
  });

  it('a double submit sends one request; a retry after a lost answer reuses the request id', async () => {
    store.getState().setCaseField(['claimant', 'lastName'], 'Mustermann');
    const first = store.getState().createCase();
    const second = store.getState().createCase();
    expect(bridge.calls.filter((c) => c.channel === 'cases.create')).toHaveLength(1);
    bridge.answer(1, { ok: false, error: { code: 'ipc.disconnected', message: 'lost', retryable: true } });
    await Promise.all([first, second]);
    expect(store.getState().caseSendError?.code).toBe('ipc.disconnected');

    const retry = store.getState().createCase();
    const requests = bridge.calls.filter((c) => c.channel === 'cases.create').map((c) => c.request);
    expect(requests).toHaveLength(2);
    expect((requests[1] as { requestId: string }).requestId).toBe((requests[0] as { requestId: string }).requestId);
    expect(requests[1]).toMatchObject({ documentId: 'd1', data: { claimant: { lastName: 'Mustermann' } } });
    bridge.answer(2, { ok: true, value: created({ document: doc('d1', { metadata: { caseNumber: 'CLM-1' } }) }) });
    await retry;
    expect(store.getState().documents['d1']?.metadata.caseNumber).toBe('CLM-1');
    // Created: this session cannot send again; a new session has a new request id.
    await store.getState().createCase();
    expect(bridge.calls.filter((c) => c.channel === 'cases.create')).toHaveLength(2);
    const oldId = store.getState().caseRequestId;
    store.getState().startCaseForm('d1');
    expect(store.getState().caseRequestId).not.toBe(oldId);
    expect(store.getState().caseResult).toBeUndefined();
  });

  it('a chosen policy replaces the policy number and fills the empty name fields', () => {
    store.getState().setCaseField(['claimant', 'lastName'], 'Typed');
    store.getState().chooseCasePolicy({ fullName: 'Erika Mustermann' }, { number: 'HR-999999' });
    expect(store.getState().caseValue).toMatchObject({
      policyNumber: 'HR-999999',
      claimant: { firstName: 'Erika', lastName: 'Typed' },
    });
    expect(store.getState().casePolicy).toEqual({ number: 'HR-999999', customerName: 'Erika Mustermann' });
  });

  it("a platform refusal of a field goes once the clerk changes that field; the others' stay", async () => {
    store.getState().setCaseField(['claimant', 'lastName'], 'Mustermann');
    const sending = store.getState().createCase();
    bridge.answer(1, {
      ok: true,
      value: created({
        success: false,
        caseNumber: undefined,
        errors: [
          { message: 'claimant.lastName: unknown person', type: 'invalid' },
          { message: 'policyNumber: no such policy', type: 'invalid' },
        ],
      }),
    });
    await sending;
    expect(store.getState().caseResult?.errors).toHaveLength(2);
    store.getState().setCaseField(['claimant', 'lastName'], 'Musterfrau');
    expect(store.getState().caseResult?.errors.map((e) => e.message)).toEqual(['policyNumber: no such policy']);
  });

  it('a document already sent is not linked, and a new form clears the last search error', () => {
    store.setState({
      documents: { d1: doc('d1'), d2: doc('d2', { state: 'archived' }) },
      casePolicyError: { code: 'network.unreachable', message: 'x', retryable: true },
    });
    store.getState().startCaseForm('d2');
    expect(store.getState().caseDocumentId).toBeUndefined();
    expect(store.getState().casePolicyError).toBeUndefined();
    store.getState().startCaseForm('d1');
    expect(store.getState().caseDocumentId).toBe('d1');
  });

  it('a case from a letter: filled values go in, offered ones only when taken; a draft for another form is dropped', async () => {
    const started = store.getState().startCaseFromDocument('d1');
    await Promise.resolve();
    const call = bridge.calls.length - 1;
    expect(bridge.calls[call]?.channel).toBe('cases.fromDocument');
    const policy = { kind: 'policy' as const, policyNumber: 'HR-100201' };
    bridge.answer(call, {
      ok: true,
      value: {
        key: 'case-create',
        values: [
          {
            field: 'policyNumber',
            path: 'policyNumber',
            value: 'HR-100201',
            raw: 'HR-100201',
            source: { kind: 'page', page: 0 },
            confidence: 0.95,
            filled: true,
          },
          {
            field: 'claimantLastName',
            path: 'claimant.lastName',
            value: 'Müller',
            raw: 'Jörg Müller',
            source: policy,
            confidence: 0.9,
            filled: true,
          },
          {
            field: 'claimantFirstName',
            path: 'claimant.firstName',
            value: 'Jörg',
            raw: 'Jörg Müller',
            source: policy,
            confidence: 0.5,
            filled: false,
            reason: 'uncertain',
          },
        ],
        problems: [],
      },
    });
    await started;
    const value = () =>
      store.getState().caseValue as { policyNumber?: string; claimant?: { firstName?: string; lastName?: string } };
    // The letter's confirmed policy replaces the one the document's metadata had prefilled.
    expect(value().policyNumber).toBe('HR-100201');
    expect(value().claimant).toEqual({ lastName: 'Müller' });
    expect(store.getState().casePolicy).toEqual({ number: 'HR-100201', customerName: 'Jörg Müller' });
    store.getState().takeDraftValue('claimant.firstName');
    expect(value().claimant).toEqual({ lastName: 'Müller', firstName: 'Jörg' });
    expect(store.getState().caseDraftTaken).toEqual(['claimant.firstName']);

    // The form's schema changed meanwhile: a draft made for another key fills nothing.
    const again = store.getState().startCaseFromDocument('d1');
    await Promise.resolve();
    bridge.answer(bridge.calls.length - 1, { ok: true, value: { key: 'other-form', values: [], problems: [] } });
    await again;
    expect(store.getState().caseDraft).toBeUndefined();
    expect(value().policyNumber).toBe('HR-100200');
  });
});
