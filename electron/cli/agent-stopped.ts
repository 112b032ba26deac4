import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DOCUMENT_STATES } from '../../shared/domain/document';
import type { DocumentState } from '../../shared/domain/document';
import { EventBus } from '../core/events/event-bus';
import type { MetricsServer } from '../core/health/metrics-server';
import type { StationStatus } from '../core/health/station-status';
import { readStatusFile, StatusFileWriter } from '../core/health/status-file';
import { lockDataFolder } from '../core/util/data-folder-lock';
import type { DataFolderLock } from '../core/util/data-folder-lock';
import type { Logger } from '../core/util/logger';
import type { AgentArgs } from './agent-args';
import { serveAgentMetrics } from './agent-metrics';
import type { StopReason } from './agent-stop-reason';
import { agentBuild } from './agent-version';

/** How often the inputs are looked at (a few stat calls), and how often a cause no file shows is retried. */
export const STOPPED_POLL_MS = 1_000;
export const STOPPED_RETRY_MS = 30_000;

/** Causes that go away without any of the agent's files changing: tried again every STOPPED_RETRY_MS. */
const RETRIED = new Set(['data.folder_in_use', 'data.folder_unwritable', 'metrics.port_in_use']);

/** The files whose change may fix a configuration error: settings, machine settings, key file. */
export function inputFilesOf(args: Pick<AgentArgs, 'settings' | 'machineSettings' | 'keyFile'>): string[] {
  return [args.settings, args.machineSettings, args.keyFile].filter((f) => f !== undefined).map((f) => resolve(f));
}

/** Thrown by a running service agent whose inputs changed while uploads were stopped: start again. */
export class RestartRequested extends Error {}

/**
 * While the agent runs: resolves `changed` when a settings or key file changed while `stopped()` holds
 * (uploads stopped on a configuration error), so the agent reloads its settings and key without a service
 * restart. `baseline`: the files as they were before this run read them (`filesFingerprint`). Without it the
 * first look was the baseline, so a fix written between the start and that look (an admin quick after
 * "uploads stopped", a busy box's slow start) was taken for the configuration already read, and uploads
 * stayed stopped. The data folder is not looked at here: while the agent runs, its failures are the data
 * folder's health.
 */
export function watchInputs(
  files: readonly string[],
  stopped: () => boolean,
  baseline?: string,
): { changed: Promise<void>; dispose(): void } {
  let done: () => void = () => undefined;
  const changed = new Promise<void>((r) => (done = r));
  let last: string | undefined = baseline;
  let looking = false;
  const timer = setInterval(() => {
    if (looking) return;
    looking = true;
    void filesFingerprint(files)
      .then((now) => {
        if (last !== undefined && now !== last && stopped()) done();
        last = now;
      })
      .finally(() => (looking = false));
  }, STOPPED_POLL_MS);
  timer.unref();
  return { changed, dispose: () => clearInterval(timer) };
}

/** A path's state: a file in full (content by size, times and inode), a folder by owner and mode only. */
async function stateOf(path: string, full: boolean): Promise<string> {
  const s = await stat(path).catch((e: NodeJS.ErrnoException) => e.code ?? 'error');
  if (typeof s === 'string') return `${path}:${s}`;
  const access = `${s.mode}:${s.uid}:${s.gid}`;
  return full ? `${path}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${access}` : `${path}:${access}`;
}

/** The settings files and key file, as one string: a different one means someone changed one. */
export async function filesFingerprint(files: readonly string[]): Promise<string> {
  return (await Promise.all(files.map((f) => stateOf(f, true)))).join('\n');
}

/**
 * What the agent's configuration hangs on, as one string: the settings files and key file, and the data
 * folder and its parent (owner and mode only: the status file written inside must not count as a change).
 * A different string means someone may have fixed something.
 */
export async function inputsFingerprint(files: readonly string[], dataDir: string): Promise<string> {
  const dirs = await Promise.all([stateOf(dataDir, false), stateOf(dirname(dataDir), false)]);
  return [await filesFingerprint(files), ...dirs].join('\n');
}

