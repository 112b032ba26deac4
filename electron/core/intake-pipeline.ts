import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { caseNumberPatternOf } from '../../shared/domain/case-number';
import type { Settings } from '../../shared/domain/settings';
import { activeEnvironmentOf } from '../../shared/domain/settings';
import type { CaptureIntake } from './capture/batches/capture-intake';
import { createCaptureIntake } from './capture/batches/create-capture-intake';
import { createPageEditService } from './capture/page-tools/create-page-edit-service';
import type { PageEditService } from './capture/page-tools/page-edit-service';
import type { CapturePool } from './capture/analysis/capture-pool';
import type { EventBus } from './events/event-bus';
import { inPlaceFiles } from './queue/in-place-files';
import { Archiver } from './queue/archiver';
import type { BackoffPolicy } from './queue/backoff';
import { DocumentQueue } from './queue/document-queue';
import type { InboxUploader } from './queue/inbox-uploader';
import { isQueueDatabaseWritable, openQueueDatabase, reopenQueueDatabase } from './queue/queue-database';
import type { QueueDatabase } from './queue/queue-database';
import { ResourceHealth } from './queue/resource-health';
import { Spool } from './queue/spool';
import { OutgoingFiles, OutputCutOff } from './output/outgoing-files';
import { outputChoiceFor } from '../../shared/domain/output';
import { DocumentTextService } from './suggestions/document-text';
import type { Clock } from './util/clock';
import type { Logger } from './util/logger';
import { PRIVATE_FILE_MODE, preparePrivateDataFolder } from './util/private-files';
import type { PlaceholderFormats } from './intake/file-name-pattern';
import type { HotFolderOptions } from './intake/hot-folder';
import { HotFolderService } from './intake/hot-folder-service';
import type { IntakeTarget } from './intake/hot-folder-service';
import { stationConfigOf } from './intake/shared-folder/station-config';
import { BusyCount } from './intake/shared-folder/busy-count';
import { renameProtocol } from './intake/claim-protocol';
import { officeClaimProtocol } from './office/office-claimed-folder';
import type { OfficeDatabase } from './office/office-database';
import type { OfficeStation } from './office/office-station';
import { letGoOfCopy, sayOfficeReachability } from './office/office-intake';
import { ocrLanguagesFor } from '../../shared/domain/ocr-languages';
import { sqliteStorages } from './sqlite-storages';
import type { StoredDocument } from './queue/document-storage';
import { DocumentStore } from './queue/document-store';
import { officeEngines } from './office/office-engines';
import { isOfficeOutOfReach } from './office/office-reachability';
import { OfficeDocumentBytes } from './office/office-document-bytes';
import { joinOffice } from './office/office-joining';
import { ownBatchFile } from './office/sqlite-own-batch-file';
import { BatchStore } from './capture/batches/batch-store';
import { SqlitePageEditStorage } from './capture/page-tools/sqlite-page-edit-storage';
import { OfficeChanges } from './office/office-changes';
import { toPublic } from './queue/document-storage';
import { OfficeDocumentContent } from './office/office-document-content';
import { PostgresDraftStorage } from './office/postgres-draft-storage';
import { OfficeDraftsKept } from './office/office-drafts-kept';
import { OfficeHolds } from './office/office-holds';
import type { ClerkHolds } from './office/clerk-holds';
import { aloneHolds, OfficeClerkHolds } from './office/clerk-holds';
import type { DraftStorage } from './drafts/draft-storage';
import { SqliteDraftStorage } from './drafts/sqlite-draft-storage';

