/**
 * Suggestions from candidates, checked against the platform before the clerk sees them:
 * - a policy number is suggested only when the customer/policy search (on today's date) finds a customer
 *   holding exactly that policy; the suggestion carries the customer's name and the policy's details and
 *   state (an expired or inactive policy is still confirmed to exist, but marked: never taken by itself);
 * - a claim id is suggested when the platform lists the claim's files (it knows the claim);
 * - a case number is checked where the platform can tell (caseExists: the local sandbox's case registry);
 *   known → verified, unknown → shown as unknown (the platform has no such case), no answer → offered as
 *   "found in the document";
 * - a policy number the search does not find is shown as unknown too (issue #36 item 2), never taken;
 * - number plates and dates cannot be looked up: offered as "found in the document".
 * A check that fails (offline, refused) leaves the field without a platform suggestion and says why.
 */
import type { Candidate, PolicyHit, Suggestion } from '../../../shared/domain/suggestions';
import { policyStateOf } from '../../../shared/domain/suggestions';
import type { Customer, CustomerSearchQuery } from '../../../shared/platform/customers';
import { IntakeError } from '../errors';

/** The part of PlatformClient the checks use. */
export interface SuggestionPlatform {
  searchCustomers(query: CustomerSearchQuery): Promise<Customer[]>;
  getClaimFiles(claimId: string): Promise<unknown[]>;
  /** true/false where the platform can tell, undefined where it cannot (cases/metadata-check.ts). */
  caseExists?(caseNumber: string): Promise<boolean | undefined>;
}

export interface SuggestOptions {
  /** Today as YYYY-MM-DD (the search date for policies). */
  today: string;
  /** At most this many distinct values per field are checked (a page of numbers must not flood the platform). */
  maxChecksPerField?: number;
}

const comparable = (s: string) => s.replace(/[\s./-]/g, '').toUpperCase();

/** The customer holding exactly `policyNumber`, with the policy and its state on `today` (the search date). */
export function policyHit(customers: readonly Customer[], policyNumber: string, today: string): PolicyHit | undefined {
  for (const c of customers)
    for (const p of c.policyMatches)
      if (comparable(p.number) === comparable(policyNumber))
        return {
          customerId: c.customerId,
          customerName: c.fullName,
          ...(c.number ? { customerNumber: c.number } : {}),
          policyNumber: p.number,
          ...(p.product ? { product: p.product } : {}),
          ...(p.description ? { description: p.description } : {}),
          ...(p.statusText ? { statusText: p.statusText } : {}),
          isActive: p.isActive,
          state: policyStateOf(p, today),
          ...(p.startDate ? { startDate: p.startDate } : {}),
          ...(p.endDate ? { endDate: p.endDate } : {}),
        };
  return undefined;
}

/** The first place each value was seen (candidates come in page order). */
function firstOf(candidates: readonly Candidate[], field: Candidate['field']): Candidate[] {
  const seen = new Set<string>();
  return candidates.filter((c) => c.field === field && !seen.has(c.value) && seen.add(c.value));
}

const isNotFound = (e: unknown) => e instanceof IntakeError && e.kind === 'not_found';
const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function suggest(
  candidates: readonly Candidate[],
  platform: SuggestionPlatform,
  opts: SuggestOptions,
): Promise<{ suggestions: Suggestion[]; problems: string[] }> {
  const max = opts.maxChecksPerField ?? 5;
  const suggestions: Suggestion[] = [];
  const problems: string[] = [];
  const at = (c: Candidate) => ({ value: c.value, page: c.page, ...(c.box ? { box: c.box } : {}) });

  for (const c of firstOf(candidates, 'policyNumber').slice(0, max)) {
    try {
      const customers = await platform.searchCustomers({ date: opts.today, q: c.value, limit: 10 });
      const hit = policyHit(customers, c.value, opts.today);
      if (hit)
        suggestions.push({
          field: 'policyNumber',
          ...at(c),
          value: hit.policyNumber,
          check: 'verified',
          policy: hit,
          label: `${hit.policyNumber} – ${hit.customerName}${hit.product ? ` (${hit.product})` : ''}`,
        });
      else suggestions.push({ field: 'policyNumber', ...at(c), check: 'unknown', label: c.value });
    } catch (e) {
      problems.push(`Policy number ${c.value} could not be checked: ${reason(e)}`);
    }
  }

  for (const c of firstOf(candidates, 'claimId').slice(0, max)) {
    try {
      await platform.getClaimFiles(c.value);
      suggestions.push({ field: 'claimId', ...at(c), check: 'verified', label: `Claim ${c.value}` });
    } catch (e) {
      if (isNotFound(e)) continue; // the platform does not know it: not suggested
      problems.push(`Claim ${c.value} could not be checked: ${reason(e)}`);
      suggestions.push({ field: 'claimId', ...at(c), check: 'found-in-document', label: c.value });
    }
  }

  for (const c of firstOf(candidates, 'caseNumber').slice(0, max)) {
    let known: boolean | undefined;
    try {
      known = await platform.caseExists?.(c.value);
    } catch (e) {
      problems.push(`Case number ${c.value} could not be checked: ${reason(e)}`);
    }
    suggestions.push({
      field: 'caseNumber',
      ...at(c),
      check: known === false ? 'unknown' : known ? 'verified' : 'found-in-document',
      label: c.value,
    });
  }

  // An accident date found after its keyword wins over the same date as a plain date.
  const accidentDates = new Set(candidates.filter((c) => c.field === 'accidentDate').map((c) => c.value));
  for (const field of ['registrationNumber', 'accidentDate', 'date'] as const)
    for (const c of firstOf(candidates, field).slice(0, max)) {
      if (field === 'date' && accidentDates.has(c.value)) continue;
      suggestions.push({ field, ...at(c), check: 'found-in-document', label: c.value });
    }
  return { suggestions, problems };
}
