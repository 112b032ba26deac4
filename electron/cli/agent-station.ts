import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventBus } from '../core/events/event-bus';
import { logDocumentLives } from '../core/health/document-life-log';
import { healthOf, HEALTH_EXIT } from '../core/health/station-status';
import type { StationStatus } from '../core/health/station-status';
import { StationMonitor } from '../core/health/station-monitor';
import type { MonitoredQueue } from '../core/health/station-monitor';
import { readStatusFile, StatusFileWriter } from '../core/health/status-file';
import { systemClock } from '../core/util/clock';
import { DATA_FOLDER_LOCK_FILE } from '../core/util/data-folder-lock';
import type { Logger } from '../core/util/logger';
import { serveAgentMetrics } from './agent-metrics';
import { agentBuild } from './agent-version';

/**
 * What a running agent reports about itself for fleet monitoring: a log line per document state, the
 * status file that `intake-agent status` reads, and (opt-in) the Prometheus endpoint.
 */
export async function startStationReporting(o: {
  dataDir: string;
  bus: EventBus;
  queue: MonitoredQueue;
  logger: Logger;
  metricsPort?: number;
  /** Shared folders and the stations seen there, for the status file (`intake-agent status`). */
  sharedFolders?: () => NonNullable<StationStatus['sharedFolders']>;
  /** The office database and whether it answers (issue #50 item 5), for the status file. */
  office?: () => NonNullable<StationStatus['office']>;
}): Promise<{ monitor: StationMonitor; stop: () => Promise<void> }> {
  const stops: Array<() => Promise<void> | void> = [logDocumentLives(o.bus, o.logger)];
  const monitor = new StationMonitor({
    bus: o.bus,
    queue: o.queue,
    clock: systemClock,
    version: agentBuild().version,
    commit: agentBuild().commit,
    pid: process.pid,
    ...(await previousStatus(o.dataDir)),
  });
  stops.push(() => monitor.dispose());
  const writer = new StatusFileWriter(
    o.dataDir,
    () => {
      const shared = o.sharedFolders?.() ?? [];
      return {
        ...monitor.status(),
        ...(shared.length > 0 ? { sharedFolders: shared } : {}),
        ...(o.office ? { office: o.office() } : {}),
      };
    },
    o.bus,
    o.logger,
  );
  // Not awaited: its fsyncs need not hold up the start (the file follows within the first heartbeat).
  void writer.write();
  stops.push(() => writer.close());
  // The same registry as the desktop app's; a port in use refuses the start (agent-metrics.ts).
  if (o.metricsPort !== undefined) {
    const metrics = await serveAgentMetrics(monitor, o.metricsPort, o.logger).catch(async (e: unknown) => {
      for (const s of stops.reverse()) await s();
      throw e;
    });
    stops.push(() => metrics.close());
  }
  return {
    monitor,
    stop: async () => {
      for (const s of stops.reverse()) await s();
    },
  };
}

async function previousStatus(dataDir: string) {
  const previous = await readStatusFile(dataDir);
  return previous ? { previous } : {};
}

/**
 * `intake-agent status`: the station's status as one JSON object on stdout, and an exit code for
 * monitoring (0 healthy, 1 degraded, 2 failing). Reads only: it never opens the queue or takes the folder.
 */
export async function runStatusCommand(dataDir: string, now = Date.now()): Promise<number> {
  // A mistyped --data is not "no agent runs": say what is wrong with the path itself.
  if (!existsSync(dataDir)) {
    const reasons = [`the data folder ${dataDir} does not exist (check --data)`];
    process.stdout.write(`${JSON.stringify({ dataDir, running: false, health: 'failing', reasons })}\n`);
    return HEALTH_EXIT.failing;
  }
  const running = isFolderOwned(dataDir);
  const status = await readStatusFile(dataDir);
  const health = healthOf(status, running, now);
  process.stdout.write(
    `${JSON.stringify({ dataDir, running, health: health.level, reasons: health.reasons, ...(status ? { status } : {}) })}\n`,
  );
  return HEALTH_EXIT[health.level];
}

/**
 * True while an agent or the app holds the data folder. A read of the lock database, never the lock itself:
 * a monitoring probe must not make a starting agent find the folder taken (for longer than that read).
 */
function isFolderOwned(dataDir: string): boolean {
  const lockFile = join(dataDir, DATA_FOLDER_LOCK_FILE);
  if (!existsSync(lockFile)) return false;
  const db = new Database(lockFile, { readonly: true, fileMustExist: true, timeout: 0 });
  try {
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    return false;
  } catch (e) {
    if ((e as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw e;
  } finally {
    db.close();
  }
}
