import { beforeEach, describe, expect, it } from 'vitest';
import type { DocumentSuggestions, Suggestion } from '../../../shared/domain/suggestions';
import { createAppStore } from '../../app/store';
import { resolveShortcut } from '../../app/shortcuts';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';
import { chipsFor, topSuggestion } from './suggestion-model';

const policy: Suggestion = {
  field: 'policyNumber',
  value: 'HR-100001',
  page: 0,
  box: { x: 0.1, y: 0.2, w: 0.3, h: 0.02 },
  check: 'verified',
  policy: { customerId: 'c1', customerName: 'Jörg Müller', policyNumber: 'HR-100001', isActive: true },
  label: 'HR-100001 – Jörg Müller',
};
const foundCase: Suggestion = {
  field: 'caseNumber',
  value: 'CLM-2026-000777',
  page: 1,
  check: 'found-in-document',
  label: 'CLM-2026-000777',
};
const verifiedCase: Suggestion = { ...foundCase, value: 'CLM-2026-000101', page: 2, check: 'verified' };
const result = (suggestions: Suggestion[], problems: string[] = []): DocumentSuggestions => ({
  pages: [{ page: 0, source: 'ocr', chars: 120 }],
  pageCount: 1,
  suggestions,
  problems,
  languages: ['eng'],
});

describe('suggestion chips', () => {
  it('lists what the platform confirmed first, and nothing for fields the form does not have', () => {
    const r = result([
      foundCase,
      verifiedCase,
      { ...foundCase, field: 'accidentDate', value: '2026-01-12' },
      { ...foundCase, field: 'claimId', value: 'C-1' },
    ]);
    expect(chipsFor(r, 'caseNumber').map((s) => s.value)).toEqual(['CLM-2026-000101', 'CLM-2026-000777']);
    expect(topSuggestion(r, 'caseNumber')?.check).toBe('verified');
    expect(chipsFor(r, 'itemId')).toEqual([]);
    expect(chipsFor(undefined, 'caseNumber')).toEqual([]);
  });

  it('Alt+A and Alt+V work from inside a text field (they are the field’s own keys)', () => {
    const key = { altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, inTextField: true };
    expect(resolveShortcut({ ...key, key: 'a' })).toEqual({ kind: 'accept-suggestion' });
    expect(resolveShortcut({ ...key, key: 'V' })).toEqual({ kind: 'show-suggestion' });
    expect(resolveShortcut({ ...key, altKey: false, key: 'a' })).toBeUndefined();
  });
});

describe('suggestion slice', () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });
  const setup = () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([doc('a')], []);
    store.getState().syncDraft([doc('a')]);
    return store;
  };

  it('the form is usable while the text is read; the chips come with the answer, asked for once', async () => {
    const store = setup();
    const p = store.getState().loadSuggestions('a');
    expect(store.getState().suggestions['a']).toEqual({ state: 'reading' });
    store.getState().setDraftField('itemId', 'typed while reading');
    void store.getState().loadSuggestions('a'); // opening it again does not ask twice
    expect(bridge.calls).toHaveLength(1);
    expect(bridge.calls[0]).toMatchObject({ channel: 'documents.suggestions', request: { id: 'a' } });
    bridge.answer(0, { ok: true, value: result([policy]) });
    await p;
    expect(store.getState().suggestions['a']).toMatchObject({ state: 'ready' });
    expect(store.getState().draft.values.itemId).toBe('typed while reading');
    await store.getState().loadSuggestions('a');
    expect(bridge.calls).toHaveLength(1);
  });

  it('asks for the open document with the one after it in the list, to be read next (issue #48 item 3)', async () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([doc('a'), doc('b'), doc('c')], []);
    const order = store.getState().inboxOrder;
    expect(order).toHaveLength(3);
    void store.getState().loadSuggestions(order[1]!);
    void store.getState().loadSuggestions(order[2]!); // the last one has none after it
    expect(bridge.calls.map((c) => c.request)).toEqual([{ id: order[1], next: order[2] }, { id: order[2] }]);
  });

  it('Alt+S takes the confirmed numbers and the suggested type, never a number only found (issue #31 item 10)', async () => {
    bridge.typeGuess = { code: 'INV', confidence: 0.97, examples: 12 };
    const store = setup();
    store.setState({ selection: { selected: ['a'], active: 'a' } });
    const p = store.getState().loadSuggestions('a');
    bridge.answer(0, { ok: true, value: result([policy, foundCase]) });
    await p;
    await ScriptedBridge.settle();
    expect(store.getState().typeGuesses['a']).toMatchObject({ code: 'INV' });
    // Nothing is filled until the clerk says so.
    expect(store.getState().draft.values.documentTypeCode).toBe('');
    expect(
      resolveShortcut({ key: 's', altKey: true, ctrlKey: false, metaKey: false, shiftKey: false, inTextField: true }),
    ).toEqual({ kind: 'accept-all' });
    expect(store.getState().acceptAllSuggestions('a')).toBe(true);
    const values = store.getState().draft.values;
    expect(values.policyNumber).toBe('HR-100001');
    expect(values.documentTypeCode).toBe('INV');
    expect(values.caseNumber).toBe('');
  });

  it('accepting fills the field; showing marks the page and the box for the preview', async () => {
    const store = setup();
    const p = store.getState().loadSuggestions('a');
    bridge.answer(0, { ok: true, value: result([policy, foundCase]) });
    await p;
    expect(store.getState().acceptTopSuggestion('a', 'registrationNumber')).toBe(false);
    expect(store.getState().acceptTopSuggestion('a', 'policyNumber')).toBe(true);
    expect(store.getState().draft.values.policyNumber).toBe('HR-100001');
    expect(store.getState().draft.touched).toContain('policyNumber');
    store.getState().acceptSuggestion(foundCase);
    expect(store.getState().draft.values.caseNumber).toBe('CLM-2026-000777');
    expect(store.getState().showTopSuggestion('a', 'policyNumber')).toBe(true);
    expect(store.getState().previewMark).toEqual({ documentId: 'a', page: 0, box: policy.box, tick: 1 });
    store.getState().showSuggestion('a', foundCase);
    expect(store.getState().previewMark).toEqual({ documentId: 'a', page: 1, tick: 2 });
  });

  it('a failed read or an answer with unchecked numbers is asked for again next time', async () => {
    const store = setup();
    let p = store.getState().loadSuggestions('a');
    bridge.answer(0, { ok: false, error: { code: 'app.unavailable', message: 'gone', retryable: true } });
    await p;
    expect(store.getState().suggestions['a']).toMatchObject({ state: 'failed' });
    p = store.getState().loadSuggestions('a');
    bridge.answer(1, { ok: true, value: result([], ['Policy number HR-1 could not be checked: offline']) });
    await p;
    p = store.getState().loadSuggestions('a');
    expect(bridge.calls).toHaveLength(3);
    bridge.answer(2, { ok: true, value: result([policy]) });
    await p;
    expect(store.getState().acceptTopSuggestion('a', 'policyNumber')).toBe(true);
  });
});
