/**
 * The policy number of the letter, as the tagging form's chips have it: a number read on the page counts
 * only when the platform's customer/policy search finds a customer holding exactly that policy. That answer
 * also gives the claimant, their address and the policy's product.
 */
import type { Customer } from '../../../shared/platform/customers';
import { defaultFieldPatterns, findCandidates } from '../suggestions/candidates';
import type { FieldPattern } from '../suggestions/candidates';
import type { PageText } from '../suggestions/page-text';
import type { SuggestionPlatform } from '../suggestions/suggest';
import type { ConfirmedPolicy } from './case-draft';

/**
 * The sandbox's form (HR-100001) with the dash misread, as OCR does in handwriting ("HR:500361", "HR 500361"):
 * only a number the platform then confirms is used, so a wider pattern costs a search, never a wrong value.
 */
const MISREAD_POLICY: FieldPattern[] = [
  {
    field: 'policyNumber',
    pattern: String.raw`(?<![\w-])(?<value>[A-Z]{2}\s?[-:.,;_=~]?\s?\d{6})(?![\w-])`,
    caseSensitive: true,
    normalize: 'compact-upper',
  },
];

const comparable = (s: string) => s.replace(/[\s./-]/g, '').toUpperCase();

export function holderOf(customers: readonly Customer[], number: string) {
  for (const customer of customers)
    for (const policy of customer.policyMatches)
      if (comparable(policy.number) === comparable(number)) return { customer, policy };
  return undefined;
}

export async function confirmPolicy(
  pages: readonly PageText[],
  platform: Pick<SuggestionPlatform, 'searchCustomers'>,
  today: string,
  problems: string[],
  maxChecks = 5,
): Promise<ConfirmedPolicy | undefined> {
  const seen = new Set<string>();
  const candidates = findCandidates(pages, [...defaultFieldPatterns(), ...MISREAD_POLICY]).filter(
    (c) => c.field === 'policyNumber' && !seen.has(c.value) && seen.add(c.value),
  );
  for (const c of candidates.slice(0, maxChecks)) {
    try {
      const number = c.value.replace(/^([A-Z]{2})\W?(\d{6})$/, '$1-$2');
      const hit = holderOf(await platform.searchCustomers({ date: today, q: number, limit: 10 }), number);
      if (hit)
        return {
          number: c.raw,
          at: { page: c.page, line: 0, ...(c.box ? { box: c.box } : {}) },
          customer: hit.customer,
          policy: hit.policy,
          inForce: hit.policy.isActive,
        };
    } catch (e) {
      problems.push(`Policy number ${c.value} could not be checked: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return undefined;
}
