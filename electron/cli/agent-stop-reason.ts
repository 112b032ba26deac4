import type { EventBus } from '../core/events/event-bus';
import { DataFolderInUseError } from '../core/util/data-folder-lock';
import { UsageError } from './agent-args';
import { DataFolderUnusableError } from './agent-data-folder';

/**
 * Why the agent stopped uploading, for whoever runs it unattended: the core's message is written for the
 * app ("Enter it in Settings"), so each configuration stop gets what to do on an agent's command line.
 */
export interface StopReason {
  code: string;
  message: string;
  /** What to do, with the agent's flags and variables. */
  action: string;
}

/** Exit codes of the agent (documented in --help and docs/intake-pipeline.md). */
export const EXIT = {
  ok: 0,
  /** At least one document failed (see the summary's `failed`); the others went through. */
  documentsFailed: 1,
  /** Bad flags or arguments, settings file missing or invalid, data folder locked. */
  usage: 2,
  /** Uploading stopped on a configuration error (credentials, keychain, proxy …): nothing more will go until it is fixed. */
  configuration: 3,
  /** The data folder belongs to another running agent or app (electron/core/util/data-folder-lock.ts). */
  folderInUse: 4,
  /** `scan`: the scanner failed or could not be reached (one JSON error line says which). */
  scannerFailed: 7,
  /**
   * `scan`: the scan went well but is left for a clerk, so not all of it was uploaded: its batch is held for
   * review (the folder profile asks for it), or documents wait for metadata a required field lacks (one
   * JSON line `{"left":"review"|"documents",…}` says which). The app's inbox shows them; nothing is lost.
   */
  leftForClerk: 8,
  /** An interrupted --once or upload (SIGINT/SIGTERM): it printed where things stood and did not finish. */
  interrupted: 130,
  /**
   * --once gave up: the platform or its token endpoint could not be reached N attempts in a row, or the
   * office database (N tries to join in a row, or out of reach OFFICE_UNREACHABLE_ONCE_MS after it joined).
   */
  unreachable: 5,
  /**
   * --once gave up: the data folder failed STORAGE_TRIES_ONCE tries in a row (full disk, quota, read-only
   * database, no write access); nothing can go on until it is fixed. A running agent keeps trying.
   */
  storage: 6,
} as const;

/**
 * --once ends with EXIT.unreachable when a joined office database stays out of reach this long (its files
 * wait in the folder for it: a --once run would wait for ever).
 */
export const OFFICE_UNREACHABLE_ONCE_MS = 60_000;

/** --once ends with EXIT.storage after this many failed tries of the data folder (1 + 2 + 4 s apart). */
export const STORAGE_TRIES_ONCE = 3;

