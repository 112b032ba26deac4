import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '../../shared/platform/token';
import { DEMO_CLIENT, startSandbox } from '../index';
import type { RunningSandbox, SandboxOptions } from '../sandbox-types';

/** A sandbox on a random port with a temp data dir, plus helpers the tests share. */
export interface SandboxHarness {
  sandbox: RunningSandbox;
  dataDir: string;
  token(scope?: Scope | string): Promise<string>;
  api(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  admin(path: string, init?: RequestInit): Promise<Response>;
  /** Drops cached tokens (after a fault that invalidates them). */
  forgetTokens(): void;
  stop(): Promise<void>;
}

export async function startHarness(options: Partial<SandboxOptions> = {}): Promise<SandboxHarness> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const sandbox = await startSandbox({ ...options, dataDir, port: 0 });
  const tokenCache = new Map<string, string>();
  const token = async (scope?: string): Promise<string> => {
    const cached = tokenCache.get(scope ?? '');
    if (cached) return cached;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: DEMO_CLIENT.clientId,
      client_secret: DEMO_CLIENT.secret,
      ...(scope ? { scope } : {}),
    });
    const res = await fetch(`${sandbox.tokenUrl}/connect/token`, { method: 'POST', body: form });
    const body = (await res.json()) as { access_token: string };
    if (!res.ok) throw new Error(`token request failed: ${JSON.stringify(body)}`);
    tokenCache.set(scope ?? '', body.access_token);
    return body.access_token;
  };
  return {
    sandbox,
    dataDir,
    token,
    async api(path, init = {}) {
      const { token: explicit, headers, ...rest } = init;
      const bearer = explicit === undefined ? await token() : explicit;
      return fetch(`${sandbox.baseUrl}${path}`, {
        ...rest,
        headers: {
          ...(bearer !== null ? { Authorization: `Bearer ${bearer}` } : {}),
          ...(headers as Record<string, string>),
        },
      });
    },
    forgetTokens() {
      tokenCache.clear();
    },
    admin(path, init = {}) {
      return fetch(`${sandbox.baseUrl}/__sandbox${path}`, init);
    },
    async stop() {
      await sandbox.close();
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function jsonPost(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } };
}