export interface IntakePipelineOptions {
  /** Holds queue.sqlite, spool/ and (by default) archive/. */
  dataDir: string;
  /**
   * The folders, archive and upload settings; with the document types and environments (as app.ts passes
   * them), file-name placeholders take only values of their field's format (PlaceholderFormats).
   */
  settings: Pick<Settings, 'folders' | 'archive' | 'upload'> &
    Partial<
      Pick<Settings, 'documentTypes' | 'environments' | 'activeEnvironmentId' | 'sharedFolders' | 'droppedFiles'>
    >;
  /**
   * The text workers that build searchable PDFs (issue #39): the app's, shared with suggestions (asked at
   * each build: they are made after the pipeline). Absent, or not there yet: the pipeline's own, started
   * on the first build and ended when idle (the agent's).
   */
  outputText?: () => Pick<DocumentTextService, 'searchablePdf'> | undefined;
  /** Watch the settings' folders, at the start and after each saved change (default true). */
  watchFolders?: boolean;
  uploader: InboxUploader;
  probe?: () => Promise<boolean>;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  backoff?: BackoffPolicy;
  /** Between two tries while the data folder fails (full disk, read-only database); default RESOURCE_BACKOFF. */
  resourceBackoff?: BackoffPolicy;
  folderOptions?: HotFolderOptions;
  onNetwork?(online: boolean): void;
  /** Capture's analysis workers (default: cores − 1 threads, made for the first scanned batch). */
  capturePool?: () => CapturePool;
  /** Shared folders: what this station writes in its heartbeat (the app's or agent's version). */
  version?: string;
  /**
   * The office database this station works with (issue #50): its watched folders' files are claimed
   * through it (office/office-claimed-folder.ts) instead of by renames on the share. Opened, joined and
   * beating before the pipeline is made; the caller closes it after `stop()`.
   */
  office?: {
    db: OfficeDatabase;
    station: OfficeStation;
    joined?: Promise<void>;
    /**
     * The clerk working at this station (the app's: the PC user's name): the documents they open are held
     * in their name (office-holds.ts), and their steps in the history name them. None for the agent: no
     * clerk opens anything there, and a document any clerk has open is not its to change.
     */
    clerk?: string;
  };
}

export interface IntakePipeline {
  queue: DocumentQueue;
  folders: HotFolderService;
  db: QueueDatabase;
  /** The clerks' typed work: in the station's file, or in the office database (issue #50). */
  drafts: DraftStorage;
  archiveDir: string;
  /** Scanned batches of folders whose profile has `capture`: split into documents (docs/capture.md). */
  capture: CaptureIntake;
  /** Page tools: edits as new files, undo. */
  pages: PageEditService;
  /** What the clerk has open (issue #50 item 3); a station without an office holds nothing. */
  holds: ClerkHolds;
  /** Recovery, then uploads, then the folders (so nothing is taken before the queue is consistent). */
  start(): Promise<void>;
  /** Folders first (no new files), then in-flight uploads back to queued, then the database. */
  stop(): Promise<void>;
}

