import type { Customer } from '../../shared/platform/customers';
import { CUSTOMER_SEARCH_MAX_LIMIT } from '../../shared/platform/customers';
import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import { sendJson, sendProblem } from '../http/http-io';
import type { RequestContext } from '../http/route-table';
import type { SeedCustomer } from '../seed/seed-customers';

/** Search text is compared without case and diacritics, so "oberg" finds "Öberg" and "strasse" "Straße". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    .replace(/ð/g, 'd')
    .replace(/ı/g, 'i');
}

type Parsed = { ok: true; date: string; q: string; limit: number; after: number } | { ok: false; detail: string };

/** Each parameter is checked on its own so the 400 names the one that is wrong. */
export function parseCustomerQuery(url: URL): Parsed {
  const date = url.searchParams.get('date');
  const q = url.searchParams.get('q');
  const limitText = url.searchParams.get('limit');
  const afterText = url.searchParams.get('after');
  if (date === null) return { ok: false, detail: 'date is required (YYYY-MM-DD)' };
  if (!isCalendarDate(date)) return { ok: false, detail: `date must be a calendar date YYYY-MM-DD, got "${date}"` };
  if (q === null || q.trim() === '') return { ok: false, detail: 'q is required and must not be empty' };
  if (limitText === null) return { ok: false, detail: 'limit is required' };
  if (!/^\d+$/.test(limitText)) return { ok: false, detail: 'limit must be a whole number' };
  const limit = Number(limitText);
  if (limit < 1 || limit > CUSTOMER_SEARCH_MAX_LIMIT) {
    return { ok: false, detail: `limit must be from 1 to ${CUSTOMER_SEARCH_MAX_LIMIT}` };
  }
  let after = 0;
  if (afterText !== null) {
    if (!/^\d+$/.test(afterText)) return { ok: false, detail: 'after must be a whole number ≥ 0' };
    after = Number(afterText);
  }
  return { ok: true, date, q: q.trim(), limit, after };
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

const inForce = (start: string, end: string | null, date: string): boolean =>
  start <= date && (end === null || date <= end);

function statusText(start: string, end: string | null, cancelled: boolean, date: string): string {
  if (cancelled && end !== null && date > end) return 'Storniert';
  if (date < start) return 'Noch nicht begonnen';
  if (end !== null && date > end) return 'Abgelaufen';
  return 'Aktiv';
}

/** What one customer looks like on `date`: activity depends on the search date. */
export function customerOnDate(c: SeedCustomer, date: string): Customer {
  return {
    customerId: c.customerId,
    number: c.number,
    fullName: c.fullName,
    taxId: c.taxId,
    address: c.address,
    description: c.description,
    policyMatches: c.policies.map((p) => ({
      description: p.description,
      startDate: p.startDate,
      endDate: p.endDate,
      isActive: inForce(p.startDate, p.endDate, date),
      statusText: statusText(p.startDate, p.endDate, p.cancelled, date),
      policyVersionId: p.policyVersionId,
      number: p.number,
      product: p.product,
      policyObjectMatches: p.objects.map((o) => ({
        description: o.description,
        startDate: o.startDate,
        endDate: o.endDate,
        isActive: inForce(o.startDate, o.endDate, date) && inForce(p.startDate, p.endDate, date),
        statusText: statusText(o.startDate, o.endDate, false, date),
        policyObjectVersionId: o.policyObjectVersionId,
      })),
    })),
  };
}

/**
 * Every word of q must occur in the customer's name, number, tax id, address, or a policy's number,
 * product or object description. Ordered by full name (German collation), then customerId.
 */
export function searchCustomers(customers: SeedCustomer[], q: string): SeedCustomer[] {
  const words = foldText(q)
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const collator = new Intl.Collator('de');
  return customers
    .filter((c) => {
      const haystack = foldText(
        [
          c.fullName,
          c.number,
          c.taxId,
          c.address,
          ...c.policies.flatMap((p) => [p.number, p.product, ...p.objects.map((o) => o.description)]),
        ].join(' '),
      );
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => collator.compare(a.fullName, b.fullName) || a.customerId.localeCompare(b.customerId));
}

/** GET /customers?date&q&limit&after */
export async function handleCustomerSearch(
  ctx: RequestContext,
  tokens: AccessTokens,
  customers: SeedCustomer[],
): Promise<void> {
  if (!(await requireBearer(ctx, tokens, 'case_integration'))) return;
  const parsed = parseCustomerQuery(ctx.url);
  if (!parsed.ok) return sendProblem(ctx.res, 400, 'invalid_query', parsed.detail);
  const page = searchCustomers(customers, parsed.q)
    .slice(parsed.after, parsed.after + parsed.limit)
    .map((c) => customerOnDate(c, parsed.date));
  sendJson(ctx.res, 200, page);
}
