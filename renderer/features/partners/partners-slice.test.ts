import { beforeEach, describe, expect, it } from 'vitest';
import { doc } from '../../test-support/document-fixture';
import type { ScriptedBridge } from '../../test-support/scripted-bridge';
import { scriptedStore } from '../../test-support/scripted-store';
import type { TestStore } from '../../test-support/scripted-store';

const valid = {
  status: 'valid' as const,
  data: { claim: { number: 'CLM-2026-000101' }, service: null, servicePartners: [] },
};

describe('partners slice', () => {
  let bridge: ScriptedBridge;
  let store: TestStore;
  beforeEach(() => {
    ({ bridge, store } = scriptedStore());
  });

  it('names empty fields and sends nothing; the tenant defaults to the environment', async () => {
    await store.getState().validatePartner({ tenant: 'demo-insurance' });
    expect(store.getState().partnerMissing).toEqual(['companyTaxId', 'referenceNumber']);
    expect(bridge.calls).toHaveLength(0);
    store.getState().setPartnerInput('companyTaxId', ' DE811234567 ');
    store.getState().setPartnerInput('referenceNumber', 'SRV-2026-0001');
    expect(store.getState().partnerMissing).toEqual([]);
    const run = store.getState().validatePartner({ tenant: 'demo-insurance' });
    expect(bridge.calls[0]?.request).toEqual({
      tenant: 'demo-insurance',
      companyTaxId: 'DE811234567',
      referenceNumber: 'SRV-2026-0001',
    });
    bridge.answer(0, { ok: true, value: valid });
    await run;
    expect(store.getState().partnerResult).toEqual(valid);
  });

  it('an older answer does not overwrite a newer one', async () => {
    store.getState().setPartnerInput('companyTaxId', 'A');
    store.getState().setPartnerInput('referenceNumber', 'R');
    const first = store.getState().validatePartner({ tenant: 't' });
    const second = store.getState().validatePartner({ tenant: 't' });
    bridge.answer(1, { ok: true, value: { status: 'rejected', code: 'partner_not_found', message: 'no' } });
    await second;
    bridge.answer(0, { ok: true, value: valid });
    await first;
    expect(store.getState().partnerResult).toMatchObject({ status: 'rejected', code: 'partner_not_found' });
  });

  it('tags the current document with the claim number and reloads its tagging draft', async () => {
    store.setState({ documents: { d1: doc('d1') }, draftKey: 'd1', partnerResult: valid });
    const tagging = store.getState().tagDocumentWithClaim('d1');
    expect(bridge.calls[0]).toMatchObject({
      channel: 'documents.tag',
      request: { ids: ['d1'], metadata: { caseNumber: 'CLM-2026-000101' } },
    });
    bridge.answer(0, {
      ok: true,
      value: [doc('d1', { state: 'tagged', metadata: { caseNumber: 'CLM-2026-000101' } })],
    });
    await tagging;
    expect(store.getState().documents['d1']?.metadata.caseNumber).toBe('CLM-2026-000101');
    expect(store.getState().draftKey).toBe('');
  });
});
