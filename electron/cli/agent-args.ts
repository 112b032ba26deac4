import { parseCliArgs, UsageError, wholeNumberFlag } from './cli-args';
import { OUTPUT_KINDS } from '../../shared/domain/output';
import type { OutputKind } from '../../shared/domain/output';
import type { Metadata } from '../../shared/domain/metadata';
import { AuthMethodSchema } from '../../shared/domain/settings';
import type { AuthMethod } from '../../shared/domain/settings';
import { metadataValueProblem } from '../../shared/domain/metadata';
import { metadataFieldOf } from '../core/intake/file-name-pattern';
import { DEFAULT_UNREACHABLE_TRIES } from './agent-reachability';
import type { ScanRequest } from '../../shared/domain/scanning';
import { ScanRequestSchema } from '../../shared/domain/scanning';
import type { OfficeDatabaseAddress } from '../../shared/domain/office';
import { OfficeDatabaseFlagSchema } from '../../shared/domain/office';

export const USAGE = `Usage: intake-agent [run|list|retry|upload FILE|status|clear-stale|pages FILE|split FILE --out DIR|text FILE|case-draft FILE...] [options]

  run (default)      watch the configured folders and upload, until SIGTERM/SIGINT
  list               print the queue (one JSON line per document)
  retry              queue every failed document again
  upload FILE        upload one file (the file itself is left in place)
  status             print this station's status as JSON: counts, oldest waiting document, last success,
                     connection; exit 0 healthy, 1 degraded, 2 failing (for monitoring)
  status --office [--office-database URL]
                     the office database (issue #50; URL or the settings' office.database) as one JSON line:
                     reachable or not and why, its schema version, the stations and whether each is alive,
                     the documents waiting, held by a clerk and queued; exit 0 reachable, 2 not (or refused)
  status --folder DIR [--names]
                     the fleet view of a shared scan folder, from its .intake/ alone: every station seen,
                     its last heartbeat (alive, late, gone), how many files it holds claimed and taken (the
                     oldest, the first few names), the files waiting for a takeover and in the folder; every
                     name only with --names; exit 0, or 1 when files wait for a takeover or a gone station
  clear-stale --folder DIR [--give-back]
                     remove the heartbeats and empty folders of stations gone for good (past twice their
                     lease) from DIR/.intake/; never a scan: a gone station still holding files is kept,
                     unless --give-back moves its committed files back into DIR for the others to claim
  pages FILE         print each page of a PDF/TIFF/JPEG/PNG as a JSON line (size, barcodes, blank)
  split FILE --out DIR [--separator VALUE] [--drop-blank] [--keep-separator] [--separator-pattern RE]
                     [--metadata-pattern RE] [--dpi N]   split FILE on separator sheets into PDFs in DIR
  scanners [--scanner URL]... [--settings FILE] [--machine-settings FILE] [--data DIR] [--mdns-ms N]
                     print the scanners this station finds (eSCL by mDNS, SANE devices), those its settings
                     give ("scanners", the machine file's locked ones too) and those named, with what each
                     offers, as JSON lines; exit 7 only when a scanner named here does not answer
  scan --scanner URL|sane:DEVICE [--source feeder|platen|duplex] [--dpi N] [--color gray|color|bw]
       [--profile FOLDER_ID] [--keep-open]
                     scan one batch (the feeder until it is empty) into the folder profile's capture
                     (separator sheets, blank pages, cover-sheet fields, its metadata; --meta on top),
                     upload its documents, then exit (as --once). Without --profile: split on PATCH T
                     sheets. When the scanner stops with trouble (jam, cover open, gone) the pages that
                     came are made into documents and uploaded (--keep-open: kept as an open batch
                     instead), and one JSON line {"error":CODE,…} says why: exit 7
  service-folders [--machine-settings FILE] [--settings FILE]
                     print the systemd drop-in that lets the confined service write the folders the settings
                     name (watched folders, the archive folder): ReadWritePaths=, one a line (docs/deployment.md §8)
  text FILE [--pages N] [--patterns FILE]
                     print the text of a document as the app reads it (a JSON line per page), then the
                     numbers found in it (a JSON line each): for tuning text.patterns
  case-draft FILE... [--sandbox | connection options] [--schema KEY] [--as-of YYYY-MM-DD] [--ocr-languages L]
                     the case draft the app makes from a notice of loss: a JSON line per file with each
                     field's path, value, state (filled|offered), source (letter|policy) and page, made as
                     of today or the --as-of day

Options:
  --settings FILE    settings file (default: $INTAKE_DESK_SETTINGS); read, never written. A machine-wide
                     file ({"version":1,"locked":…,"defaults":…}) given here is read as --machine-settings
  --machine-settings FILE  the machine-wide settings file (docs/deployment.md §3): its locked fields win
                     over --settings, its defaults fill what --settings leaves out
  --service          run under a service manager (the service definitions pass it): a configuration error
                     (settings, key file, data folder, metrics port) does not end the agent; it logs the
                     reason once, reports it in status and metrics ("stopped"), and starts by itself when
                     the files it names change or the cause is gone
  --data DIR         queue, spool and archive (default: ./intake-agent-data)
  --base-url URL     --token-url URL (/connect/token is appended)   --client-id ID
  --scope NAME       (repeatable)   --country C   --tenant T
  --auth-method M    client_secret|private_key_jwt (default: the settings file's, else client_secret)
  --key-file PATH    private key (PEM: PKCS#8, PKCS#1 or SEC1; RSA, RSA-PSS, EC P-256) for private_key_jwt,
                     instead of the keychain; must be readable by the agent's user only (chmod 600)
  --assertion-audience URL  "aud" of the signed assertion (default: the token endpoint URL)
  --watch DIR        (repeatable) watch DIR, auto-submit its files
  --meta Name=Value  (repeatable) metadata, e.g. CaseNumber=4711, Responsible-UserId=jdoe
  --archive DIR      where uploaded files go   --concurrency N (1-8)
  --once             process folders and queue, wait until drained, print a summary and exit (codes below)
  --unreachable-tries N  with --once and upload: give up after N attempts in a row that reach neither
                     the platform nor its token endpoint (default 5)
  --sandbox          start the embedded platform sandbox and use it
  --log-level L      debug|info|warn|error (default info)
  --console-log-level L  the least level written to stderr (default: --log-level); the log file keeps
                     --log-level. For a console nothing rotates (launchd's StandardErrorPath: error)
  --log-format F     json|text for the lines on stderr (default json); <data>/logs/agent.log is always JSON
                     lines, 10 MB × 5 files
  --metrics-port N   serve Prometheus metrics on http://127.0.0.1:N/metrics (off by default)
  --shared           kept for older scripts: every --watch folder is claimed from by default (its .intake/
                     is made at start, so any number of stations on it take each file once; docs/deployment.md)
  --not-shared       take the --watch folders' files in place, without claims (one station per folder only;
                     a folder another station made shared is still joined)
  --lease-seconds N  shared folders: take over the claims of a station silent for N s (default 120)
  --poll MS          poll the --watch folders every MS ms (network shares that send no file events)
  --output K         what is sent: original (the scanner's file, default for --watch) or searchable-pdf
                     (the OCR's words as invisible text; the original stays in the archive); applies to
                     the --watch folders and the settings file's folders (docs/capture.md)
  --smaller          with --output searchable-pdf: text pages sent black and white (CCITT G4) where OCR
                     reads them as well
  --office-database URL  the office's PostgreSQL: postgres://USER@HOST:PORT/DATABASE[?sslmode=verify-full]
                     (a password in the URL, or in $INTAKE_OFFICE_PASSWORD, else the keychain's for that
                     address); run keeps the station's documents, their history and batches in it
                     and claims the watched folders' files through it (docs/deployment.md §11);
                     status --office reads it
  --version, -V      print the agent's version
The client secret comes from the keychain, or from $INTAKE_CLIENT_SECRET when set; the private key from
--key-file, $INTAKE_CLIENT_KEY (the PEM text) or the keychain.

Exit codes: 0 done; 1 a document failed (the summary's "failed" lists it); 2 bad flags or settings;
2 also: the data folder cannot be created or written (EACCES), the metrics port is in use;
3 uploading stopped on a configuration error (wrong credentials, no keychain, proxy refusing us): the
summary's "stopped" and the log line "uploads stopped" say why and what to do; 4 the data folder is in
use by another running agent or the app; 5 (--once) the platform or its token endpoint could not be
reached --unreachable-tries times in a row (network, proxy, NO_PROXY?), or the office database (that many
tries to join in a row, or 60 s out of reach after it joined; refused: 3): "stopped" says which; 6 (--once)
the data folder failed 3 tries in a row (full disk, quota, read-only queue.sqlite, no write access):
"stopped" says which; a running agent instead keeps trying with backoff and reports "failing".
7 (scan) the scanner failed or could not be reached: a JSON line {"error":"scanner.jam"|…,"message",
"pages","batch"} on stdout before the summary. 8 (scan) the scan is left for a clerk: held for batch review
(the profile asks for it) or documents waiting for a required field; a JSON line {"left":"review"|"documents",
"message","batch",…} after the summary; nothing of it is lost, the app's inbox shows it.
With --service, run ends only on SIGTERM/SIGINT (0) or a crash (1).`;

