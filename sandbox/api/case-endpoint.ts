import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import type { ClaimRegistry } from '../cases/claim-registry';
import { applyDefaults, validateAgainst } from '../cases/schema-validator';
import { validCountry, validTenant } from '../cases/tenant-path';
import type { EventLog } from '../events/event-log';
import { readJson, sendJson } from '../http/http-io';
import type { RequestContext } from '../http/route-table';
import { CASE_CREATE_INPUT } from '../seed/case-schemas';
import type { SeedCustomer } from '../seed/seed-customers';

export interface CaseDeps {
  tokens: AccessTokens;
  claims: ClaimRegistry;
  events: EventLog;
  customers: SeedCustomer[];
  baseUrl: string;
}

interface Warning {
  type: 'policy_inactive' | 'policy_not_found' | 'accident_in_future';
  message: string;
  path: string;
}

/** POST /{country}/{tenant}/v1/case: 201 created, 400 invalid, 404 bad country/tenant. */
export async function handleCreateCase(ctx: RequestContext, deps: CaseDeps): Promise<void> {
  if (!(await requireBearer(ctx, deps.tokens, 'case_integration'))) return;
  const country = ctx.params['country'] ?? '';
  const tenant = ctx.params['tenant'] ?? '';
  const fail = (status: number, errors: { message: string; type: string }[]): void =>
    sendJson(ctx.res, status, { success: false, errors, warnings: [], links: null, token: null, url: null });
  if (!validCountry(country) || !validTenant(tenant)) {
    ctx.req.resume();
    return fail(404, [
      { type: 'invalid_path', message: 'country must be two lower-case letters and tenant [a-z0-9-]+' },
    ]);
  }
  const body = await readJson(ctx.req);
  if (!body.ok) return fail(400, [{ type: 'invalid_json', message: 'the request body is not valid JSON' }]);
  const errors = validateAgainst(CASE_CREATE_INPUT, body.value);
  if (errors.length > 0)
    return fail(
      400,
      errors.map((e) => ({ message: e.message, type: e.type })),
    );

  const data = applyDefaults(CASE_CREATE_INPUT, body.value) as Record<string, unknown> & {
    policyNumber: string;
    accidentDate: string;
    caseType: string;
    damageCause?: string;
    externalClaimId?: string;
    claimant: { firstName: string; lastName: string };
    damageAddress: { street: string; street2?: string | null; postalCode: string; city: string };
  };
  const warnings = policyWarnings(data.policyNumber, data.accidentDate, deps.customers);
  const claim = deps.claims.create({
    country,
    tenant,
    caseType: data.caseType,
    caseTypeTitle: CASE_TYPE_TITLES[data.caseType] ?? data.caseType,
    damageCause: data.damageCause ?? 'Sonstiges',
    damageCategory: data.caseType === 'Motor' ? 'Kaskoschaden' : 'Sachschaden',
    accidentDate: data.accidentDate,
    policyNumber: data.policyNumber,
    customerName: `${data.claimant.firstName} ${data.claimant.lastName}`,
    damageAddress: {
      street: data.damageAddress.street,
      street2: data.damageAddress.street2 ?? '',
      postalCode: data.damageAddress.postalCode,
      city: data.damageAddress.city,
    },
    services: [],
    externalClaimId: data.externalClaimId ?? null,
    caseData: data,
  });
  deps.events.record('CaseCreated', claim, [
    { property: 'AccidentDate', newValue: `${data.accidentDate}T00:00:00Z` },
    { property: 'Coverage', newValue: { coverage: 'undefined', context: 'claimWizard' } },
  ]);
  const casePath = `${deps.baseUrl}/${country}/${tenant}/v1/case`;
  sendJson(ctx.res, 201, {
    success: true,
    errors: [],
    warnings,
    links: { self: `${casePath}/${claim.caseNumber}`, selfTemplate: `${casePath}/{caseNumber}` },
    token: claim.token,
    url: `${deps.baseUrl}/claims/${claim.claimId}`,
    caseNumber: claim.caseNumber,
    claimId: claim.claimId,
  });
}

const CASE_TYPE_TITLES: Record<string, string> = {
  Property: 'Sachschaden',
  Motor: 'Kfz-Schaden',
  Liability: 'Haftpflichtschaden',
};

/** Warnings do not stop creation: the clerk may know better (e.g. a policy renewed late). */
function policyWarnings(policyNumber: string, accidentDate: string, customers: SeedCustomer[]): Warning[] {
  const warnings: Warning[] = [];
  const policy = customers.flatMap((c) => c.policies).find((p) => p.number === policyNumber);
  if (!policy) {
    warnings.push({
      type: 'policy_not_found',
      path: 'policyNumber',
      message: `policyNumber: no policy ${policyNumber}`,
    });
  } else if (policy.startDate > accidentDate || (policy.endDate !== null && accidentDate > policy.endDate)) {
    warnings.push({
      type: 'policy_inactive',
      path: 'policyNumber',
      message: `policyNumber: policy ${policyNumber} is not in force on ${accidentDate} (${policy.startDate} – ${policy.endDate ?? 'open'})`,
    });
  }
  if (accidentDate > new Date().toISOString().slice(0, 10)) {
    warnings.push({ type: 'accident_in_future', path: 'accidentDate', message: 'accidentDate: lies in the future' });
  }
  return warnings;
}
