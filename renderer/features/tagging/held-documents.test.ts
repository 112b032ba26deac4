import { beforeEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { errorText } from '../../i18n/i18n';
import { IntakeClient, setIntakeClient } from '../../ipc/client';
import { doc } from '../../test-support/document-fixture';
import { ScriptedBridge } from '../../test-support/scripted-bridge';

// Issue #50 item 3 in the window's state: a document another clerk of the office has open is not sent by a
// key that then does nothing silently, and a send the core refuses because another clerk took the document
// keeps what this clerk typed and says who has it.
describe("another clerk's document", () => {
  let bridge: ScriptedBridge;
  beforeEach(() => {
    bridge = new ScriptedBridge();
    setIntakeClient(new IntakeClient(bridge));
  });
  // Today at 10:02 local time, so the sentence shows the time alone (in each language's form).
  const since = new Date(new Date().setHours(10, 2, 0, 0)).toISOString();
  const anna = { station: 'FRONT-PC', clerk: 'Anna', since };

  it('the inbox opens on the first document no other clerk has open, not on the newest one', () => {
    const store = createAppStore();
    store
      .getState()
      .applyDocumentsChanged(
        [doc('newest', { arrivedAt: '2026-03-02T00:00:00Z', heldBy: anna }), doc('older')],
        [],
        'event',
      );
    expect(store.getState().inboxOrder).toEqual(['newest', 'older']);
    expect(store.getState().selection.selected).toEqual(['older']);
  });

  it('Ctrl+Enter on it asks the core nothing and says who has it, in English and German', async () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([doc('a', { heldBy: anna })], [], 'event');
    const s = store.getState();
    s.syncDraft([s.documents['a']!]);
    await store.getState().pressSubmit();
    expect(bridge.calls).toEqual([]);
    const note = store.getState().pressNote;
    expect(note).toMatchObject({ code: 'office.held', heldBy: anna });
    expect(errorText('en', note!)).toBe(
      'This document is open at FRONT-PC by Anna since 10:02 AM. Nothing was changed; your values stay in the form until it is free again.',
    );
    expect(errorText('de', note!)).toMatch(/^Dieses Dokument ist seit 10:02 an FRONT-PC von Anna geöffnet\./);
  });

  it('a send refused because another clerk took it meanwhile: the typed values stay in the form, and it says who', async () => {
    const store = createAppStore();
    store.getState().applyDocumentsChanged([doc('a')], [], 'event');
    const s = store.getState();
    s.syncDraft([s.documents['a']!]);
    store.getState().setDraftField('caseNumber', 'CLM-2026-000101');
    const pressed = store.getState().pressSubmit();
    await ScriptedBridge.settle();
    const check = bridge.calls.findIndex((c) => c.channel === 'documents.check');
    bridge.answer(check, { ok: true, value: { fields: {}, unchecked: [] } });
    await ScriptedBridge.settle();
    const submit = bridge.calls.findIndex((c) => c.channel === 'documents.submit');
    expect(submit).toBeGreaterThan(check);
    bridge.answer(submit, {
      ok: false,
      error: { code: 'office.held', message: 'a.pdf is open at FRONT-PC by Anna', retryable: false, heldBy: anna },
    });
    await pressed;
    expect(store.getState().draft.values.caseNumber).toBe('CLM-2026-000101');
    const error = store.getState().submitError;
    expect(error).toMatchObject({ code: 'office.held' });
    expect(errorText('en', error!)).toMatch(/^This document is open at FRONT-PC by Anna since 10:02 AM\./);
  });
});
