import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import type { Environment, Settings } from '../../shared/domain/settings';
import { activeEnvironmentOf, sendGraceSeconds } from '../../shared/domain/settings';
import { createCasePorts } from './cases/platform-adapter';
import { queueCaseDocuments } from './cases/queue-case-documents';
import { TypeSuggester } from './doctype/type-suggester';
import { createDraftHandlers } from './ipc/draft-handlers';
import { createCaseServices } from './cases/case-services';
import { draftFromDocument } from './notice-of-loss/notice-draft-service';
import { ConnectionMonitor } from './connection/connection-monitor';
import { EmbeddedSandboxCredentials } from './connection/embedded-sandbox-credentials';
import { CONNECTION_WATCH_MS, ConnectionWatch } from './connection/connection-watch';
import { PlatformSession } from './connection/platform-session';
import { EventBus } from './events/event-bus';
import type { HttpFetch } from './http/http-fetch';
import { createNodeFetch } from './http/node-fetch';
import { platformClientFactory } from './platform/create-platform-client';
import { MetadataCheck, sandboxCaseLookup } from './cases/metadata-check';
import { createAppHandlers } from './ipc/app-handlers';
import { IpcEvents } from './ipc/ipc-events';
import { createCaseHandlers } from './ipc/cases-handlers';
import { createCheckHandlers } from './ipc/check-handlers';
import { createFolderHandlers } from './ipc/folder-handlers';
import { createClaimLookupHandlers } from './ipc/claim-lookup-handlers';
import { createClaimLookup } from './cases/claim-lookup';
import { createDocumentHandlers } from './ipc/documents-handlers';
import type { HandlerTable } from './ipc/handler-table';
import { createKeyHandlers } from './ipc/key-handlers';
import { createPlatformHandlers } from './ipc/platform-handlers';
import { createSettingsHandlers } from './ipc/settings-handlers';
import { createPageHandlers } from './ipc/page-handlers';
import { createSuggestionHandlers } from './ipc/suggestion-handlers';
import { createScanningHandlers } from './ipc/scanning-handlers';
import { createOfficeHandlers } from './ipc/office-handlers';
import { lazyBackends, scannerBackends } from './scanning/create-scanning';
import { ScanService } from './scanning/scan-service';
import { createTextServices } from './text-services';
import type { DocumentTextService } from './suggestions/document-text';
import { caseNumberPatternOf } from '../../shared/domain/case-number';
import { DEFAULT_CAPTURE_PROFILE } from '../../shared/domain/capture';
import { SheetService } from './capture/sheets/sheet-service';
import { HELD_CONTENT_PREFIX, parseHeldScanPageId } from '../../shared/domain/capture';
import { IntakeError } from './errors';
import { contentTypeOf } from './queue/content-type';
import type { ContentLocator } from './transfer/document-content';
import type { DocumentQueue } from './queue/document-queue';
import { DocumentImporter } from './transfer/document-importer';
import { createIntakePipeline } from './intake-pipeline';
import { CredentialStore } from './secrets/credential-store';
import { KeytarSecretStore } from './secrets/keytar-secret-store';
import type { SecretStore } from './secrets/secret-store';
import { createDefaultSettings } from './settings/default-settings';
import { LOCAL_SANDBOX_ENVIRONMENT } from './settings/default-environment';
import { SettingsService } from './settings/settings-service';
import type { Clock } from './util/clock';
import { systemClock } from './util/clock';
import { MetricsEndpoint } from './health/metrics-endpoint';
import { StationMonitor } from './health/station-monitor';
import { lockDataFolder } from './util/data-folder-lock';
import type { Logger } from './util/logger';
import { silentLogger } from './util/logger';
import { PRIVATE_DIR_MODE, usePrivateUmask } from './util/private-files';

