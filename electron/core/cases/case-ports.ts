import type { Document } from '../../../shared/domain/document';
import type { PartnerValidation } from '../../../shared/domain/partner-validation';
import type { CaseData, CreateCaseResponse } from '../../../shared/platform/cases';
import type { SchemaDescription } from '../../../shared/platform/schema-description';

/**
 * What the case services need from the platform client, kept narrow so they do not depend on how the
 * client is built (electron/core/platform). `createCasePorts` in platform-adapter.ts fills it.
 * Every method throws IntakeError on failure.
 */
export interface CasePlatform {
  getSchema(direction: 'input' | 'output', key: string, options?: { signal?: AbortSignal }): Promise<SchemaDescription>;
  /** A 4xx with the platform's `errors` throws IntakeError kind `validation` carrying `platformErrors`. */
  createCase(data: CaseData, options?: { signal?: AbortSignal }): Promise<CreateCaseResponse>;
  /** Each of the operation's error bodies comes back as `rejected` with its code, not as a throw. */
  validateAccount(input: { tenant: string; companyTaxId: string; referenceNumber: string }): Promise<PartnerValidation>;
}

/**
 * Where case-change events come from: defined beside the platform client, which implements it (the spec
 * does not show the delivery; docs/platform-choices.md, "Cases and events").
 */
export type { CaseEventSource, RawCaseEventPage } from '../platform/case-event-source';

/** The few queue operations case features need (the documents.tag path and the confirmation). */
export interface CaseDocuments {
  /** Sets metadata fields on a document like `documents.tag` does. */
  tag(id: string, metadata: { caseNumber: string }): Promise<Document>;
  /** The document as the queue holds it now (its case number decides whether a new one may be set). */
  get(id: string): Promise<Document>;
  /** Uploaded (or archived) documents of a case without confirmedAt. */
  unconfirmedUploads(caseNumber: string): Promise<Document[]>;
  markConfirmed(id: string, at: string): Promise<Document>;
}