/** Builds queue + spool + archive + hot folders for one data folder; app.ts and the CLI agent use it. */
export async function createIntakePipeline(options: IntakePipelineOptions): Promise<IntakePipeline> {
  const watching = options.watchFolders ?? true;
  const o = watching ? options : { ...options, settings: { ...options.settings, folders: [] } };
  await preparePrivateDataFolder(o.dataDir, o.logger);
  const db = openQueueDatabase(join(o.dataDir, 'queue.sqlite'));
  const archiveDir = resolve(o.settings.archive.folder ?? join(o.dataDir, 'archive'));
  const spool = new Spool(join(o.dataDir, 'spool'));
  const health = dataFolderHealth(o, db, spool.dir, archiveDir);
  // The storage ports the queue, the page tools, capture and the pipeline go through: the station's own file,
  // or the office database's tables (issue #50 item 1), chosen here once. An office station still opens its
  // own file: what waited there before it joined moves into the office (joining), and the clerks' typed
  // values are held there while the office is out of reach.
  const onSyncError = (e: unknown) => {
    if (!health.failed(e, 'database')) o.logger.error('queue database flush failed', { error: e });
  };
  const engines = o.office ? officeEngines(o.office) : undefined;
  const ownStore = o.office ? new DocumentStore(db, { onSyncError }) : undefined;
  const storages = engines ?? sqliteStorages(db, { onSyncError });
  const storage = storages.documents;
  // The documents' bytes: in this station's spool, and for an office a copy in its database, so a clerk at
  // any station can open any document (office/office-document-bytes.ts).
  const officeBytes = o.office
    ? new OfficeDocumentBytes({
        db: o.office.db,
        stationId: o.office.station.id,
        content: new OfficeDocumentContent(o.office.db, { stationId: o.office.station.id }),
        spool,
        bus: o.bus,
        logger: o.logger.child({ part: 'office' }),
      })
    : undefined;
  const archiver = new Archiver(
    o.settings.archive,
    archiveDir,
    (n) => spool.pathOf(n),
    o.logger.child({ part: 'archive' }),
  );
  // What is sent (issue #39): the folder's choice as saved now, the searchable PDF from the text workers.
  let currentSettings: IntakePipelineOptions['settings'] = o.settings;
  let ownText: DocumentTextService | undefined;
  const systemLocale = Intl.DateTimeFormat().resolvedOptions().locale;
  const outputText = () =>
    o.outputText?.() ?? (ownText ??= new DocumentTextService({ dataDir: o.dataDir, ...testTextWorker() }));
  const outgoing = new OutgoingFiles({
    dir: join(o.dataDir, 'outgoing'),
    choiceOf: (doc) => outputChoiceFor(currentSettings, doc.sourceFolder),
    build: async (source, out, smaller, doc) => {
      const languages = ocrLanguagesFor(currentSettings, doc.sourceFolder, systemLocale);
      const r = await outputText().searchablePdf(source, out, smaller, languages);
      if (!r.ok && r.closing) throw new OutputCutOff();
      return r.ok ? r.output : r;
    },
    // Sent as scanned although a searchable PDF was asked for: never silent (issue #45). The notice reaches
    // the clerk, the status file and metrics (StationMonitor) and the agent's --once summary; the log line
    // the unattended station's admin; the history step `uploadedAsScanned` follows with the upload.
    failed: (doc, reason) => {
      o.logger.warn('sent as scanned: no searchable PDF could be made', {
        document: doc.id,
        file: doc.fileName,
        reason,
      });
      queue.work.notice('warning', 'output.failed', { file: doc.fileName, reason }, doc.id);
    },
  });
  const queue = new DocumentQueue({
    outgoing,
    storage,
    history: storages.history,
    spool,
    archiver,
    uploader: o.uploader,
    bus: o.bus,
    clock: o.clock,
    logger: o.logger.child({ part: 'queue' }),
    concurrency: o.settings.upload.concurrency,
    ...(o.probe ? { probe: o.probe } : {}),
    ...(o.backoff ? { backoff: o.backoff } : {}),
    ...(o.onNetwork ? { onNetwork: o.onNetwork } : {}),
    // The page edits' records keep spool files too: the start-up sweep asks them.
    keptSpoolNames: () => storages.pageEdits.spoolNames(),
    ...(officeBytes ? { fetchContent: (d: StoredDocument, to: string) => officeBytes.fetch(d, to) } : {}),
    health,
    checkDataFolder: () => checkDataFolder([o.dataDir, spool.dir, archiveDir], db),
  });
  const pages = createPageEditService({
    records: storages.pageEdits,
    storage,
    documents: queue.documents,
    edits: queue.edits,
    intake: queue.intake,
    spool,
    archive: async (file) => void (await archiver.archive(file, new Date(o.clock.now()))),
    bus: o.bus,
    logger: o.logger,
  });
  // Other stations' changes, live (issue #50 item 3): told to this station's window as its own are, and
  // its queue looks at once (a clerk elsewhere may have submitted a document this station sends).
  const officeChanges = o.office
    ? new OfficeChanges({
        db: o.office.db,
        stationId: o.office.station.id,
        onChanged: (ids) =>
          void tellOfficeChanges(ids).catch((e: unknown) => {
            // Out of reach is said once by the database's own state; anything else is ours to hear of.
            if (!isOfficeOutOfReach(e)) o.logger.warn("office: another station's change not read", { error: e });
          }),
        onMissed: () => queue.kick(),
        logger: o.logger.child({ part: 'office' }),
      })
    : undefined;
  const tellOfficeChanges = async (ids: string[]): Promise<void> => {
    // One read for the lot: a busy office tells of many changes at once.
    const read = await storage.getMany(ids);
    const found = new Set(read.map((d) => d.id));
    o.bus.emit({
      type: 'documents.changed',
      documents: read.map(toPublic),
      removed: ids.filter((id) => !found.has(id)),
      elsewhere: true,
    });
    queue.kick();
  };
  let formatSettings: Parameters<typeof placeholderFormatsOf>[0] = o.settings;
  const capture = createCaptureIntake({
    dataDir: o.dataDir,
    queue,
    documents: storage,
    batches: storages.batches,
    spool,
    archive: o.settings.archive,
    archiveDir,
    bus: o.bus,
    clock: o.clock,
    logger: o.logger,
    ...(o.capturePool ? { pool: o.capturePool } : {}),
    formats: () => placeholderFormatsOf(formatSettings),
  });
  const splitsBatches = o.settings.folders.some((f) => f.capture);
  // What this station works on now: its queue (auto-submitted documents) and batches waiting to be split,
  // as the ports answered it last (the claim protocols read it synchronously; busy-count.ts).
  const busy = new BusyCount({
    count: async () => (await storage.activeCount()) + (splitsBatches ? await capture.pending() : 0),
    logger: o.logger.child({ part: 'folders' }),
  });
  const shared = await stationConfigOf({
    dataDir: o.dataDir,
    settings: o.settings,
    version: o.version ?? 'unknown',
    busy: () => busy.now(),
    // A document changed: the count is read again before the claim protocols look again.
    onChange: (wake) => o.bus.on('documents.changed', () => void busy.refresh().then(wake)),
    // Upgraded from the in-place way: what the queue took in place becomes this station's before it claims.
    inPlace: inPlaceFiles(storage, queue, archiver),
  });
  // How shared folders' files are claimed, chosen here once: through the office database when the station
  // has one, else by renames on the share (intake/claim-protocol.ts).
  const claims = o.office
    ? officeClaimProtocol({
        db: o.office.db,
        station: o.office.station,
        ...(o.office.joined ? { joined: o.office.joined } : {}),
        lookAhead: shared.lookAhead,
        busy: shared.busy,
        ...(shared.onChange ? { onChange: shared.onChange } : {}),
      })
    : renameProtocol(shared);
  // Capture takes every file: those of folders without `capture` it hands straight to the queue. With the
  // office's claims, a copy whose claim another station won before it was taken goes again.
  const target: IntakeTarget = o.office
    ? {
        hasSeen: (key) => capture.hasSeen(key),
        ingest: (file) => capture.ingest(file),
        failUnreadable: (file, error) => capture.failUnreadable(file, error),
        letGo: (file) => letGoOfCopy(queue, spool, file),
      }
    : capture;
  const folders = new HotFolderService(
    target,
    o.bus,
    o.logger.child({ part: 'folders' }),
    {
      placeholderFormats: () => placeholderFormatsOf(formatSettings),
      shared,
      claims,
      ...o.folderOptions,
      skipDirs: [resolve(o.dataDir), archiveDir, ...(o.folderOptions?.skipDirs ?? [])],
    },
    undefined,
    health,
  );
  const unsaid = o.office ? sayOfficeReachability(o.office.db, o.bus) : () => undefined;
  // Back after an outage: the uploads look at what it cut off (documents left uploading or uploaded), and
  // capture completes the batches whose completion it cut off, now rather than at the next start.
  const unwatchOffice = o.office
    ? o.office.db.onChange((r) => {
        if (r.state !== 'connected') return;
        queue.storageBack();
        capture.storageBack();
      })
    : () => undefined;
  const unsubscribeOffice = () => {
    unsaid();
    unwatchOffice();
  };
  // Settings reach the pipeline by this one route (the settings service's settings.saved): the formats
  // apply to the next file, the upload concurrency and the watched folders at once (each service decides
  // what actually changed). Archive settings apply at the next start.
  let started = false;
  let queueStarted = false;
  const unsubscribe = o.bus.on('settings.saved', ({ settings }) => {
    formatSettings = settings;
    currentSettings = settings;
    queue.setConcurrency(settings.upload.concurrency);
    if (watching && started) void folders.apply(settings.folders);
  });
  const isOpen = (id: string) =>
    queue.get(id).then(
      (d) => ['new', 'tagged', 'failed'].includes(d.state),
      () => false,
    );
  const officeDrafts = o.office
    ? new PostgresDraftStorage({
        db: o.office.db,
        isOpen,
        clock: o.clock,
        stationId: o.office.station.id,
        ...(o.office.clerk !== undefined ? { clerk: o.office.clerk } : {}),
      })
    : undefined;
  // Opening a document to tag takes it for the clerk (issue #50 item 3); their writes are refused while
  // another clerk has it (queue/document-checks.ts requireNotHeld).
  const holds: ClerkHolds = o.office
    ? new OfficeClerkHolds({
        holds: new OfficeHolds(o.office.db, o.office.station),
        clerk: o.office.clerk ?? 'agent',
        logger: o.logger.child({ part: 'office' }),
      })
    : aloneHolds;
  const ownDrafts = new SqliteDraftStorage({ db, isOpen, clock: o.clock });
  // An office station's drafts are the office's; what it cannot take while out of reach is held in the
  // station's own file until it answers (office-drafts-kept.ts).
  let ownQueueMovedNow!: () => void;
  const ownQueueMovedSignal = new Promise<void>((r) => (ownQueueMovedNow = r));
  const draftsKept =
    o.office && officeDrafts
      ? new OfficeDraftsKept({
          office: officeDrafts,
          held: new SqliteDraftStorage({ db, isOpen: () => true, clock: o.clock }),
          db: o.office.db,
          logger: o.logger.child({ part: 'office' }),
          joined: ownQueueMovedSignal,
        })
      : undefined;
  const drafts: DraftStorage = draftsKept ?? ownDrafts;
  // Joining (issue #50 item 2): what waits in the station's own file (documents and capture batches) goes
  // into the office database, once, before its queue and capture start there (office/office-joining.ts).
  const joining =
    o.office && engines && officeDrafts && ownStore
      ? {
          db: o.office.db,
          stationId: o.office.station.id,
          local: ownStore,
          localDrafts: ownDrafts,
          localBatches: ownBatchFile(new BatchStore(db), ownStore),
          localPageEdits: new SqlitePageEditStorage(db),
          documents: engines.documents,
          drafts: officeDrafts,
          batches: engines.batches,
          pageEdits: engines.pageEdits,
          clock: o.clock,
          logger: o.logger.child({ part: 'office' }),
        }
      : undefined;
  // In an office, the station's own queue moved into it first; then recovery, then uploads, then the page
  // tools and capture, then the folders (so nothing is taken before the queue is consistent); each step once, so a start cut off by an office database that stopped
  // answering goes on where it was.
  let swept = false;
  let pagesStarted = false;
  let captureStarted = false;
  let ownQueueMoved = joining === undefined;
  const startSteps = async (cancelled: () => boolean = () => false): Promise<void> => {
    if (!ownQueueMoved && joining) {
      await joinOffice(joining, cancelled);
      if (cancelled()) return;
      ownQueueMoved = true;
      ownQueueMovedNow();
    }
    if (!swept) {
      // Searchable PDFs of documents already sent (or gone) are removed; a waiting one's decision stays
      // (also a document the storage cannot answer for now: kept until it can).
      await outgoing.sweep((id) =>
        storage.get(id).then(
          (d) => d !== undefined && d.state !== 'archived',
          () => true,
        ),
      );
      swept = true;
    }
    if (cancelled()) return;
    if (!queueStarted) {
      await queue.start();
      queueStarted = true;
      officeBytes?.start();
      officeChanges?.start();
    }
    if (cancelled()) return;
    if (!pagesStarted) {
      pages.start();
      pagesStarted = true;
    }
    if (cancelled()) return;
    if (!captureStarted) {
      await capture.start();
      captureStarted = true;
      // A station that splits batches has its capture workers ready before the first one (issue #30 item 6).
      if (splitsBatches) capture.warm();
    }
    if (cancelled()) return;
    if (!started) {
      await busy.refresh();
      // The folders as saved now: a save while the start waited for the office is not lost.
      await folders.start(watching ? currentSettings.folders : []);
      started = true;
    }
  };
  // An office station starts its work once it has joined the office (its tables exist, its row is written),
  // and goes on after each time the database stopped answering until it succeeds: the window and the agent
  // run meanwhile and say the office is out of reach (sayOfficeReachability); nothing is taken.
  let stopping = false;
  let stopped!: () => void;
  const stoppedSignal = new Promise<void>((r) => (stopped = r));
  const startInOffice = async (office: NonNullable<IntakePipelineOptions['office']>): Promise<void> => {
    let pauseMs = 250;
    await Promise.race([office.joined, stoppedSignal]);
    while (!stopping) {
      try {
        await startSteps(() => stopping);
        return;
      } catch (e) {
        if (!isOfficeOutOfReach(e)) throw e;
        o.logger.warn('office database out of reach: the station starts its work once it answers', { error: e });
        await Promise.race([new Promise((r) => setTimeout(r, pauseMs).unref()), stoppedSignal]);
        pauseMs = Math.min(pauseMs * 2, 10_000);
      }
    }
  };
  let officeStart: Promise<void> | undefined;
  return {
    queue,
    folders,
    db,
    drafts,
    archiveDir,
    capture,
    pages,
    holds,
    async start() {
      if (o.office)
        officeStart = startInOffice(o.office).catch((e: unknown) =>
          o.logger.error('the station could not start its work on the office database', { error: e }),
        );
      else await startSteps();
    },
    async stop() {
      stopping = true;
      stopped();
      unsubscribe();
      unsubscribeOffice();
      // A start on the office database under way ends first (it stops at its next step).
      await officeStart;
      await folders.stop();
      busy.stop();
      await capture.stop();
      // An edit or clean-up under way ends before the queue and the database close.
      await pages.stop();
      // What the clerk had open is free for the others now, not a lapse later.
      await holds.leaveAll();
      await officeChanges?.stop();
      await officeBytes?.stop();
      draftsKept?.close();
      // Also when start() failed after the queue's start: its upload worker must not outlive the pipeline.
      if (queueStarted) await queue.stop();
      await ownText?.close();
      await storages.close().catch((e: unknown) => o.logger.error('queue database flush failed', { error: e }));
      await ownStore?.close().catch((e: unknown) => o.logger.error('queue database flush failed', { error: e }));
      db.close();
    },
  };
}