export interface IntakeCoreOptions {
  name: string;
  version: string;
  /** The build's commit (electron/cli/agent-version.ts), for status and intake_build_info. */
  commit?: string;
  shell: 'electron' | 'web';
  /** The user's settings file and the folder for queue, spool, archive and caches. */
  paths: { settingsFile: string; dataDir: string };
  /** The embedded local sandbox, when this process runs one (demo, training): its address and demo client. */
  localSandbox?: { baseUrl: string; tokenUrl: string; demoClient: { clientId: string; secret: string } };
  /** Where secrets live; default: the OS keychain through keytar. The Electron shell may pass safeStorage's. */
  secretStore?: SecretStore;
  clock?: Clock;
  logger?: Logger;
  /**
   * The HTTP stack for every platform call. The Electron shell passes Chromium's `net.fetch` (system proxy,
   * PAC, NTLM/Kerberos, OS certificates); default: Node's fetch with HTTP(S)_PROXY/NO_PROXY.
   */
  fetch?: HttpFetch;
  /** Read-only machine-wide settings file; its locked fields win (electron/core/settings/machine-settings.ts). */
  machineSettingsPath?: string;
  applyMachineSettings?: (user: Settings, machinePath: string) => Promise<Settings> | Settings;
  /** What a save writes into the user's file (MachineSettingsApplier.userPart: locked values stay out). */
  machineUserPart?: (effective: Settings, userFile: Settings) => Settings;
  /** Fields of an update that the machine-wide file fixes (MachineSettingsApplier.refusedIn); refused. */
  lockedFieldsIn?: (next: Settings) => readonly string[];
  /** Watch the configured folders (default true). */
  watchFolders?: boolean;
  /** The shell's folder dialog for Settings' "Browse…" (Electron's); the web shell has none. */
  chooseFolder?: (defaultPath: string | undefined) => Promise<string | null>;
  /** Largest file a drop may import (default DEFAULT_IMPORT_MAX_BYTES, the platform's 2 GiB − 1). */
  importMaxBytes?: number;
  /** How often an idle station looks at the platform (default CONNECTION_WATCH_MS). */
  connectionWatchMs?: number;
  /**
   * How this station and its clerk are named to the other stations of an office (issue #50): default the
   * PC's name and the PC user's name. A demo or a test running several stations on one PC names each.
   */
  officeNames?: { station?: string; clerk?: string };
}

export interface IntakeCore {
  /** The core's domain events (events/domain-events.ts). */
  bus: EventBus;
  /** The same events projected onto the IPC contract's, for the windows and the web shell's sockets. */
  ipcEvents: IpcEvents;
  handlers: HandlerTable;
  connection: ConnectionMonitor;
  settings: SettingsService;
  queue: DocumentQueue;
  /** Dropped files in: streamed into the spool with a size cap (the web shell's POST, Electron's path). */
  importer: DocumentImporter;
  session: PlatformSession;
  /** What the window reads by the content route: a document's bytes, or a printed sheet's (issue #38 item 7). */
  content: ContentLocator;
  /** Resolves when no document's text is being read in the background (tests that read the data folder). */
  textIdle(): Promise<void>;
  stop(): Promise<void>;
}

function activeEnvironmentOrSandbox(settings: Settings): Environment {
  return activeEnvironmentOf(settings) ?? LOCAL_SANDBOX_ENVIRONMENT;
}

/** Points the local-sandbox environment at the running embedded sandbox (its port changes every start). */
function withLocalSandbox(settings: Settings, address: { baseUrl: string; tokenUrl: string }): Settings {
  return {
    ...settings,
    environments: settings.environments.map((e) => (e.kind === 'local-sandbox' ? { ...e, ...address } : e)),
  };
}

/**
 * The composition root: the only place that constructs services and hands each its dependencies.
 * The Electron main process, the web shell (demo) and the e2e tests build the core through it.
 * First it takes the data folder (util/data-folder-lock.ts): another agent, app or web shell on the same
 * folder makes it throw DataFolderInUseError before the queue is touched; the lock goes at stop().
 */
