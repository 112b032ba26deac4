import { SCOPES, type Scope } from '../shared/platform/token';
import { runSandbox } from './sandbox-server';
import type { RunningSandbox, SandboxOptions } from './sandbox-types';

export type { Faults, RunningSandbox, SandboxClient, SandboxOptions } from './sandbox-types';
export type { StoredUpload } from './inbox/upload-store';

/** The client every sandbox knows unless `clients` replaces it (also printed by `npm run sandbox`). */
export const DEMO_CLIENT: { clientId: 'intake-desk-demo'; secret: 'sandbox-demo-secret'; scopes: Scope[] } = {
  clientId: 'intake-desk-demo',
  secret: 'sandbox-demo-secret',
  scopes: [...SCOPES],
};

/** Starts the platform sandbox on 127.0.0.1 (port 0 = random). */
export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const clients = options.clients ?? [{ ...DEMO_CLIENT, scopes: [...DEMO_CLIENT.scopes] }];
  return runSandbox(options, { clients });
}