export { UsageError } from './cli-args';

export type Command = 'run' | 'list' | 'retry' | 'upload' | 'status' | 'clear-stale' | 'scan';

export interface AgentArgs {
  command: Command;
  /** What is sent (issue #39); absent: what each folder's profile says (a --watch folder: the original). */
  output?: OutputKind;
  smaller?: boolean;
  file?: string;
  settings?: string;
  /** The machine-wide settings file (locked/defaults), read only. */
  machineSettings?: string;
  /** Under a service manager: a configuration error keeps the agent in a stopped state instead of exiting. */
  service: boolean;
  data: string;
  baseUrl?: string;
  tokenUrl?: string;
  clientId?: string;
  authMethod?: AuthMethod;
  keyFile?: string;
  assertionAudience?: string;
  scopes: string[];
  country?: string;
  tenant?: string;
  watch: string[];
  meta: Metadata;
  archive?: string;
  concurrency?: number;
  once: boolean;
  /** With --once: attempts in a row reaching neither platform nor token endpoint before giving up. */
  unreachableTries: number;
  sandbox: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The least level written to stderr; the log file in the data folder keeps logLevel. */
  consoleLogLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** How log lines look on stderr; the log file in the data folder is always JSON lines. */
  logFormat: 'json' | 'text';
  /** Serve Prometheus metrics on 127.0.0.1:N (opt-in). */
  metricsPort?: number;
  /** --shared: the --watch folders are shared by several stations (the default; docs/deployment.md, "Shared scan folders"). */
  shared: boolean;
  /** --not-shared: the admin's opt-out; the --watch folders are taken in place. */
  notShared: boolean;
  /** --office-database: the office's PostgreSQL (issue #50), with the password the URL may carry. */
  officeDatabase?: OfficeDatabaseAddress;
  /** status --office: the office database's view instead of this station's. */
  office: boolean;
  /** status --folder / clear-stale --folder: a shared scan folder to look at (no data folder needed). */
  folder?: string;
  /** clear-stale --give-back: a gone station's committed files go back into the folder. */
  giveBack: boolean;
  /** status --folder --names: every file name, not only the counts, the oldest and the first few. */
  names: boolean;
  /** --lease-seconds: how long another station's heartbeat may stand still before its claims are taken over. */
  leaseSeconds?: number;
  /** --poll MS: the --watch folders are polled (network shares that send no file events). */
  pollMs?: number;
  /** `scan`: the scanner (`https://…/eSCL`, `sane:DEVICE`), what to scan, into which folder profile. */
  scan?: { scanner: string; request: ScanRequest; profile?: string; keepOpen: boolean };
  help: boolean;
  version: boolean;
}