/**
 * The data folder's health, shared by the upload worker and the intake. A database SQLite could open only
 * read-only (a file the user may not write) is failing from the start, and each try while it fails first
 * re-opens it, so fixing the file's mode is enough: no restart (docs/intake-pipeline.md, "Resource errors").
 */
function dataFolderHealth(
  o: IntakePipelineOptions,
  db: QueueDatabase,
  spoolDir: string,
  archiveDir: string,
): ResourceHealth {
  const health = new ResourceHealth({
    places: { data: resolve(o.dataDir), database: db.name, spool: resolve(spoolDir), archive: archiveDir },
    clock: o.clock,
    logger: o.logger.child({ part: 'storage' }),
    ...(o.resourceBackoff ? { backoff: o.resourceBackoff } : {}),
  });
  health.onRetry((state) => {
    if (state.state === 'failing' && state.code !== 'storage.full' && state.code !== 'storage.quota')
      if (reopenQueueDatabase(db)) o.logger.info('queue database re-opened for writing');
  });
  try {
    if (!isQueueDatabaseWritable(db)) reopenQueueDatabase(db);
  } catch (e) {
    if (!health.failed(e)) throw e;
  }
  return health;
}

/**
 * A backoff step's try while the data folder fails: a small file written (and removed) in each folder
 * (data, spool, archive; any may be its own disk) and the database's write lock taken.
 */
