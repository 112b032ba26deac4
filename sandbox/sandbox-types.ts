import type { Scope } from '../shared/platform/token';

export interface SandboxClient {
  clientId: string;
  secret?: string;
  secrets?: string[];
  publicKeyPem?: string;
  scopes: Scope[];
}

export interface SandboxOptions {
  dataDir: string;
  /** 0 (default) = a random free port. */
  port?: number;
  /** The admin routes' own port (never refused); 0 (default) = a random free port. */
  adminPort?: number;
  clients?: SandboxClient[];
  /** Default 3600. */
  tokenLifetimeSeconds?: number;
  maxUploadBytes?: number;
  logger?: (line: string) => void;
}

/** Faults switchable at run time (POST /__sandbox/faults or RunningSandbox.setFaults). */
export interface Faults {
  /**
   * true: API requests reset (admin stays reachable); 'refuse': the API port refuses every connection (the
   * admin routes stay reachable at RunningSandbox.adminUrl).
   */
  offline?: boolean | 'refuse';
  latencyMs?: number;
  status5xx?: { status: 500 | 502 | 504; count?: number; paths?: string };
  retryAfter?: { status: 429 | 503; seconds: number; count?: number; paths?: string };
  resetMidUpload?: { afterBytes: number; count?: number; afterStore?: boolean };
  expireTokens?: boolean;
  revokeClient?: string;
  slowUploadBytesPerSec?: number;
  /**
   * Behave as a platform that does not implement Idempotency-Key (the seed promises none): every upload is
   * stored, a repeated key is never answered with the first result. For proving exactly-once without it.
   */
  ignoreIdempotencyKey?: boolean;
}

export interface RunningSandbox {
  baseUrl: string;
  /**
   * The admin routes (/__sandbox/…) on a port of their own, also reachable while the 'refuse' fault has the
   * API port closed (they are served on baseUrl too).
   */
  adminUrl: string;
  /** = baseUrl; the token endpoint is tokenUrl + '/connect/token'. */
  tokenUrl: string;
  port: number;
  demoClient: { clientId: string; secret: string; scopes: Scope[] };
  setFaults(f: Faults): void;
  clearFaults(): void;
  close(): Promise<void>;
}
