import type { CreateCaseResult } from '../../../shared/domain/cases';
import type { CaseData, CreateCaseResponse } from '../../../shared/platform/cases';
import { IntakeError, isIntakeError } from '../errors';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { caseNumberOf } from './case-number';
import type { CaseDocuments, CasePlatform } from './case-ports';
import { issueOf } from './case-issues';

export interface CaseCreatorDeps {
  platform: () => CasePlatform;
  documents: CaseDocuments;
  clock: Clock;
  logger: Logger;
  /** How long a finished request id answers repeats (default 24 h, as idempotency keys usually live). */
  rememberMs?: number;
}

interface CreateRequest {
  requestId: string;
  data: CaseData;
  documentId?: string;
  /** The case number the document had when the clerk chose it ('' or absent: none). */
  documentCaseNumber?: string;
}

interface Known {
  fingerprint: string;
  at: number;
  /** Settles with the first answer; a repeat while it runs waits for the same answer. */
  result: Promise<CreateCaseResult>;
}

/**
 * Creates cases at most once per request id. The renderer makes one id per form session, so a double
 * click, a retried IPC message or a second window sending the same form gets the first answer back
 * instead of a second case.
 */
export class CaseCreator {
  private readonly known = new Map<string, Known>();
  private readonly rememberMs: number;

  constructor(private readonly deps: CaseCreatorDeps) {
    this.rememberMs = deps.rememberMs ?? 24 * 3600_000;
  }

  async create(request: CreateRequest): Promise<CreateCaseResult> {
    this.forgetOld();
    const fingerprint = JSON.stringify([request.data, request.documentId ?? null, request.documentCaseNumber ?? '']);
    const existing = this.known.get(request.requestId);
    if (existing) {
      if (existing.fingerprint !== fingerprint) {
        throw new IntakeError(
          'validation',
          'cases.request_reused',
          'This form was already sent with other values. Open a new form to create another case.',
        );
      }
      return { ...(await existing.result), repeated: true };
    }
    const result = this.send(request);
    this.known.set(request.requestId, { fingerprint, at: this.deps.clock.now(), result });
    try {
      const answer = await result;
      // A rejected form may be corrected and sent again under the same id: only a created case is final.
      if (!answer.success) this.known.delete(request.requestId);
      return answer;
    } catch (e) {
      this.known.delete(request.requestId);
      throw e;
    }
  }

  private async send(request: CreateRequest): Promise<CreateCaseResult> {
    const log = this.deps.logger.child({ requestId: request.requestId });
    let response: CreateCaseResponse;
    try {
      response = await this.deps.platform().createCase(request.data);
    } catch (e) {
      if (isIntakeError(e) && e.kind === 'validation' && e.platformErrors?.length) {
        log.info('create case: rejected by the platform', { errors: e.platformErrors.length });
        return { success: false, errors: e.platformErrors.map(issueOf), warnings: [], repeated: false };
      }
      if (isIntakeError(e) && e.kind === 'ambiguous') {
        throw new IntakeError(
          'ambiguous',
          'cases.outcome_unknown',
          `${e.message} Check the case list before sending the form again, so the case is not created twice.`,
          { cause: e, ...(e.status !== undefined ? { status: e.status } : {}) },
        );
      }
      throw e;
    }
    const errors = response.errors.map(issueOf);
    const warnings = response.warnings.map(issueOf);
    if (!response.success) {
      log.info('create case: not created', { errors: errors.length });
      return { success: false, errors, warnings, repeated: false };
    }
    const caseNumber = caseNumberOf(response);
    const links = response.links
      ? {
          ...(response.links.self ? { self: response.links.self } : {}),
          ...(response.links.selfTemplate ? { selfTemplate: response.links.selfTemplate } : {}),
        }
      : undefined;
    log.info('create case: created', { caseNumber, warnings: warnings.length });
    const result: CreateCaseResult = {
      success: true,
      ...(caseNumber !== undefined ? { caseNumber } : {}),
      ...(links ? { links } : {}),
      ...(response.url ? { url: response.url } : {}),
      errors,
      warnings,
      repeated: false,
    };
    if (request.documentId !== undefined && caseNumber !== undefined) {
      try {
        // A number the clerk did not see when choosing the document is never replaced (issue #31 item 1).
        const had = (await this.deps.documents.get(request.documentId)).metadata.caseNumber?.trim() ?? '';
        if (had !== '' && had !== caseNumber && had !== (request.documentCaseNumber ?? '').trim()) {
          throw new Error(`it carries case number ${had}, which was not agreed to be replaced`);
        }
        result.document = await this.deps.documents.tag(request.documentId, { caseNumber });
      } catch (e) {
        // The case exists now: report it, and say the document still needs its case number.
        log.warn('create case: could not set the document case number', { documentId: request.documentId, error: e });
        result.warnings.push({
          type: 'document_not_tagged',
          message: `The case ${caseNumber} was created, but the document could not be tagged: ${e instanceof Error ? e.message : String(e)}`,
        });
      }
    }
    return result;
  }

  private forgetOld(): void {
    const cutoff = this.deps.clock.now() - this.rememberMs;
    for (const [id, known] of this.known) if (known.at < cutoff) this.known.delete(id);
  }
}
