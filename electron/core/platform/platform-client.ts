import type { z } from 'zod';
import type { PartnerValidation } from '../../../shared/domain/partner-validation';
import type { Environment } from '../../../shared/domain/settings';
import type { Metadata } from '../../../shared/domain/metadata';
import { CaseDataSchema, CreateCaseResponseSchema } from '../../../shared/platform/cases';
import type { CaseData, CreateCaseResponse } from '../../../shared/platform/cases';
import { ClaimFilesSchema, ClaimInformationSchema } from '../../../shared/platform/claims';
import type { ClaimFile, ClaimInformation } from '../../../shared/platform/claims';
import { ClaimIdSchema } from '../../../shared/platform/common';
import { CustomerSearchQuerySchema, CustomerSearchResultSchema } from '../../../shared/platform/customers';
import type { Customer, CustomerSearchQuery } from '../../../shared/platform/customers';
import { DigitalInboxResponseSchema, IDEMPOTENCY_KEY_HEADER } from '../../../shared/platform/inbox';
import type { DigitalInboxResponse } from '../../../shared/platform/inbox';
import { SchemaDescriptionSchema } from '../../../shared/platform/schema-description';
import type { SchemaDescription } from '../../../shared/platform/schema-description';
import { ValidateAccountErrorSchema, ValidateAccountResponseSchema } from '../../../shared/platform/validate-account';
import { IntakeError } from '../errors';
import type { Clock } from '../util/clock';
import { RawCaseEventPageSchema } from './case-event-source';
import type { CaseEventSource, RawCaseEventPage } from './case-event-source';
import { encodeMetadataHeaders } from './metadata-header-encoder';
import { prepareMultipartBody, uploadBufferPool } from './multipart-body';
import type { BufferPool } from '../util/buffer-pool';
import { PlatformPaths } from './platform-paths';
import type { PlatformTransport } from './platform-transport';

export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface UploadRequest extends CallOptions {
  filePath: string;
  fileName: string;
  contentType: string;
  size: number;
  metadata: Metadata;
  /** Same key for every attempt of one document, so a repeated upload is answered, not stored twice. */
  idempotencyKey?: string;
  onProgress?: (sent: number, total: number) => void;
}

export interface ValidateAccountInput {
  tenant: string;
  companyTaxId: string;
  referenceNumber: string;
}

function invalidInput(what: string, error: z.ZodError): IntakeError {
  const fields = Object.fromEntries(error.issues.map((i) => [i.path.join('.') || what, i.message]));
  return new IntakeError(
    'validation',
    'request.invalid',
    `Invalid ${what}: ${error.issues.map((i) => i.message).join('; ')}.`,
    { fields },
  );
}

/** Typed client for every endpoint of the claim-handling interface (plus the sandbox's event feed). */
export class PlatformClient implements CaseEventSource {
  private readonly paths: PlatformPaths;

  constructor(
    private readonly environment: Environment,
    private readonly transport: PlatformTransport,
    private readonly clock: Clock,
    /** The uploads' read buffers, shared by every upload of this client. */
    private readonly uploadBuffers: BufferPool = uploadBufferPool(),
  ) {
    this.paths = new PlatformPaths(environment);
  }

  async getInputSchema(key: string, options: CallOptions = {}): Promise<SchemaDescription> {
    return this.transport.send({
      method: 'GET',
      url: this.paths.inputSchema(key),
      action: `loading input schema "${key}"`,
      schema: SchemaDescriptionSchema,
      ...options,
    });
  }

  async getOutputSchema(key: string, options: CallOptions = {}): Promise<SchemaDescription> {
    return this.transport.send({
      method: 'GET',
      url: this.paths.outputSchema(key),
      action: `loading output schema "${key}"`,
      schema: SchemaDescriptionSchema,
      ...options,
    });
  }

  /** Creates a case; an answer with success false becomes an IntakeError 'validation' carrying errors[]. */
  async createCase(data: CaseData, options: CallOptions = {}): Promise<CreateCaseResponse> {
    const parsed = CaseDataSchema.safeParse(data);
    if (!parsed.success) throw invalidInput('case data', parsed.error);
    const response = await this.transport.send({
      method: 'POST',
      url: this.paths.createCase(),
      action: 'creating a case',
      schema: CreateCaseResponseSchema,
      body: () => ({ body: JSON.stringify(parsed.data), headers: { 'content-type': 'application/json' } }),
      ...options,
    });
    if (!response.success) throw rejected('case.rejected', 'The platform did not create the case', response.errors);
    return response;
  }

