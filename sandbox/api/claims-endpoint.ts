import type { ClaimInformation } from '../../shared/platform/claims';
import { ClaimIdSchema } from '../../shared/platform/common';
import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import type { ClaimRecord, ClaimRegistry } from '../cases/claim-registry';
import { sendJson, sendProblem } from '../http/http-io';
import type { RequestContext } from '../http/route-table';

/** 400 invalid_claim_id for anything not a decimal int64 in 1…2^63−1; 404 claim_not_found otherwise unknown. */
async function findClaim(
  ctx: RequestContext,
  tokens: AccessTokens,
  claims: ClaimRegistry,
): Promise<ClaimRecord | undefined> {
  if (!(await requireBearer(ctx, tokens, 'case_integration'))) return undefined;
  const raw = ctx.params['ClaimId'] ?? '';
  const parsed = ClaimIdSchema.safeParse(raw);
  if (!parsed.success) {
    sendProblem(
      ctx.res,
      400,
      'invalid_claim_id',
      `ClaimId must be a whole number from 1 to 9223372036854775807, got "${raw}"`,
    );
    return undefined;
  }
  const claim = claims.byId(parsed.data);
  if (!claim) sendProblem(ctx.res, 404, 'claim_not_found', `no claim ${parsed.data}`);
  return claim;
}

/** GET /api/claims/{ClaimId}/files/files */
export async function handleClaimFiles(
  ctx: RequestContext,
  tokens: AccessTokens,
  claims: ClaimRegistry,
): Promise<void> {
  const claim = await findClaim(ctx, tokens, claims);
  if (claim) sendJson(ctx.res, 200, claim.files);
}

/** GET /api/claims/{ClaimId}/details/information */
export async function handleClaimInformation(
  ctx: RequestContext,
  tokens: AccessTokens,
  claims: ClaimRegistry,
): Promise<void> {
  const claim = await findClaim(ctx, tokens, claims);
  if (!claim) return;
  const info: ClaimInformation = {
    generalInfo: [
      { title: 'Schadennummer', value: claim.caseNumber },
      { title: 'Versicherungsnehmer', value: claim.customerName },
      { title: 'Versicherungsschein', value: claim.policyNumber },
      { title: 'Schadentag', value: claim.accidentDate },
      { title: 'Status', value: claim.closed ? 'Geschlossen' : 'Offen' },
    ],
    claimSpecificInfo: [
      { title: 'Schadenursache', value: claim.damageCause },
      { title: 'Schadenkategorie', value: claim.damageCategory },
      {
        title: 'Schadenort',
        value: [
          claim.damageAddress.street,
          claim.damageAddress.street2,
          `${claim.damageAddress.postalCode} ${claim.damageAddress.city}`,
        ]
          .filter((p) => p !== '')
          .join(', '),
      },
      { title: 'Deckung', value: claim.coverage },
    ],
    caseTypeTitle: claim.caseTypeTitle,
    caseType: claim.caseType,
  };
  sendJson(ctx.res, 200, info);
}
