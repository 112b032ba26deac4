import type { Environment } from '../../../shared/domain/settings';
import { SHIPPED_ENVIRONMENT_NAMES } from '../../../shared/domain/environment-kind';

/** Placeholder until the embedded sandbox's address is known (it listens on a random port). */
export const LOCAL_SANDBOX_ENVIRONMENT: Environment = {
  id: 'local-sandbox',
  name: SHIPPED_ENVIRONMENT_NAMES['local-sandbox'],
  kind: 'local-sandbox',
  baseUrl: 'http://127.0.0.1:0',
  tokenUrl: 'http://127.0.0.1:0',
  country: 'de',
  tenant: 'demo-insurance',
  clientId: 'intake-desk-demo',
  scopes: ['case_integration', 'events'],
  authMethod: 'client_secret',
  caseSchemaKey: 'case-create',
};