  /**
   * Each declared error body (shared/platform/validate-account.ts) is an answer: `rejected` with its code and
   * the platform's own message, never a throw. Other failures (network, token, 5xx) throw IntakeError.
   */
  async validateAccount(input: ValidateAccountInput, options: CallOptions = {}): Promise<PartnerValidation> {
    const body = { meta: { timestamp: new Date(this.clock.now()).toISOString() }, data: input };
    return this.transport.send({
      method: 'POST',
      url: this.paths.validateAccount(),
      action: 'validating the service partner account',
      schema: ValidateAccountResponseSchema.transform((r): PartnerValidation => ({ status: 'valid', data: r.data })),
      body: () => ({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      answerError: (_status, json): PartnerValidation | undefined => {
        const parsed = ValidateAccountErrorSchema.safeParse(json);
        if (!parsed.success) return undefined;
        return { status: 'rejected', code: parsed.data.error.code, message: parsed.data.error.message };
      },
      ...options,
    });
  }

  /**
   * Streams one file to the digital inbox with its Metadata-* headers. Resolves with the platform's
   * answer when it accepted the file; throws IntakeError otherwise (the queue acts on `kind`).
   */
  async uploadToInbox(request: UploadRequest): Promise<DigitalInboxResponse> {
    const metadataHeaders = encodeMetadataHeaders(request.metadata);
    const response = await this.transport.send({
      method: 'POST',
      url: this.paths.digitalInbox(),
      action: `uploading ${request.fileName}`,
      schema: DigitalInboxResponseSchema,
      headers: {
        ...metadataHeaders,
        ...(request.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey } : {}),
      },
      body: (touch) =>
        prepareMultipartBody(
          request,
          (sent, total) => {
            touch();
            request.onProgress?.(sent, total);
          },
          this.uploadBuffers,
        ),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
    });
    if (!response.success)
      throw rejected('inbox.rejected', `The platform did not accept ${request.fileName}`, response.errors);
    return response;
  }

  async searchCustomers(query: CustomerSearchQuery, options: CallOptions = {}): Promise<Customer[]> {
    const parsed = CustomerSearchQuerySchema.safeParse(query);
    if (!parsed.success) throw invalidInput('customer search', parsed.error);
    return this.transport.send({
      method: 'GET',
      url: this.paths.customers(parsed.data),
      action: 'searching customers',
      schema: CustomerSearchResultSchema,
      ...options,
    });
  }

  async getClaimFiles(claimId: string, options: CallOptions = {}): Promise<ClaimFile[]> {
    const id = this.claimId(claimId);
    return this.transport.send({
      method: 'GET',
      url: this.paths.claimFiles(id),
      action: `listing the files of claim ${id}`,
      schema: ClaimFilesSchema,
      ...options,
    });
  }

  async getClaimInformation(claimId: string, options: CallOptions = {}): Promise<ClaimInformation> {
    const id = this.claimId(claimId);
    return this.transport.send({
      method: 'GET',
      url: this.paths.claimInformation(id),
      action: `loading claim ${id}`,
      schema: ClaimInformationSchema,
      ...options,
    });
  }

  /** The sandbox's event feed; events come back unvalidated (see RawCaseEventPage). */
  async listCaseEvents(query: { after?: string; limit: number }, options: CallOptions = {}): Promise<RawCaseEventPage> {
    return this.transport.send({
      method: 'GET',
      url: this.paths.caseEvents(query),
      action: 'reading case events',
      schema: RawCaseEventPageSchema,
      ...options,
    });
  }

  private claimId(claimId: string): string {
    const parsed = ClaimIdSchema.safeParse(claimId.trim());
    if (!parsed.success) throw invalidInput('claim id', parsed.error);
    return parsed.data;
  }
}

function rejected(code: string, lead: string, errors: { message: string; type: string }[]): IntakeError {
  const said = errors.map((e) => e.message).join('; ');
  return new IntakeError('validation', code, `${lead}${said ? `: ${said}` : '.'}`, { platformErrors: errors });
}
