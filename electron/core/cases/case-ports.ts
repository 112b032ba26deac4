import type { Document } from '../../../shared/domain/document';
import type { PartnerValidation } from '../../../shared/domain/partner-validation';
import type { CaseData, CreateCaseResponse } from '../../../shared/platform/cases';
import type { SchemaDescription } from '../../../shared/platform/schema-description';

/**
 * What the case services need from the platform client, kept narrow so they do not depend on how the
 * client is built (electron/core/platform). `createPlatformPorts` in platform-adapter.ts fills it.
 * Every method throws IntakeError on failure.
 */
export interface CasePlatform {
  getSchema(direction: 'input' | 'output', key: string, options?: { signal?: AbortSignal }): Promise<SchemaDescription>;
  /** A 4xx with the platform's `errors` throws IntakeError kind `validation` carrying `platformErrors`. */
  createCase(data: CaseData, options?: { signal?: AbortSignal }): Promise<CreateCaseResponse>;
  /** Each of the operation's error bodies comes back as `rejected` with its code, not as a throw. */
  validateAccount(input: { tenant: string; companyTaxId: string; referenceNumber: string }): Promise<PartnerValidation>;
}

/** One page of the case-change feed, events still unvalidated (each is checked on its own). */
export interface RawCaseEventPage {
  items: { cursor: string; event: unknown }[];
  nextCursor: string;
}

/**
 * Where case-change events come from. The spec does not show the delivery; the sandbox offers a feed read
 * with a cursor (docs/platform-choices.md, "Cases and events"). A webhook receiver could implement this too.
 */
export interface CaseEventSource {
  listCaseEvents(
    query: { after?: string; limit: number },
    options?: { signal?: AbortSignal },
  ): Promise<RawCaseEventPage>;
}

/** The few queue operations case features need (the documents.tag path and the confirmation). */
export interface CaseDocuments {
  /** Sets metadata fields on a document like `documents.tag` does. */
  tag(id: string, metadata: { caseNumber: string }): Document;
  /** Uploaded (or archived) documents of a case without confirmedAt. */
  unconfirmedUploads(caseNumber: string): Document[];
  markConfirmed(id: string, at: string): Document;
}