const ACTIONS: Array<[RegExp, string]> = [
  [
    /^settings\.invalid$/,
    'Fix the settings file named in the message (--settings, --machine-settings; docs/deployment.md §3). Under --service the agent starts by itself once the file is fixed; otherwise run it again.',
  ],
  [
    /^key_file\.invalid$/,
    "Fix the private key named in the message (--key-file: a PEM key readable by the agent's user only, chmod 600). Under --service the agent starts by itself once the file is fixed; otherwise run it again.",
  ],
  [
    /^data\.folder_unwritable$/,
    "Create the data folder (--data) and let the agent's user read and write it, e.g. sudo install -d -o <agent user> -m 0700 <folder>. Under --service the agent starts by itself within 30 s of the fix.",
  ],
  [
    /^data\.folder_in_use$/,
    'Stop the other agent or app that uses this data folder, or give this agent a data folder of its own (--data). Under --service the agent tries again every 30 s.',
  ],
  [
    /^metrics\.port_in_use$/,
    'Another process listens on the metrics port: stop it or choose another --metrics-port (each agent on a station needs its own). Under --service the agent tries again every 30 s.',
  ],
  [
    /^auth\.(invalid_client|missing_secret)$/,
    "Check --client-id and the credentials: with a client secret, set $INTAKE_CLIENT_SECRET or store the current secret in the keychain of the user the agent runs as (the app's Settings screen, logged in as that user); with --auth-method private_key_jwt, register the public key of the key in use (--key-file, $INTAKE_CLIENT_KEY or the keychain) for this client id. Then run the agent again.",
  ],
  [
    /^auth\.(missing_private_key|invalid_private_key|unsupported_private_key)$/,
    'Give the agent a usable private key (--key-file PATH or $INTAKE_CLIENT_KEY with the PEM text, or the keychain entry "<client id>#private-key") and register its public key with the platform.',
  ],
  [
    /^auth\.clock_skew$/,
    "Set this computer's clock to synchronise automatically (timedatectl set-ntp true), then run again.",
  ],
  [/^auth\.invalid_scope$/, 'Pass only scopes the platform grants (--scope), or ask the platform to grant them.'],
  [
    /^auth\.(unauthorized_client|insufficient_scope)$/,
    'Ask the platform to enable the client credentials grant and the scopes for this client.',
  ],
  [
    /^secrets\.keychain_unavailable$/,
    "No keychain is reachable for the user the agent runs as (on Linux: no Secret Service on the D-Bus session bus). On an unattended station pass the secret in $INTAKE_CLIENT_SECRET, or use --auth-method private_key_jwt with --key-file PATH (a key file readable only by the agent's user, mode 0600 or 0400). See docs/auth-setup.md.",
  ],
  [
    /^network\.proxy_auth$/,
    'The proxy refused our proxy credentials (HTTP 407): put the right user and password into HTTPS_PROXY / HTTP_PROXY (http://user:password@proxy:port, percent-encoded), or exempt the platform hosts with NO_PROXY.',
  ],
  [
    /^network\.proxy_refused$/,
    'The proxy refused to open a tunnel to the platform: ask the proxy administrator to allow CONNECT to the platform host and port, or exempt the platform with NO_PROXY.',
  ],
  [
    /^storage\.(full|quota)$/,
    "Free space on the data folder's disk (or raise the quota of the user the agent runs as); the agent goes on by itself once it can write, or run it again.",
  ],
  [
    /^storage\.(read_only|no_access)$/,
    'Make the data folder and everything in it (queue.sqlite, its -wal and -shm files, spool/, archive/) writable by the user the agent runs as (chown to that user, chmod 600 files / 700 folders), and the file system writable; the agent goes on by itself, or run it again.',
  ],
  [
    /^office\.unreachable$/,
    "Check that the office's PostgreSQL server runs and this station reaches it (host, port, firewall, --office-database or the settings' office.database), then run again; nothing was taken from the watched folders meanwhile.",
  ],
  [
    /^office\.refused$/,
    "The office database refused this station (password, role or database name): fix the password ($INTAKE_OFFICE_PASSWORD, the URL's, or the keychain's for that address) or the URL, then run again.",
  ],
  [
    /^(auth\.token_endpoint_unreachable|network\.(platform_unreachable|unreachable|proxy_tunnel_failed))$/,
    'Check the network, the proxy variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) and --base-url / --token-url, then run again.',
  ],
];

export function stopReasonOf(error: { code: string; message: string }): StopReason {
  const action =
    ACTIONS.find(([pattern]) => pattern.test(error.code))?.[1] ??
    'Fix the configuration named in the message (settings file or flags), then run the agent again.';
  return { code: error.code, message: error.message, action };
}

/**
 * A configuration error the agent can wait out under a service manager (--service): bad settings, an
 * unusable key file or data folder, a data folder another process owns, a metrics port in use. Anything
 * else (a crash) is not one, and ends the agent.
 */
export function configurationStopOf(e: unknown): StopReason | undefined {
  if (e instanceof UsageError || e instanceof DataFolderInUseError || e instanceof DataFolderUnusableError)
    return stopReasonOf({ code: e.code, message: e.message });
  return undefined;
}

/**
 * `run` keeps going after a configuration stop (the admin fixes it and the next start uploads), so the
 * log must say why nothing moves: one error line per new reason, when the queue pauses on it.
 */
export function logStopReasons(
  bus: Pick<EventBus, 'on'>,
  queue: { readonly pauseReason: { code: string; message: string } | undefined },
  logger: { error(message: string, fields: Record<string, unknown>): void },
): () => void {
  let logged: string | undefined;
  return bus.on('queue.changed', () => {
    const reason = queue.pauseReason;
    if (!reason) {
      logged = undefined;
      return;
    }
    if (reason.code === logged) return;
    logged = reason.code;
    const stop = stopReasonOf(reason);
    logger.error('uploads stopped', { code: stop.code, reason: stop.message, action: stop.action });
  });
}
