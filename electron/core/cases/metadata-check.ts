import type { Document } from '../../../shared/domain/document';
import { caseNumberPatternOf } from '../../../shared/domain/case-number';
import type { Metadata } from '../../../shared/domain/metadata';
import { CHECK_CODES, metadataProblems } from '../../../shared/domain/metadata-check';
import { profileFor } from '../../../shared/domain/folder-profile';
import type { Environment, Settings } from '../../../shared/domain/settings';
import type { MetadataCheckAnswer } from '../../../shared/domain/metadata-check';
import type { Customer, CustomerSearchQuery } from '../../../shared/platform/customers';
import type { MetadataField } from '../../../shared/platform/inbox';
import type { HttpFetch } from '../http/http-fetch';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { sandboxCaseUrl } from './sandbox-case-url';

/** How long a check may ask the platform before the field counts as unchecked (queuing never waits long). */
const LOOKUP_TIMEOUT_MS = 6000;

export interface MetadataCheckDeps {
  settings: () => Settings;
  environment: () => Environment;
  /** The documents being submitted (for their folder profiles); unknown ids are left out. */
  documents: (ids: readonly string[]) => Document[] | Promise<Document[]>;
  searchCustomers: (query: CustomerSearchQuery, signal: AbortSignal) => Promise<Customer[]>;
  /** Whether the platform knows this case number; undefined = it cannot tell (no such lookup). */
  caseExists: (env: Environment, caseNumber: string, signal: AbortSignal) => Promise<boolean | undefined>;
  clock: Clock;
  logger: Logger;
}

/**
 * The checks before a document is queued, so a made-up case number or a missing document type is said at
 * the desk instead of failing later in the queue (422). First the rules that need no platform
 * (shared/domain/metadata-check.ts: the folder profile's required fields, a configured document type, the
 * case number's form), then what the platform can tell: the policy search knows policy numbers; the local
 * sandbox knows its claims' case numbers (the spec has no case lookup, so elsewhere a case number is only
 * checked for its form). A lookup that fails (offline, slow) leaves the field unchecked, never refused:
 * the offline queue must still take documents.
 */
export class MetadataCheck {
  constructor(private readonly deps: MetadataCheckDeps) {}

  async check(ids: readonly string[], metadata: Metadata): Promise<MetadataCheckAnswer> {
    const settings = this.deps.settings();
    const env = this.deps.environment();
    const required = new Set<MetadataField>();
    for (const doc of await this.deps.documents(ids)) {
      for (const f of profileFor(settings.folders, doc.sourceFolder)?.requiredFields ?? []) required.add(f);
    }
    const fields: Record<string, string> = metadataProblems(metadata, {
      requiredFields: [...required],
      documentTypes: settings.documentTypes,
      caseNumberPattern: caseNumberPatternOf(env),
    });
    const unchecked: string[] = [];
    const caseNumber = metadata.caseNumber?.trim();
    const policyNumber = metadata.policyNumber?.trim();
    const lookups: Promise<void>[] = [];
    if (caseNumber && !fields['caseNumber']) {
      lookups.push(
        this.ask('case number', (signal) => this.deps.caseExists(env, caseNumber, signal)).then((known) => {
          if (known === false) fields['caseNumber'] = CHECK_CODES.caseNumberUnknown;
          else if (known === undefined) unchecked.push('caseNumber');
        }),
      );
    }
    if (policyNumber) {
      lookups.push(
        this.ask('policy number', (signal) => this.policyKnown(policyNumber, signal)).then((known) => {
          if (known === false) fields['policyNumber'] = CHECK_CODES.policyNumberUnknown;
          else if (known === undefined) unchecked.push('policyNumber');
        }),
      );
    }
    await Promise.all(lookups);
    return { fields, unchecked: unchecked.sort() };
  }

  /** Exactly this policy number among the policies the search finds for it (any case). */
  private async policyKnown(policyNumber: string, signal: AbortSignal): Promise<boolean> {
    const date = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
    const customers = await this.deps.searchCustomers({ date, q: policyNumber, limit: 100 }, signal);
    const wanted = policyNumber.toUpperCase();
    return customers.some((c) => c.policyMatches.some((p) => p.number.trim().toUpperCase() === wanted));
  }

  /** A lookup with a time limit; any failure is "cannot tell" (logged), not a refusal. */
  private async ask(
    what: string,
    lookup: (signal: AbortSignal) => Promise<boolean | undefined>,
  ): Promise<boolean | undefined> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new Error(`${what} lookup timed out`)), LOOKUP_TIMEOUT_MS);
    try {
      return await lookup(controller.signal);
    } catch (e) {
      this.deps.logger.info('check before queuing: lookup failed, field left unchecked', { what, error: e });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The local sandbox's claim registry (GET /__sandbox/cases/{caseNumber}: 200 or 404), for the local-sandbox
 * environment only; every other environment answers undefined (the platform's spec has no case lookup).
 */
export function sandboxCaseLookup(fetch: HttpFetch): MetadataCheckDeps['caseExists'] {
  return async (env, caseNumber, signal) => {
    if (env.kind !== 'local-sandbox') return undefined;
    const res = await fetch(sandboxCaseUrl(env, caseNumber), { method: 'GET', signal });
    await res.body?.cancel();
    if (res.status === 200) return true;
    if (res.status === 404) return false;
    return undefined;
  };
}
