import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FolderProfile, Settings } from '../../shared/domain/settings';
import { NEW_OUTPUT } from '../../shared/domain/output';
import type { OutputKind } from '../../shared/domain/output';
import { DEMO_CLIENT, startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { createIntakeCore } from '../core/app';
import type { IntakeCore } from '../core/app';
import type { SecretStore } from '../core/secrets/secret-store';
import type { Logger } from '../core/util/logger';
import { silentLogger } from '../core/util/logger';
import { demoScans } from '../core/samples/sample-scans';
import { startWebShell } from './server';
import { MachineSettingsApplier } from '../core/settings/machine-settings-applier';
import type { RunningWebShell } from './server';

export interface DemoOptions {
  /** Everything the demo writes: sandbox data, settings, queue, spool, the scanner folder. */
  dataDir: string;
  webPort?: number;
  sandboxPort?: number;
  staticDir?: string;
  version: string;
  logger?: Logger;
  secretStore?: SecretStore;
  /** Put the sample scans into the scanner folder on first start (default true). */
  sampleScans?: boolean;
  /** Largest file a drop may import (default: the platform's 2 GiB − 1). */
  importMaxBytes?: number;
  /** A machine-wide settings file laid over the user's, as the desktop app reads its own (docs/deployment.md). */
  machineSettingsPath?: string;
  /**
   * What the demo's folder sends, set on first start (issue #48 item 7): default NEW_OUTPUT, a searchable
   * PDF, as for any folder added now. `null`: the folder says nothing, as one from a settings file written
   * before issue #39 (the scanner's file; the e2e tests written for that). A later start keeps the saved one.
   */
  folderOutput?: OutputKind | null;
  /** The watched scanner folder (default DATA/scanner); the office demo's stations share one. */
  scannerFolder?: string;
  /** This station's and its clerk's names in an office (default the PC's and its user's). */
  officeNames?: { station?: string; clerk?: string };
}

export interface RunningDemo {
  sandbox: RunningSandbox;
  core: IntakeCore;
  web: RunningWebShell;
  /** The watched "scanner" folder of the demo. */
  scannerFolder: string;
  close(): Promise<void>;
}

/** The demo's scanner folder: file names like CLM-2026-000101_INV_scan0001.pdf fill in the metadata. */
export function demoFolderProfile(path: string): FolderProfile {
  return {
    id: 'scanner',
    // One word in both languages (issue #48 item 9: "Scanner (front desk)" on the German screens).
    label: 'Scanner',
    path,
    defaultMetadata: { responsibleDepartmentId: 'CLAIMS-INTAKE' },
    autoSubmit: false,
    fileNamePattern: '{CaseNumber}_{DocumentTypeCode}_*.pdf',
    include: ['*.pdf', '*.tif', '*.tiff', '*.jpg', '*.jpeg', '*.png'],
    exclude: [],
    polling: { enabled: false, intervalMs: 5000 },
    recognizeCompleteFiles: true,
  };
}

/** The app as `npm run demo` runs it: embedded local sandbox + core services + web shell. */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const logger = options.logger ?? silentLogger;
  const dataDir = resolve(options.dataDir);
  const scannerFolder = options.scannerFolder ? resolve(options.scannerFolder) : join(dataDir, 'scanner');
  await mkdir(scannerFolder, { recursive: true });
  await mkdir(dataDir, { recursive: true });
  const settingsFile = join(dataDir, 'config', 'settings.json');
  const firstStart = (await readdir(dataDir)).every((n) => n === 'scanner');

  const sandbox = await startSandbox({ dataDir: join(dataDir, 'sandbox'), port: options.sandboxPort ?? 0 });
  if (firstStart && (options.sampleScans ?? true)) {
    for (const scan of demoScans()) await writeFile(join(scannerFolder, scan.name), scan.content);
  }
  const core = await createIntakeCore({
    name: 'Intake Desk',
    version: options.version,
    shell: 'web',
    paths: { settingsFile, dataDir: join(dataDir, 'app') },
    localSandbox: { baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl, demoClient: DEMO_CLIENT },
    logger,
    ...(options.secretStore ? { secretStore: options.secretStore } : {}),
    ...(options.importMaxBytes !== undefined ? { importMaxBytes: options.importMaxBytes } : {}),
    ...(options.machineSettingsPath ? machineSettingsOptions(options.machineSettingsPath, logger) : {}),
    ...(options.officeNames ? { officeNames: options.officeNames } : {}),
  });
  // First start: watch the demo's scanner folder (a clerk would add their own in Settings).
  const current = core.settings.get();
  if (current.folders.length === 0) {
    const output = options.folderOutput === undefined ? NEW_OUTPUT : options.folderOutput;
    const folder = demoFolderProfile(scannerFolder);
    await core.settings.save({ ...current, folders: [output ? { ...folder, output } : folder] });
  }
  const web = await startWebShell({
    handlers: core.handlers,
    events: core.ipcEvents,
    staticDir: options.staticDir ?? resolve(import.meta.dirname, '../../out/renderer'),
    port: options.webPort ?? 0,
    logger,
    transfer: { importer: core.importer, content: core.content },
  });
  return {
    sandbox,
    core,
    web,
    scannerFolder,
    close: async () => {
      await web.close();
      await core.stop();
      await sandbox.close();
    },
  };
}

/** The machine file plugged in as electron/main does it: its locks over the user's settings, re-read at each load. */
function machineSettingsOptions(machineSettingsPath: string, logger: Logger) {
  const machine = new MachineSettingsApplier(logger);
  return {
    machineSettingsPath,
    applyMachineSettings: machine.apply,
    machineUserPart: machine.userPart,
    lockedFieldsIn: (next: Settings) => machine.refusedIn(next),
  };
}
