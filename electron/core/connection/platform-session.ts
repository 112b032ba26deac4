import type { Environment } from '../../../shared/domain/settings';
import type { ConnectionTest } from '../../../shared/domain/connection';
import type { TokenClient, TokenStatus } from '../auth/token-client';
import { IntakeError } from '../errors';
import type { HttpFetch } from '../http/http-fetch';
import type { PlatformClientFactory } from '../platform/create-platform-client';
import type { PlatformClient } from '../platform/platform-client';
import type { Clock } from '../util/clock';
import type { ConnectionMonitor } from './connection-monitor';

export interface PlatformSessionDeps {
  environment: () => Environment;
  /** Builds the token and API clients of one environment (create-platform-client.ts). */
  clientsFor: PlatformClientFactory;
  /** For the reachability probe (a HEAD request), with the same HTTP stack as the clients. */
  fetch: HttpFetch;
  clock: Clock;
  connection: ConnectionMonitor;
}

interface Session {
  key: string;
  environment: Environment;
  tokens: TokenClient;
  api: PlatformClient;
}

const PROBE_TIMEOUT_MS = 5_000;

/**
 * The connection to the active environment: one token client and API client, rebuilt when the
 * environment's settings change. Reports token state and reachability into the ConnectionMonitor.
 */
export class PlatformSession {
  private session?: Session;

  constructor(private readonly deps: PlatformSessionDeps) {}

  private current(): Session {
    const environment = this.deps.environment();
    const key = JSON.stringify(environment);
    if (this.session?.key === key) return this.session;
    this.session?.tokens.dispose();
    // A token answer for an environment switched away from (a request still in flight) is not reported.
    const { tokens, api } = this.deps.clientsFor(environment, (status) => {
      if (this.session?.key === key) this.reportToken(status);
    });
    this.session = { key, environment, tokens, api };
    this.deps.connection.update({ token: 'none', configurationError: undefined });
    return this.session;
  }

  /** Any HTTP answer counts: only a failed connection (or no answer in time) means unreachable. */
  private async reachable(url: string): Promise<boolean> {
    try {
      await this.deps.fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return true;
    } catch {
      return false;
    }
  }

  api(): PlatformClient {
    return this.current().api;
  }

  tokens(): TokenClient {
    return this.current().tokens;
  }

  environment(): Environment {
    return this.current().environment;
  }

  private reportToken(status: TokenStatus): void {
    const { connection } = this.deps;
    if (status.token === 'valid') {
      connection.update({
        token: 'valid',
        network: 'online',
        tokenExpiresAt: new Date(status.expiresAt).toISOString(),
        configurationError: undefined,
      });
    } else if (status.token === 'none') {
      connection.update({ token: 'none', tokenExpiresAt: undefined });
    } else {
      const e = status.error;
      connection.update({
        token: 'error',
        ...(e.kind === 'unreachable' ? { network: 'offline' as const } : {}),
        configurationError: e.kind === 'configuration' ? { code: e.code, message: e.message } : undefined,
      });
    }
  }

  /** Is the platform reachable at all? A cheap request to the base URL; any HTTP answer counts. */
  async probe(): Promise<boolean> {
    const asked = this.current();
    const online = await this.reachable(asked.environment.baseUrl);
    // An answer about an environment that was switched away from meanwhile says nothing about the new one.
    if (this.session !== asked) return online;
    if (online) this.deps.connection.online();
    else this.deps.connection.offline();
    return online;
  }

  /**
   * Settings were saved: when the active environment changed, what the status bar says ("Online · Signed
   * in") described the old one. It goes back to unknown (shown as "checking") and the new one is checked.
   */
  async settingsChanged(): Promise<void> {
    const before = this.session;
    if (!before || before.key === JSON.stringify(this.deps.environment())) return;
    this.current();
    this.deps.connection.update({
      network: 'unknown',
      token: 'none',
      tokenExpiresAt: undefined,
      configurationError: undefined,
    });
    await this.check();
  }

  /** The status bar's "check connection": reachability, then a token (cached when still valid). */
  async check(): Promise<void> {
    if (!(await this.probe())) return;
    await this.tokens()
      .getToken()
      .catch(() => undefined);
  }

  /**
   * Settings' "test connection" for any environment (not only the active one): which step fails, in
   * words an IT admin can act on. Uses a throw-away client so the active session is not disturbed.
   */
  async test(environment: Environment): Promise<ConnectionTest> {
    if (environment.clientId.trim() === '') {
      return { ok: false, step: 'settings', code: 'auth.no_client_id', message: 'Enter the client id first.' };
    }
    if (!(await this.reachable(environment.tokenUrl))) {
      return {
        ok: false,
        step: 'network',
        code: 'network.unreachable',
        message: `${new URL(environment.tokenUrl).host} cannot be reached. Check the network, the proxy and the token URL.`,
      };
    }
    const { tokens, api } = this.deps.clientsFor(environment);
    try {
      await tokens.getToken();
    } catch (e) {
      tokens.dispose();
      const error = e instanceof IntakeError ? e : undefined;
      const step = error?.code.startsWith('secrets.') ? 'keychain' : 'token';
      return {
        ok: false,
        step,
        code: error?.code ?? 'auth.failed',
        message: error?.message ?? 'The token request failed.',
      };
    }
    try {
      const today = new Date(this.deps.clock.now()).toISOString().slice(0, 10);
      await api.searchCustomers({ date: today, q: 'connection test', limit: 1 });
      return { ok: true, step: 'done', message: 'Signed in and the platform answered.' };
    } catch (e) {
      const error = e instanceof IntakeError ? e : undefined;
      return {
        ok: false,
        step: 'api',
        code: error?.code ?? 'api.failed',
        message: `Signed in, but the API call failed: ${error?.message ?? 'unknown error'}`,
      };
    } finally {
      tokens.dispose();
    }
  }

  dispose(): void {
    this.session?.tokens.dispose();
  }
}