/**
 * The agent under a service manager, stopped on a configuration error: it holds the data folder (when it
 * can) so `status` finds it and reads why, serves the metrics port (when that is not the problem), and
 * waits until an input changes ('retry'), the cause may have gone (RETRIED codes), or a signal ends it.
 * Nothing here exits: a service manager sees a running agent and has nothing to restart in a loop.
 */
export async function waitWhileStopped(o: {
  stop: StopReason;
  dataDir: string;
  metricsPort: number | undefined;
  /** Settings, machine settings and key file: the files whose change may be the fix. */
  files: readonly string[];
  /** inputsFingerprint taken before the attempt that failed, so a fix made meanwhile is not missed. */
  fingerprint: string;
  logger: Logger;
  /** Told once `status` and the metrics say why: an admin who reads the log line and asks then sees it. */
  onStopped?: () => void;
}): Promise<'retry' | 'signal'> {
  const since = new Date().toISOString();
  const releases: Array<() => Promise<void> | void> = [];
  const lock = o.stop.code === 'data.folder_in_use' ? undefined : tryLock(o.dataDir);
  // The count of documents sent as scanned goes on over restarts through the status file: kept while stopped.
  const carried = (await readStatusFile(o.dataDir).catch(() => undefined))?.sentAsScanned;
  const status = () => stoppedStatus(o.stop, since, carried);
  if (lock) {
    releases.push(() => lock.release());
    const writer = new StatusFileWriter(o.dataDir, status, new EventBus(), o.logger);
    releases.unshift(() => writer.close()); // closed before the lock goes
    await writer.write();
  }
  if (o.metricsPort !== undefined && o.stop.code !== 'metrics.port_in_use') {
    const server: MetricsServer | undefined = await serveAgentMetrics(
      { status, counters: NO_COUNTS },
      o.metricsPort,
      o.logger,
    ).catch(() => undefined);
    if (server) releases.unshift(() => server.close());
  }
  o.onStopped?.();
  try {
    return await new Promise<'retry' | 'signal'>((resolve) => {
      const started = Date.now();
      const onSignal = () => resolve('signal');
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
      let looking = false;
      const timer = setInterval(() => {
        if (looking) return;
        looking = true;
        void inputsFingerprint(o.files, o.dataDir)
          .then((now) => {
            if (now !== o.fingerprint) resolve('retry');
            else if (RETRIED.has(o.stop.code) && Date.now() - started >= STOPPED_RETRY_MS) resolve('retry');
          })
          .finally(() => (looking = false));
      }, STOPPED_POLL_MS);
      releases.push(() => {
        clearInterval(timer);
        process.off('SIGTERM', onSignal);
        process.off('SIGINT', onSignal);
      });
    });
  } finally {
    for (const release of releases) await release();
  }
}

const NO_COUNTS = { uploads: 0, uploadFailures: 0, uploadedBytes: 0, tokenFailures: 0, sentAsScanned: 0, takenOver: 0 };

function tryLock(dataDir: string): DataFolderLock | undefined {
  try {
    mkdirSync(dataDir, { recursive: true });
    return lockDataFolder(dataDir, 'intake-agent (stopped)');
  } catch {
    return undefined; // the folder cannot be used or is owned: the log and the metrics still say why
  }
}

function stoppedStatus(stop: StopReason, since: string, sentAsScanned: StationStatus['sentAsScanned']): StationStatus {
  const counts = Object.fromEntries(DOCUMENT_STATES.map((s) => [s, 0])) as Record<DocumentState, number>;
  return {
    pid: process.pid,
    version: agentBuild().version,
    commit: agentBuild().commit,
    startedAt: since,
    updatedAt: new Date().toISOString(),
    counts,
    stopped: stop,
    ...(sentAsScanned ? { sentAsScanned } : {}),
    // Nothing is tried while stopped: the platform is not "unreachable", uploads are paused.
    connection: { online: true, paused: true },
  };
}
