import type { AccessTokens } from '../auth/access-tokens';
import type { ClaimRegistry } from '../cases/claim-registry';
import type { EventLog } from '../events/event-log';
import type { RouteTable } from '../http/route-table';
import type { SeedCustomer } from '../seed/seed-customers';
import { handleCreateCase } from './case-endpoint';
import { handleClaimFiles, handleClaimInformation } from './claims-endpoint';
import { handleCustomerSearch } from './customers-endpoint';
import { handleEventFeed } from './events-endpoint';
import { handleSchema } from './schemas-endpoint';
import { handleValidateAccount } from './validate-account-endpoint';

export interface ApiDeps {
  tokens: AccessTokens;
  claims: ClaimRegistry;
  events: EventLog;
  customers: SeedCustomer[];
  baseUrl: string;
  now: () => number;
}

/** The JSON APIs of the spec (endpoints 2–5, 7–9) and the sandbox's event feed. */
export function addApiRoutes(routes: RouteTable, deps: ApiDeps): void {
  const { tokens, claims } = deps;
  routes
    .add('GET', '/api/Schemas/input/{key}', (ctx) => handleSchema(ctx, tokens, 'input'))
    .add('GET', '/api/Schemas/output/{key}', (ctx) => handleSchema(ctx, tokens, 'output'))
    .add('POST', '/{country}/{tenant}/v1/case', (ctx) => handleCreateCase(ctx, deps))
    .add('POST', '/{version}/material/validateaccount', (ctx) => handleValidateAccount(ctx, tokens, claims, deps.now))
    .add('GET', '/customers', (ctx) => handleCustomerSearch(ctx, tokens, deps.customers))
    .add('GET', '/api/claims/{ClaimId}/files/files', (ctx) => handleClaimFiles(ctx, tokens, claims))
    .add('GET', '/api/claims/{ClaimId}/details/information', (ctx) => handleClaimInformation(ctx, tokens, claims))
    .add('GET', '/api/case-events', (ctx) => handleEventFeed(ctx, tokens, deps.events));
}