const COMMANDS: readonly Command[] = ['run', 'list', 'retry', 'upload', 'status', 'clear-stale', 'scan'];

/** How the agent reaches its platform and logs: `run`'s options, which `case-draft` reads alike. */
export const CONNECTION_OPTIONS = {
  settings: { type: 'string' },
  'machine-settings': { type: 'string' },
  'base-url': { type: 'string' },
  'token-url': { type: 'string' },
  'client-id': { type: 'string' },
  'auth-method': { type: 'string' },
  'key-file': { type: 'string' },
  'assertion-audience': { type: 'string' },
  scope: { type: 'string', multiple: true },
  country: { type: 'string' },
  tenant: { type: 'string' },
  sandbox: { type: 'boolean' },
  'log-level': { type: 'string' },
} as const;

/** Parses argv (without node and script); throws UsageError with a message for the user. */
export function parseAgentArgs(argv: string[], env: Record<string, string | undefined> = {}): AgentArgs {
  const parsed = parseCliArgs(argv, {
    ...CONNECTION_OPTIONS,
    service: { type: 'boolean' },
    data: { type: 'string' },
    watch: { type: 'string', multiple: true },
    meta: { type: 'string', multiple: true },
    archive: { type: 'string' },
    concurrency: { type: 'string' },
    once: { type: 'boolean' },
    'unreachable-tries': { type: 'string' },
    'console-log-level': { type: 'string' },
    'log-format': { type: 'string' },
    'metrics-port': { type: 'string' },
    shared: { type: 'boolean' },
    'not-shared': { type: 'boolean' },
    folder: { type: 'string' },
    office: { type: 'boolean' },
    'office-database': { type: 'string' },
    'give-back': { type: 'boolean' },
    names: { type: 'boolean' },
    'lease-seconds': { type: 'string' },
    poll: { type: 'string' },
    scanner: { type: 'string' },
    source: { type: 'string' },
    dpi: { type: 'string' },
    color: { type: 'string' },
    profile: { type: 'string' },
    'keep-open': { type: 'boolean' },
    output: { type: 'string' },
    smaller: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'V' },
  });
  const { values: v, positionals } = parsed;
  const [first, ...rest] = positionals;
  const command = (first ?? 'run') as Command;
  if (!COMMANDS.includes(command))
    throw new UsageError(
      `unknown command "${first}"; use run, list, retry, upload, status, clear-stale, scan or scanners`,
    );
  if (command === 'upload' && rest.length !== 1) throw new UsageError('upload needs exactly one FILE');
  if (command !== 'upload' && rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}"`);

  const meta: Metadata = {};
  for (const m of v.meta ?? []) {
    const eq = m.indexOf('=');
    if (eq <= 0) throw new UsageError(`--meta needs Name=Value, got "${m}"`);
    const field = metadataFieldOf(m.slice(0, eq));
    if (!field)
      throw new UsageError(
        `--meta: unknown name "${m.slice(0, eq)}" (use a Metadata-* header name without the prefix, e.g. CaseNumber)`,
      );
    const value = m.slice(eq + 1);
    // The same rule as typed values and file-name captures (at most 255 characters, no control character).
    const problem = metadataValueProblem(value);
    if (problem) throw new UsageError(`--meta ${m.slice(0, eq)}: ${problem}`);
    meta[field] = value;
  }
  const concurrency = wholeNumberFlag('concurrency', v.concurrency, 1, 8);
  const unreachableTries = wholeNumberFlag(
    'unreachable-tries',
    v['unreachable-tries'],
    1,
    1000,
    DEFAULT_UNREACHABLE_TRIES,
  );
  for (const [flag, value] of [
    ['--base-url', v['base-url']],
    ['--token-url', v['token-url']],
    ['--assertion-audience', v['assertion-audience']],
  ] as const) {
    if (value !== undefined && !/^https?:\/\/[^\s]+$/.test(value))
      throw new UsageError(`${flag} must be an http(s) URL`);
  }
  const logFormat = v['log-format'] ?? 'json';
  if (logFormat !== 'json' && logFormat !== 'text') throw new UsageError('--log-format must be json or text');
  let metricsPort: number | undefined;
  if (v['metrics-port'] !== undefined) {
    metricsPort = Number(v['metrics-port']);
    if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)
      throw new UsageError('--metrics-port must be a port number from 0 to 65535');
  }
  const leaseSeconds = wholeNumberFlag('lease-seconds', v['lease-seconds'], 2, 3600);
  const output = v.output;
  if (output !== undefined && !(OUTPUT_KINDS as readonly string[]).includes(output))
    throw new UsageError('--output must be original or searchable-pdf');
  if (v.smaller && output !== 'searchable-pdf') throw new UsageError('--smaller is for --output searchable-pdf');
  const pollMs = v.poll === undefined ? undefined : Number(v.poll);
  if (pollMs !== undefined && (!Number.isInteger(pollMs) || pollMs < 500))
    throw new UsageError('--poll must be a whole number of milliseconds, at least 500');
  const authMethod = v['auth-method'];
  if (authMethod !== undefined && !AuthMethodSchema.safeParse(authMethod).success)
    throw new UsageError('--auth-method must be client_secret or private_key_jwt');
  if (v['key-file'] !== undefined && authMethod === 'client_secret')
    throw new UsageError('--key-file is for --auth-method private_key_jwt');
  const logLevel = v['log-level'] ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel))
    throw new UsageError('--log-level must be debug, info, warn or error');
  const consoleLogLevel = v['console-log-level'];
  if (consoleLogLevel !== undefined && !['debug', 'info', 'warn', 'error'].includes(consoleLogLevel))
    throw new UsageError('--console-log-level must be debug, info, warn or error');
  if (command === 'clear-stale' && !v.folder) throw new UsageError('clear-stale needs --folder DIR');
  if (v.folder !== undefined && command !== 'status' && command !== 'clear-stale')
    throw new UsageError('--folder is for status and clear-stale');
  let officeDatabase: OfficeDatabaseAddress | undefined;
  if (v['office-database'] !== undefined) {
    const parsed = OfficeDatabaseFlagSchema.safeParse(v['office-database']);
    if (!parsed.success) throw new UsageError(`--office-database: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    officeDatabase = parsed.data;
  }
  if (v.office && command !== 'status') throw new UsageError('--office is for status');
  if (v.office && v.folder !== undefined) throw new UsageError('status takes --office or --folder, not both');
  // `run` claims its watched folders' files through the office database and `status --office` reads it
  // (issue #50); the other commands work on the station's own queue only, and a flag they would ignore is
  // refused rather than left to look as if it worked.
  if (officeDatabase && !(command === 'run' || (command === 'status' && v.office)))
    throw new UsageError(
      "--office-database is for run and status --office in this version; list, retry and upload work on the station's own queue",
    );
  if (v['give-back'] && command !== 'clear-stale') throw new UsageError('--give-back is for clear-stale');
  if (v.names && (command !== 'status' || v.folder === undefined))
    throw new UsageError('--names is for status --folder');
  if (v.shared && v['not-shared']) throw new UsageError('--shared and --not-shared exclude each other');
  const settings = v.settings ?? env.INTAKE_DESK_SETTINGS;
  let scan: AgentArgs['scan'];
  if (command === 'scan') {
    if (!v.scanner) throw new UsageError('scan needs --scanner URL (an eSCL scanner) or --scanner sane:DEVICE');
    const request = ScanRequestSchema.safeParse({
      ...(v.source !== undefined ? { source: v.source } : {}),
      ...(v.dpi !== undefined ? { dpi: Number(v.dpi) } : {}),
      ...(v.color !== undefined ? { color: v.color } : {}),
    });
    if (!request.success) {
      const field = String(request.error.issues[0]?.path[0] ?? '');
      throw new UsageError(
        field === 'source'
          ? '--source must be feeder, platen or duplex'
          : field === 'dpi'
            ? '--dpi must be a whole number from 75 to 1200'
            : '--color must be gray, color or bw',
      );
    }
    scan = {
      scanner: v.scanner,
      request: request.data,
      ...(v.profile ? { profile: v.profile } : {}),
      keepOpen: v['keep-open'] ?? false,
    };
  } else if (v.scanner || v.source || v.dpi || v.color || v.profile || v['keep-open'])
    throw new UsageError('--scanner, --source, --dpi, --color, --profile and --keep-open are for scan');
  return {
    ...(output ? { output: output as OutputKind } : {}),
    ...(v.smaller ? { smaller: true } : {}),
    command,
    ...(command === 'upload' && rest[0] ? { file: rest[0] } : {}),
    ...(settings ? { settings } : {}),
    ...(v['machine-settings'] ? { machineSettings: v['machine-settings'] } : {}),
    service: v.service ?? false,
    data: v.data ?? 'intake-agent-data',
    ...(v['base-url'] ? { baseUrl: v['base-url'] } : {}),
    ...(v['token-url'] ? { tokenUrl: v['token-url'] } : {}),
    ...(v['client-id'] ? { clientId: v['client-id'] } : {}),
    ...(authMethod ? { authMethod: authMethod as AuthMethod } : {}),
    ...(v['key-file'] ? { keyFile: v['key-file'] } : {}),
    ...(v['assertion-audience'] ? { assertionAudience: v['assertion-audience'] } : {}),
    scopes: v.scope ?? [],
    ...(v.country ? { country: v.country } : {}),
    ...(v.tenant ? { tenant: v.tenant } : {}),
    watch: v.watch ?? [],
    meta,
    ...(v.archive ? { archive: v.archive } : {}),
    ...(concurrency ? { concurrency } : {}),
    once: v.once ?? false,
    unreachableTries,
    sandbox: v.sandbox ?? false,
    logLevel: logLevel as AgentArgs['logLevel'],
    ...(consoleLogLevel ? { consoleLogLevel: consoleLogLevel as AgentArgs['logLevel'] } : {}),
    logFormat,
    ...(metricsPort !== undefined ? { metricsPort } : {}),
    shared: v.shared ?? false,
    notShared: v['not-shared'] ?? false,
    ...(v.folder !== undefined ? { folder: v.folder } : {}),
    ...(officeDatabase ? { officeDatabase } : {}),
    office: v.office ?? false,
    giveBack: v['give-back'] ?? false,
    names: v.names ?? false,
    ...(leaseSeconds !== undefined ? { leaseSeconds } : {}),
    ...(pollMs !== undefined ? { pollMs } : {}),
    ...(scan ? { scan } : {}),
    help: v.help ?? false,
    version: v.version ?? false,
  };
}