async function checkDataFolder(folders: string[], db: QueueDatabase): Promise<void> {
  for (const folder of folders) {
    const probe = join(folder, '.write-check');
    try {
      await mkdir(folder, { recursive: true });
      await writeFile(probe, Buffer.alloc(64 * 1024), { mode: PRIVATE_FILE_MODE });
    } finally {
      await unlink(probe).catch(() => undefined);
    }
  }
  if (!isQueueDatabaseWritable(db))
    throw Object.assign(new Error('the queue database is read-only'), { code: 'SQLITE_READONLY' });
}

/** The case-number pattern of the active environment and the configured document-type codes. */
export function placeholderFormatsOf(
  settings: Partial<Pick<Settings, 'documentTypes' | 'environments' | 'activeEnvironmentId'>>,
): PlaceholderFormats {
  const env = activeEnvironmentOf(settings);
  return {
    caseNumberPattern: env ? caseNumberPatternOf(env) : undefined,
    documentTypeCodes: (settings.documentTypes ?? []).map((d) => d.code),
  };
}

/**
 * INTAKE_TEST_TEXT_WORKER=URL (the agent's searchable-output tests, electron/cli/agent-searchable*.test.ts):
 * the agent's own text workers run this script, one that crashes on a marked file, since no real file is
 * known to crash the real reader. Unset everywhere else.
 */
function testTextWorker(): { workerUrl?: URL } {
  const url = process.env['INTAKE_TEST_TEXT_WORKER'];
  return url ? { workerUrl: new URL(url) } : {};
}
