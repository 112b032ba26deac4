import type { Environment } from '../../../shared/domain/settings';

/**
 * The local sandbox's claim registry route for one case number (`GET /__sandbox/cases/{caseNumber}`,
 * sandbox/admin/admin-endpoint.ts): the check before sending and the claim lookup both ask it.
 */
export function sandboxCaseUrl(env: Pick<Environment, 'baseUrl'>, caseNumber: string): string {
  return `${env.baseUrl.replace(/\/+$/, '')}/__sandbox/cases/${encodeURIComponent(caseNumber)}`;
}