export async function createIntakeCore(options: IntakeCoreOptions): Promise<IntakeCore> {
  // Private from the first file on (the lock): umask 0077 and the folder 0700 (util/private-files.ts).
  usePrivateUmask();
  await mkdir(options.paths.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const lock = lockDataFolder(
    options.paths.dataDir,
    `${options.name} ${options.shell === 'electron' ? 'desktop app' : 'web shell'}`,
  );
  try {
    const core = await buildIntakeCore(options);
    return {
      ...core,
      stop: async () => {
        try {
          await core.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    lock.release();
    throw e;
  }
}

async function buildIntakeCore(options: IntakeCoreOptions): Promise<IntakeCore> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const fetch = options.fetch ?? createNodeFetch();
  const bus = new EventBus();
  const ipcEvents = new IpcEvents(bus);
  const connection = new ConnectionMonitor(bus, clock);
  const { dataDir, settingsFile } = options.paths;
  await mkdir(dataDir, { recursive: true });

  const sandboxAddress = options.localSandbox
    ? { baseUrl: options.localSandbox.baseUrl, tokenUrl: options.localSandbox.tokenUrl }
    : { baseUrl: LOCAL_SANDBOX_ENVIRONMENT.baseUrl, tokenUrl: LOCAL_SANDBOX_ENVIRONMENT.tokenUrl };
  const settings = new SettingsService({
    path: settingsFile,
    defaults: () => createDefaultSettings(sandboxAddress),
    clock,
    logger,
    events: bus,
    ...(options.machineSettingsPath ? { machinePath: options.machineSettingsPath } : {}),
    ...(options.applyMachineSettings ? { applyMachine: options.applyMachineSettings } : {}),
    ...(options.machineUserPart ? { userPartOf: options.machineUserPart } : {}),
  });
  // A damaged settings file is kept aside and reported (settings.get answers with the problem); the app
  // still starts, on defaults in memory, so the clerk sees why instead of a window that never opens.
  let fallback: Settings | undefined;
  try {
    const loaded = await settings.load();
    if (options.localSandbox) {
      const pointed = withLocalSandbox(loaded, sandboxAddress);
      if (JSON.stringify(pointed) !== JSON.stringify(loaded)) await settings.rewrite(pointed);
    }
  } catch (e) {
    logger.error('settings cannot be used; running on defaults until fixed', { error: e });
    fallback = createDefaultSettings(sandboxAddress);
  }
  const currentSettings = (): Settings => fallback ?? settings.get();
  const activeEnvironment = (): Environment => activeEnvironmentOrSandbox(currentSettings());

  const credentials = new CredentialStore(options.secretStore ?? new KeytarSecretStore(), logger);
  const credentialSource = options.localSandbox
    ? new EmbeddedSandboxCredentials(credentials, LOCAL_SANDBOX_ENVIRONMENT.id, options.localSandbox.demoClient)
    : credentials;
  const session = new PlatformSession({
    environment: activeEnvironment,
    clientsFor: platformClientFactory({ credentials: credentialSource, fetch, clock, logger }),
    fetch,
    clock,
    connection,
  });

  const initial = currentSettings();
  // An office database: the watched folders' files are claimed through it (issue #50 item 4). Loaded only
  // then: the PostgreSQL client is no part of every station's start.
  const office =
    initial.office && (options.watchFolders ?? true)
      ? await (
          await import('./office/office-membership')
        ).officeMembershipOf({
          settings: initial,
          secrets: () => options.secretStore ?? new KeytarSecretStore(),
          dataDir,
          logger,
          ...(options.officeNames?.station ? { name: options.officeNames.station } : {}),
        })
      : undefined;
  // Searchable PDFs (issue #39) are built by the text workers the suggestions use (made further down).
  const output: { text?: DocumentTextService } = {};
  const pipeline = await createIntakePipeline({
    outputText: () => output.text,
    dataDir,
    settings: initial,
    watchFolders: options.watchFolders ?? true,
    uploader: { uploadToInbox: (request) => session.api().uploadToInbox(request) },
    probe: () => session.probe(),
    onNetwork: (online) => (online ? connection.online() : connection.offline()),
    bus,
    clock,
    logger,
    version: options.version,
    // The clerk is the PC user the app runs as: what they open is held in their name (issue #50 item 3).
    ...(office
      ? {
          office: {
            db: office.db,
            station: office.station,
            joined: office.joined,
            clerk: options.officeNames?.clerk ?? clerkName(),
          },
        }
      : {}),
  });
  await pipeline.start();
  const { queue } = pipeline;
  const importer = new DocumentImporter(queue, options.importMaxBytes);
  // Fleet monitoring from the desktop as from the agent (settings → monitoring; off by default).
  const monitor = new StationMonitor({
    bus,
    queue,
    clock,
    version: options.version,
    ...(options.commit ? { commit: options.commit } : {}),
    pid: process.pid,
  });
  const metrics = new MetricsEndpoint(monitor, logger.child({ part: 'metrics' }));
  void metrics.apply(initial.monitoring?.metricsPort);

  // The case ports follow the session's client: a settings change gives a new client, hence new ports.
  let portsFor: { api: unknown; ports: ReturnType<typeof createCasePorts> } | undefined;
  const casePorts = () => {
    const api = session.api();
    if (portsFor?.api !== api) portsFor = { api, ports: createCasePorts(api) };
    return portsFor.ports;
  };
  const cases = createCaseServices({
    dataDir,
    activeEnvironment,
    ports: casePorts,
    documents: queueCaseDocuments(queue, (id, at) => queue.markConfirmed(id, at)),
    bus,
    clock,
    logger,
  });
  cases.start();

  // Settings saved: the session and the monitoring follow at once (the pipeline hears the same event).
  // The platform answered someone (a token, the status bar's check): an offline queue looks at once
  // instead of sleeping out its probe's backoff (issue #36 item 5).
  const unsubscribeReachable = bus.on('connection.changed', ({ state }) => {
    if (state.network === 'online') queue.reachable();
  });
  const unsubscribeSettings = bus.on('settings.saved', ({ settings: next }) => {
    fallback = undefined;
    void session.settingsChanged().catch(() => undefined);
    void metrics.apply(next.monitoring?.metricsPort);
  });

  const metadataCheck = new MetadataCheck({
    settings: currentSettings,
    environment: activeEnvironment,
    documents: async (ids) => {
      const found = await Promise.all(ids.map((id) => queue.get(id).catch(() => undefined)));
      return found.filter((d) => d !== undefined);
    },
    searchCustomers: (query, signal) => session.api().searchCustomers(query, { signal }),
    caseExists: sandboxCaseLookup(fetch),
    clock,
    logger,
  });

  // Document text for the tagging form's suggestions, read in the background as documents arrive (and
  // auto-accepted where a folder says so) and searched by the inbox; text workers start on the first read
  // and end when idle; results are cached by content in the data folder (docs/capture.md, "Text").
  const caseLookup = sandboxCaseLookup(fetch);
  const text = createTextServices({
    dataDir,
    queue,
    bus,
    settings: currentSettings,
    check: (ids, metadata) => metadataCheck.check(ids, metadata),
    platform: () => {
      const api = session.api();
      return {
        searchCustomers: (query) => api.searchCustomers(query),
        getClaimFiles: (claimId) => api.getClaimFiles(claimId),
        caseExists: (caseNumber) => caseLookup(activeEnvironment(), caseNumber, AbortSignal.timeout(10_000)),
      };
    },
    caseNumberPattern: () => caseNumberPatternOf(activeEnvironment()),
    now: () => clock.now(),
    logger: logger.child({ part: 'text' }),
    editPages: (id, pages, step) => pipeline.pages.edit(id, pages, step),
  });
  output.text = text.suggestions.text;
  const claimLookup = createClaimLookup(fetch);
  // The document type from this station's history (issue #31 item 10).
  const pageWords = (pages: { lines: { text: string }[][] }[]) =>
    pages.map((p) => p.lines.map((l) => l.map((w) => w.text).join(' ')).join('\n')).join('\n');
  const types = new TypeSuggester({
    sent: async () => (await queue.list({ states: ['uploaded', 'archived'], limit: 2000, offset: 0 })).documents,
    textOf: async (hash) => {
      const cached = await text.suggestions.text.cachedText(hash);
      return cached ? pageWords(cached.pages) : undefined;
    },
    inboxText: async (doc) => {
      const read = await text.suggestions.text.textOf((await queue.contentFile(doc.id)).path);
      return read.ok ? pageWords(read.pages) : undefined;
    },
    offered: () => currentSettings().documentTypes.map((t) => t.code),
  });
  const { drafts } = pipeline;

  // Scanning from the desk (issue #38): the backends are made on first use (the pins file is read then).
  let scanService: ScanService | undefined;
  // The scanners the settings give by address (the machine-wide file deploys a station's) are read at each listing.
  const scanBackends = scannerBackends(dataDir, () =>
    (currentSettings().scanners ?? []).map((s) => ({
      url: s.url,
      ...(s.name ? { name: s.name } : {}),
      via: 'settings' as const,
    })),
  );
  const scanning = (): ScanService => {
    scanService ??= new ScanService({
      backends: lazyBackends(scanBackends),
      capture: pipeline.capture,
      folders: () => currentSettings().folders,
      clock,
      logger: logger.child({ area: 'scanning' }),
    });
    return scanService;
  };

  const sheets = new SheetService({
    dir: join(dataDir, 'sheets'),
    caseNumberPattern: () => caseNumberPatternOf(activeEnvironment()),
    separatorValue: () =>
      currentSettings().folders.find((f) => f.capture)?.capture?.separatorValue ??
      DEFAULT_CAPTURE_PROFILE.separatorValue,
  });

  // Every channel of the contract has its handler here: a channel without one fails the type check.
  const handlers: HandlerTable = {
    ...createAppHandlers({
      name: options.name,
      version: options.version,
      shell: options.shell,
      activeEnvironment,
      connection,
      checkConnection: () => session.check(),
    }),
    ...createDocumentHandlers({
      queue,
      importer,
      sendGraceMs: () => sendGraceSeconds(currentSettings()) * 1000,
      holds: pipeline.holds,
    }),
    ...createPageHandlers(pipeline.pages, drafts),
    ...createDraftHandlers(drafts),
    ...createPlatformHandlers(() => session.api()),
    ...createCheckHandlers(metadataCheck),
    ...createSettingsHandlers({
      settings,
      credentials,
      session,
      ...(options.lockedFieldsIn ? { lockedFieldsIn: options.lockedFieldsIn } : {}),
    }),
    ...createKeyHandlers({ settings, credentials }),
    ...createFolderHandlers(options.chooseFolder),
    'capture.batches': () => Promise.resolve({ batches: pipeline.capture.progress() }),
    ...createScanningHandlers(scanning),
    ...createOfficeHandlers({
      ...(office ? { office: { db: office.db, lapseSeconds: office.station.lapseSeconds } } : {}),
      secrets: () => options.secretStore ?? new KeytarSecretStore(),
    }),
    'capture.sheet': (req) => sheets.make(req),
    'capture.held': async () => ({ batches: await pipeline.capture.held() }),
    'capture.release': (req) => pipeline.capture.release(req.batchId, req.documents),
    ...createClaimLookupHandlers((n) => claimLookup(activeEnvironment(), n, AbortSignal.timeout(10_000))),
    ...createCaseHandlers({
      ...cases,
      activeEnvironment,
      platform: () => casePorts().platform,
      logger: logger.child({ area: 'cases' }),
    }),
    'cases.fromDocument': ({ id }) =>
      draftFromDocument(
        {
          text: text.suggestions.text,
          schema: () => {
            const env = activeEnvironment();
            return cases.schemas.get({ environmentId: env.id, key: env.caseSchemaKey, direction: 'input' });
          },
          platform: () => session.api(),
          fileOf: async (docId) => (await queue.contentFile(docId)).path,
          languagesOf: text.languagesOf,
          now: () => clock.now(),
        },
        id,
      ),
    ...createSuggestionHandlers({
      ...text.suggestions,
      fileOf: async (id) => (await queue.contentFile(id)).path,
      contentHashOf: async (id) => (await queue.get(id)).sha256,
      search: text.search,
      suggestType: async (id) => types.suggest(await queue.get(id)),
      readNext: (ids) => text.readNext(ids),
    }),
  };

  // First look at the platform in the background: the status bar shows online/offline and token state.
  void session.check().catch(() => undefined);
  // Then now and then: a platform that stops answering shows as offline even with nothing to send.
  const watch = new ConnectionWatch(() => session.probe(), options.connectionWatchMs ?? CONNECTION_WATCH_MS);
  watch.start();

  return {
    bus,
    ipcEvents,
    handlers,
    connection,
    settings,
    queue,
    importer,
    session,
    content: {
      contentFile: async (id) => {
        if (SheetService.isSheetId(id)) return sheets.contentFile(id);
        if (id.startsWith(HELD_CONTENT_PREFIX)) {
          const scanPage = parseHeldScanPageId(id);
          const held = scanPage
            ? await pipeline.capture.heldScanPage(scanPage.batchId, scanPage.page)
            : await pipeline.capture.heldOriginal(id.slice(HELD_CONTENT_PREFIX.length));
          if (!held) throw new IntakeError('not_found', 'document.not_found', 'This batch is not held for review.');
          return { path: held.path, contentType: contentTypeOf(held.fileName) };
        }
        return queue.contentFile(id);
      },
    },
    textIdle: () => text.idle(),
    stop: async () => {
      watch.stop();
      unsubscribeSettings();
      unsubscribeReachable();
      await metrics.close();
      monitor.dispose();
      await cases.stop();
      // Text first: no background read or auto-accept may touch the queue once it is closing.
      await text.stop();
      await pipeline.stop();
      await office?.close();
      session.dispose();
      ipcEvents.close();
    },
  };
}

/** The clerk working at this station, as the other clerks see them: the PC user's name. */
function clerkName(): string {
  try {
    return userInfo().username;
  } catch {
    // A user without a name (a container's uid): still one clerk, named by the number.
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}
