import type { StateCreator } from 'zustand';
import { initialFormValue, toSubmitValue } from '../../../shared/forms/form-value';
import { childPath, parsePath, setAtPath } from '../../../shared/forms/form-paths';
import { placeIssues } from '../../../shared/forms/place-issues';
import { validateFormValue } from '../../../shared/forms/validate-form-value';
import type { FormFieldError } from '../../../shared/forms/validate-form-value';
import { applyCaseDraft, draftValueAt } from './case-draft-values';
import type { Document } from '../../../shared/domain/document';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { prefillCaseForm } from './case-prefill';
import { refreshTaggingDraft } from '../tagging/refresh-tagging-draft';
import type { CasesSlice } from './cases-state';

export type { ChosenPolicy } from './cases-state';
export type { CasesSlice } from './cases-state';

const POLICY_RESULTS = 10;

/**
 * Whether a case number can still be set on the document (the core tags only these states). One already
 * queued, sent or archived is not linked: the form would promise a tag the core then refuses.
 */
export function canTakeCaseNumber(doc: Pick<Document, 'state'> | undefined): boolean {
  return doc !== undefined && (doc.state === 'new' || doc.state === 'tagged' || doc.state === 'failed');
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

export const createCasesSlice: StateCreator<AppState, [], [], CasesSlice> = (set, get) => {
  const check = (value: unknown): FormFieldError[] => {
    const schema = get().caseSchema;
    if (!schema) return [];
    return validateFormValue(schema.model, toSubmitValue(schema.model, value) ?? {});
  };
  return {
    caseSchemaLoading: false,
    caseValue: undefined,
    caseRequestId: newRequestId(),
    caseFormErrors: [],
    caseChecked: false,
    caseSending: false,
    casePolicyQuery: '',
    casePolicySearching: false,
    caseDraftLoading: false,
    caseDraftTaken: [],
    caseDocumentSending: false,

    async startCaseFromDocument(documentId) {
      get().setScreen('cases');
      if (!get().caseSchema) await get().loadCaseSchema();
      get().startCaseForm(documentId);
      const s = get();
      if (!s.caseSchema || s.caseDocumentId !== documentId) return;
      const requestId = s.caseRequestId;
      set({ caseDraftLoading: true });
      try {
        const draft = await intake().call('cases.fromDocument', { id: documentId });
        const now = get();
        // The clerk started another form meanwhile, or the schema changed: this draft is not for it.
        if (now.caseRequestId !== requestId || !now.caseSchema || draft.key !== now.caseSchema.key) {
          return set({ caseDraftLoading: false });
        }
        const chosen = draft.values.find((v) => v.field === 'policyNumber' && v.filled);
        const holder = draft.values.filter((v) => v.source.kind === 'policy').map((v) => v.raw)[0];
        set({
          caseDraft: draft,
          caseDraftLoading: false,
          caseValue: applyCaseDraft(now.caseValue, draft),
          ...(chosen && holder ? { casePolicy: { number: String(chosen.value), customerName: holder } } : {}),
        });
      } catch (e) {
        if (get().caseRequestId === requestId) set({ caseDraftLoading: false, caseDraftError: toIpcError(e) });
      }
    },

    takeDraftValue(path) {
      const s = get();
      const v = draftValueAt(s.caseDraft, path);
      if (!v || s.caseSending) return;
      get().setCaseField(parsePath(path), v.value);
      set({ caseDraftTaken: [...get().caseDraftTaken.filter((p) => p !== path), path] });
    },

    async sendCaseDocument() {
      const s = get();
      const id = s.caseResult?.document?.id;
      if (!id || s.caseDocumentSending || s.caseDocumentSent) return;
      set({ caseDocumentSending: true, caseDocumentSendError: undefined });
      try {
        const updated = await intake().call('documents.submit', { ids: [id] });
        get().applyDocumentsChanged(updated, []);
        set({ caseDocumentSending: false, caseDocumentSent: true });
      } catch (e) {
        set({ caseDocumentSending: false, caseDocumentSendError: toIpcError(e) });
      }
    },

    async loadCaseSchema(options = {}) {
      set({ caseSchemaLoading: true, caseSchemaError: undefined });
      try {
        const answer = await intake().call('cases.schema', { refresh: options.refresh ?? false });
        const previous = get().caseSchema;
        set({ caseSchema: answer, caseSchemaLoading: false });
        // A new form (other key or version) cannot keep values made for the old one.
        const changed = previous?.key !== answer.key || previous.schemaVersion !== answer.schemaVersion;
        if (get().caseValue === undefined || changed) {
          // Only a document the clerk chose for this form: never whichever was last selected in the inbox.
          get().startCaseForm(get().caseDocumentId);
        }
      } catch (e) {
        set({ caseSchemaLoading: false, caseSchemaError: toIpcError(e) });
      }
    },

    startCaseForm(documentId) {
      const s = get();
      const found = documentId ? s.documents[documentId] : undefined;
      const doc = canTakeCaseNumber(found) ? found : undefined;
      // A new form starts clean: nothing of the last form's search, errors or answer stays on screen.
      const base = {
        caseRequestId: newRequestId(),
        caseDocumentId: doc?.id,
        caseReplaceAgreed: undefined,
        casePolicy: undefined,
        caseFormErrors: [],
        caseChecked: false,
        caseResult: undefined,
        caseSendError: undefined,
        casePolicyResults: undefined,
        casePolicyError: undefined,
        caseDraft: undefined,
        caseDraftLoading: false,
        caseDraftError: undefined,
        caseDraftTaken: [],
        caseDocumentSending: false,
        caseDocumentSent: undefined,
        caseDocumentSendError: undefined,
      };
      if (!s.caseSchema) return set({ ...base, caseValue: undefined });
      const model = s.caseSchema.model;
      set({ ...base, caseValue: prefillCaseForm(model, initialFormValue(model), { metadata: doc?.metadata }) });
    },

    agreeCaseNumberReplace(agreed) {
      const s = get();
      const had = s.caseDocumentId ? s.documents[s.caseDocumentId]?.metadata.caseNumber?.trim() : undefined;
      set({ caseReplaceAgreed: agreed && had ? had : undefined });
    },

    unlinkCaseDocument() {
      if (get().caseSending) return;
      set({ caseDocumentId: undefined, caseReplaceAgreed: undefined });
    },

    setCaseField(path, value) {
      const s = get();
      const next = setAtPath(s.caseValue, path, value);
      // The platform's refusal of a field the clerk has now changed no longer applies: it goes.
      const result = s.caseResult;
      let caseResult = result;
      if (result && !result.success && s.caseSchema) {
        const changed = path.reduce<string>((p, seg) => childPath(p, seg), '');
        const placed = placeIssues(s.caseSchema.model, result.errors).byPath;
        const stale = new Set(
          Object.entries(placed)
            .filter(([p]) => p === changed || p.startsWith(`${changed}.`) || p.startsWith(`${changed}[`))
            .flatMap(([, issues]) => issues),
        );
        if (stale.size > 0) caseResult = { ...result, errors: result.errors.filter((e) => !stale.has(e)) };
      }
      set({ caseValue: next, caseResult, ...(s.caseChecked ? { caseFormErrors: check(next) } : {}) });
    },

    setCasePolicyQuery: (casePolicyQuery) => set({ casePolicyQuery }),

    async searchCasePolicies() {
      const q = get().casePolicyQuery.trim();
      if (!q) return set({ casePolicyResults: undefined });
      set({ casePolicySearching: true, casePolicyError: undefined });
      try {
        const results = await intake().call('customers.search', {
          q,
          date: get().policyDate,
          limit: POLICY_RESULTS,
        });
        if (get().casePolicyQuery.trim() !== q) return;
        set({ casePolicyResults: results, casePolicySearching: false });
      } catch (e) {
        set({ casePolicySearching: false, casePolicyError: toIpcError(e) });
      }
    },

    chooseCasePolicy(customer, policy) {
      const s = get();
      if (!s.caseSchema) return;
      const doc = s.caseDocumentId ? s.documents[s.caseDocumentId] : undefined;
      // An explicit choice replaces the policy number; names are filled only where still empty.
      const value = prefillCaseForm(
        s.caseSchema.model,
        s.caseValue,
        { metadata: doc?.metadata, customer, policy },
        { replace: ['policyNumber'] },
      );
      set({
        casePolicy: { number: policy.number, customerName: customer.fullName },
        caseValue: value,
        ...(s.caseChecked ? { caseFormErrors: check(value) } : {}),
      });
    },

    async createCase() {
      const s = get();
      // Synchronous guard: set before the first await, so a second click or Enter in the same tick is a no-op.
      if (s.caseSending || !s.caseSchema || s.caseResult?.success) return;
      const errors = check(s.caseValue);
      set({ caseChecked: true, caseFormErrors: errors });
      if (errors.length > 0) return;
      const data = (toSubmitValue(s.caseSchema.model, s.caseValue) ?? {}) as Record<string, unknown>;
      // The document may have been sent meanwhile (auto-submit, the queue): then the case goes without it.
      const doc = s.caseDocumentId ? s.documents[s.caseDocumentId] : undefined;
      const documentId = canTakeCaseNumber(doc) ? s.caseDocumentId : undefined;
      // A number the document already has is replaced only when the clerk ticked that, for that number.
      const had = doc?.metadata.caseNumber?.trim() ?? '';
      const replace = had === '' || s.caseReplaceAgreed === had;
      set({ caseSending: true, caseSendError: undefined, caseDocumentId: documentId });
      try {
        const result = await intake().call('cases.create', {
          requestId: s.caseRequestId,
          data,
          ...(documentId && replace ? { documentId, documentCaseNumber: had } : {}),
        });
        set({ caseResult: result, caseSending: false });
        if (result.document) {
          get().applyDocumentsChanged([result.document], []);
          // The new case number replaces one the clerk typed for it and has not sent (issue #31 items 1, 2).
          get().dropDraftField(result.document.id, 'caseNumber');
          set(refreshTaggingDraft(get(), [result.document.id]));
        }
      } catch (e) {
        // The request id stays: trying again after a lost answer returns the first answer, not a second case.
        set({ caseSending: false, caseSendError: toIpcError(e) });
      }
    },
  };
};
