import type { ClaimLookup } from '../../../shared/domain/claim-lookup';
import { ClaimIdSchema } from '../../../shared/platform/common';
import type { Environment } from '../../../shared/domain/settings';
import type { HttpFetch } from '../http/http-fetch';
import { sandboxCaseUrl } from './sandbox-case-url';

/**
 * From a case number to its claim id. The platform's interface reads claims only by their internal id and
 * offers no search by case number (spec: "Endpoints" 8 and 9; the customer search returns customers and
 * policies, not claims). The local sandbox answers it on its own route (`GET /__sandbox/cases/{n}`, the
 * same one the check before sending uses); every other environment answers `no_lookup`, which the clerk
 * reads as a plain sentence. A case number that is itself a claim id (digits) needs no lookup.
 */
export function createClaimLookup(fetch: HttpFetch) {
  return async (env: Environment, caseNumber: string, signal?: AbortSignal): Promise<ClaimLookup> => {
    const number = caseNumber.trim();
    if (ClaimIdSchema.safeParse(number).success) return { kind: 'found', claimId: number };
    if (env.kind !== 'local-sandbox') return { kind: 'no_lookup' };
    try {
      const res = await fetch(sandboxCaseUrl(env, number), { method: 'GET', ...(signal ? { signal } : {}) });
      if (res.status === 404) {
        await res.body?.cancel();
        return { kind: 'not_found' };
      }
      if (res.status !== 200) {
        await res.body?.cancel();
        return { kind: 'unavailable' };
      }
      const body = (await res.json()) as { claimId?: unknown };
      const claimId = ClaimIdSchema.safeParse(String(body.claimId ?? ''));
      return claimId.success ? { kind: 'found', claimId: claimId.data } : { kind: 'unavailable' };
    } catch {
      return { kind: 'unavailable' };
    }
  };
}
