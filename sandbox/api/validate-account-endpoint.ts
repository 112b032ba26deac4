import {
  VALIDATE_ACCOUNT_ERRORS,
  ValidateAccountRequestSchema,
  type ValidateAccountErrorCode,
  type ValidateAccountResponse,
} from '../../shared/platform/validate-account';
import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import type { ClaimRegistry } from '../cases/claim-registry';
import { readJson, sendJson, sendProblem } from '../http/http-io';
import type { RequestContext } from '../http/route-table';
import { SEED_PARTNERS } from '../seed/seed-claims';

/** POST /{version}/material/validateaccount (v1 only; any other version → 404 unsupported_version). */
export async function handleValidateAccount(
  ctx: RequestContext,
  tokens: AccessTokens,
  claims: ClaimRegistry,
  now: () => number,
): Promise<void> {
  if (!(await requireBearer(ctx, tokens, 'case_integration'))) return;
  if (ctx.params['version'] !== 'v1') {
    ctx.req.resume();
    return sendProblem(ctx.res, 404, 'unsupported_version', 'the only version of this operation is v1');
  }
  const meta = { timestamp: new Date(now()).toISOString() };
  const fail = (code: ValidateAccountErrorCode, message: string): void =>
    sendJson(ctx.res, VALIDATE_ACCOUNT_ERRORS[code], { meta, error: { code, message } });

  const body = await readJson(ctx.req);
  if (!body.ok) return fail('invalid_request', 'the request body is not valid JSON');
  const parsed = ValidateAccountRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    return fail('invalid_request', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const { tenant, companyTaxId, referenceNumber } = parsed.data.data;
  const partner = SEED_PARTNERS.find((p) => p.companyTaxId.toUpperCase() === companyTaxId.trim().toUpperCase());
  if (!partner) return fail('partner_not_found', `no service partner with tax id ${companyTaxId}`);
  const found = claims.findService(referenceNumber.trim());
  if (!found || found.claim.tenant !== tenant) {
    return fail('reference_not_found', `no service ${referenceNumber} in tenant ${tenant}`);
  }
  if (!found.service.partnerIds.includes(partner.id)) {
    return fail('partner_not_assigned', `${partner.displayName} is not assigned to service ${referenceNumber}`);
  }
  const { claim, service } = found;
  const response: ValidateAccountResponse = {
    meta,
    data: {
      claim: {
        id: claim.claimId,
        damageCause: claim.damageCause,
        damageCategory: claim.damageCategory,
        tenant: claim.tenant,
        number: claim.caseNumber,
        damageAddress: { ...claim.damageAddress },
      },
      service: {
        referenceNumber: service.referenceNumber,
        id: service.id,
        startDate: service.startDate,
        estimatedEndDate: service.estimatedEndDate,
        actualEndDate: service.actualEndDate,
      },
      servicePartners: SEED_PARTNERS.filter((p) => service.partnerIds.includes(p.id)).map((p) => ({ ...p })),
    },
  };
  sendJson(ctx.res, 200, response);
}
