import { describe, expect, it } from 'vitest';
import { doc } from '../../test-support/document-fixture';
import { scriptedStore } from '../../test-support/scripted-store';
import { draftsToKeep, draftWithSaved } from './saved-drafts';
import { setField } from './metadata-form-model';

describe('typed values kept per document (issue #31 item 2)', () => {
  it('lays kept values over the metadata; in a batch only values every document kept alike', () => {
    const a = doc('a', { metadata: { caseNumber: 'CLM-1' } });
    const b = doc('b');
    const single = draftWithSaved([a], { a: { policyNumber: 'HR-1' } });
    expect(single.values).toMatchObject({ caseNumber: 'CLM-1', policyNumber: 'HR-1' });
    expect(single.touched).toEqual(['policyNumber']);
    const batch = draftWithSaved([a, b], { a: { itemId: 'x', policyNumber: 'HR-1' }, b: { policyNumber: 'HR-1' } });
    expect(batch.values).toMatchObject({ policyNumber: 'HR-1', itemId: '' });
  });

  it('keeps only what differs from the metadata, and merges with what each document kept before', () => {
    const a = doc('a', { metadata: { caseNumber: 'CLM-1' } });
    const draft = setField(setField(draftWithSaved([a], {}), 'caseNumber', 'CLM-1'), 'policyNumber', 'HR-2');
    expect(draftsToKeep([a], draft, { a: { itemId: 'x' } })).toEqual([
      { documentId: 'a', values: { itemId: 'x', policyNumber: 'HR-2' } },
    ]);
    const back = setField(draftWithSaved([a], {}), 'policyNumber', '');
    expect(draftsToKeep([a], back, { a: { policyNumber: 'HR-2' } })).toEqual([{ documentId: 'a', values: undefined }]);
  });

  it('selecting another document and coming back shows what was typed; the core is told each change', () => {
    const { bridge, store } = scriptedStore();
    const a = doc('a');
    const b = doc('b');
    store.setState({ documents: { a, b }, selection: { selected: ['a'], active: 'a' } });
    store.getState().syncDraft([a]);
    store.getState().setDraftField('caseNumber', 'CLM-2026-000123');
    store.setState({ selection: { selected: ['b'], active: 'b' } });
    store.getState().syncDraft([b]);
    expect(store.getState().draft.values.caseNumber).toBe('');
    store.setState({ selection: { selected: ['a'], active: 'a' } });
    store.getState().syncDraft([a]);
    expect(store.getState().draft.values.caseNumber).toBe('CLM-2026-000123');
    expect(store.getState().savedDrafts).toEqual({ a: { caseNumber: 'CLM-2026-000123' } });
    expect(bridge.draftCalls.at(-1)).toEqual({
      channel: 'drafts.save',
      request: { documentId: 'a', values: { caseNumber: 'CLM-2026-000123' } },
    });
  });
});
