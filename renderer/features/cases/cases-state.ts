import type { PathSegment } from '../../../shared/forms/form-paths';
import type { FormFieldError } from '../../../shared/forms/validate-form-value';
import type { CaseSchemaAnswer, CreateCaseResult } from '../../../shared/domain/cases';
import type { CaseDraft } from '../../../shared/domain/case-draft';
import type { IpcError } from '../../../shared/ipc/errors';
import type { Customer, PolicyMatch } from '../../../shared/platform/customers';

export interface ChosenPolicy {
  number: string;
  customerName: string;
}

export interface CasesSlice {
  caseSchema?: CaseSchemaAnswer;
  caseSchemaLoading: boolean;
  caseSchemaError?: IpcError;
  /** The form's value; `undefined` until a form session starts. */
  caseValue: unknown;
  /** One per form session: a second click, Enter or a retry after a lost answer cannot create twice. */
  caseRequestId: string;
  /** The document the case is for (tagged with the new case number by the core). */
  caseDocumentId?: string;
  /**
   * The case number of the linked document the clerk agreed to replace (issue #31 item 1). Agreement is
   * for that number only: if the document's number changes meanwhile, the box is unticked again.
   */
  caseReplaceAgreed?: string;
  casePolicy?: ChosenPolicy;
  caseFormErrors: FormFieldError[];
  /** After the first create attempt the form re-checks on every change. */
  caseChecked: boolean;
  caseSending: boolean;
  caseResult?: CreateCaseResult;
  caseSendError?: IpcError;
  casePolicyQuery: string;
  casePolicyResults?: Customer[];
  casePolicySearching: boolean;
  casePolicyError?: IpcError;
  /** "Create case from this document" (issue #40): values read from the letter and the policy. */
  caseDraft?: CaseDraft;
  caseDraftLoading: boolean;
  caseDraftError?: IpcError;
  /** Paths of offered values the clerk took into the form. */
  caseDraftTaken: string[];
  /** After creation: the linked document is being sent, was sent, or could not be. */
  caseDocumentSending: boolean;
  caseDocumentSent?: boolean;
  caseDocumentSendError?: IpcError;
  loadCaseSchema(options?: { refresh?: boolean }): Promise<void>;
  /** Opens the create-case form for the document with every value the letter and its policy give. */
  startCaseFromDocument(documentId: string): Promise<void>;
  /** Puts an offered value into its field (the clerk confirms it). */
  takeDraftValue(path: string): void;
  /** Sends the document that now carries the new case number (issue #40 item 3). */
  sendCaseDocument(): Promise<void>;
  startCaseForm(documentId?: string): void;
  /** Ticks or unticks "replace the document's case number". */
  agreeCaseNumberReplace(agreed: boolean): void;
  /** The case is created without the linked document. */
  unlinkCaseDocument(): void;
  setCaseField(path: PathSegment[], value: unknown): void;
  setCasePolicyQuery(query: string): void;
  searchCasePolicies(): Promise<void>;
  chooseCasePolicy(customer: Pick<Customer, 'fullName' | 'address'>, policy: Pick<PolicyMatch, 'number'>): void;
  createCase(): Promise<void>;
}
