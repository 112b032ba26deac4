import { z } from 'zod';
import { DocumentStateSchema } from '../../../shared/domain/document';

/**
 * What `intake-agent status` reports for one station: written by the running agent to
 * `<data>/status.json`, read by the status command (validated there: another process wrote it).
 */
export const StationStatusSchema = z.object({
  pid: z.number().int(),
  version: z.string(),
  /** The build's commit (electron/core/util/build-info.ts): two builds of one version differ here. */
  commit: z.string().optional(),
  startedAt: z.string(),
  /** Refreshed at least every HEARTBEAT_MS while the agent runs; older means it hangs or died. */
  updatedAt: z.string(),
  counts: z.record(DocumentStateSchema, z.number().int().nonnegative()),
  oldestWaiting: z.object({ id: z.string(), fileName: z.string(), since: z.string() }).optional(),
  lastSuccessAt: z.string().optional(),
  /**
   * Documents sent as scanned although a searchable PDF was asked for (its read crashed the text reader,
   * ran over its time, an encrypted PDF …), counted over restarts, and the last one (issue #45).
   */
  sentAsScanned: z
    .object({
      count: z.number().int().nonnegative(),
      last: z.object({ id: z.string().optional(), fileName: z.string(), reason: z.string(), at: z.string() }),
    })
    .optional(),
  /**
   * Documents of gone office stations (silent longer than their lapse) this station took over to send, since
   * it started (issue #50 item 3; the log names them and the station they came from).
   */
  takenOver: z.number().int().nonnegative().optional(),
  /**
   * The agent runs under a service manager but is stopped on a configuration error (settings, key file,
   * metrics port …): it waits for the fix and starts by itself; the queue is not open meanwhile, so the
   * counts are not read (all 0).
   */
  stopped: z.object({ code: z.string(), message: z.string(), action: z.string() }).optional(),
  connection: z.object({
    online: z.boolean(),
    /** When the platform was last seen unreachable, while it still is. */
    offlineSince: z.string().optional(),
    paused: z.boolean(),
    /** A configuration stop (credentials, keychain, proxy …): nothing uploads until it is fixed. */
    stopReason: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
  /**
   * The scan folders it watches: whether it claims files there (the default) with the stations whose
   * heartbeats it sees, or takes them in place and why (docs/deployment.md, "Shared scan folders").
   */
  sharedFolders: z
    .array(
      z.object({
        path: z.string(),
        /** Older status files (before claims were the default) list only claimed folders. */
        claims: z.boolean().default(true),
        /** Taken in place: `opted_out` (settings `shared: false`), `read_only`, `not_a_folder` (a link at `.intake`). */
        reason: z.string().optional(),
        stations: z.array(
          z.object({
            station: z.string(),
            host: z.string(),
            pid: z.number().int(),
            version: z.string(),
            lastBeat: z.string(),
            stale: z.boolean(),
            self: z.boolean(),
            claimed: z.number().int(),
            taken: z.number().int(),
          }),
        ),
      }),
    )
    .optional(),
  /**
   * The data folder fails (full disk, quota, read-only database, no write access): nothing is taken or
   * uploaded until it takes writes again; tried with backoff, no restart needed.
   */
  storage: z.object({ code: z.string(), reason: z.string(), since: z.string(), error: z.string() }).optional(),
  /**
   * The office database the station works with (issue #50): `unreachable` (nothing answered; it comes back
   * by itself) or `refused` (an admin must act): nothing new is taken from the watched folders meanwhile.
   */
  office: z
    .object({
      database: z.string(),
      state: z.enum(['connecting', 'connected', 'unreachable', 'refused']),
      since: z.string().optional(),
      reason: z.string().optional(),
    })
    .optional(),
});
export type StationStatus = z.infer<typeof StationStatusSchema>;

export const HEARTBEAT_MS = 10_000;

/** Thresholds of the health rule; one place, documented in docs/deployment.md (fleet status). */
export const HEALTH_LIMITS = {
  /** A status file older than this while the folder is locked: the agent hangs. */
  staleAfterMs: 6 * HEARTBEAT_MS,
  /** Offline longer than this is failing, shorter is degraded (a router restart is not an incident). */
  offlineFailingAfterMs: 15 * 60_000,
  /** A document waiting longer than this (not yet uploaded) makes the station degraded. */
  waitingDegradedAfterMs: 30 * 60_000,
  /** A document sent as scanned where a searchable PDF was asked for keeps the station degraded this long. */
  sentAsScannedDegradedForMs: 24 * 60 * 60_000,
};

export type HealthLevel = 'healthy' | 'degraded' | 'failing';

/** Exit codes of `intake-agent status`, as monitoring tools (Nagios, Zabbix, Icinga) read them. */
export const HEALTH_EXIT: Record<HealthLevel, number> = { healthy: 0, degraded: 1, failing: 2 };

export interface Health {
  level: HealthLevel;
  reasons: string[];
}

/** The health of a station from its status (undefined: no agent runs on the folder). */
export function healthOf(status: StationStatus | undefined, running: boolean, now: number): Health {
  if (!running || !status) return { level: 'failing', reasons: ['no agent runs on this data folder'] };
  const failing: string[] = [];
  if (status.stopped) failing.push(`stopped: ${status.stopped.code}: ${status.stopped.message}`);
  const degraded: string[] = [];
  const age = now - Date.parse(status.updatedAt);
  if (age > HEALTH_LIMITS.staleAfterMs)
    failing.push(`the agent has not reported for ${Math.round(age / 1000)} s (hung?)`);
  if (status.storage) {
    const minutes = Math.round((now - Date.parse(status.storage.since)) / 60_000);
    failing.push(
      `data folder failing for ${minutes} min: ${status.storage.code}: ${status.storage.reason} (${status.storage.error})`,
    );
  }
  const { connection } = status;
  if (connection.stopReason)
    failing.push(`uploads stopped: ${connection.stopReason.code}: ${connection.stopReason.message}`);
  else if (connection.paused) degraded.push('uploads paused');
  if (!connection.online) {
    const since = connection.offlineSince ? now - Date.parse(connection.offlineSince) : 0;
    (since > HEALTH_LIMITS.offlineFailingAfterMs ? failing : degraded).push(
      `platform unreachable for ${Math.round(since / 60_000)} min`,
    );
  }
  const office = status.office;
  if (office?.state === 'refused')
    failing.push(
      `office database ${office.database} refuses this station: ${office.reason ?? ''}; nothing new is taken`,
    );
  else if (office?.state === 'unreachable') {
    const since = office.since ? now - Date.parse(office.since) : 0;
    (since > HEALTH_LIMITS.offlineFailingAfterMs ? failing : degraded).push(
      `office database ${office.database} unreachable for ${Math.round(since / 60_000)} min: nothing new is taken`,
    );
  }
  const failed = status.counts.failed ?? 0;
  if (failed > 0) degraded.push(`${failed} document(s) failed`);
  const scanned = status.sentAsScanned;
  if (scanned && now - Date.parse(scanned.last.at) < HEALTH_LIMITS.sentAsScannedDegradedForMs)
    degraded.push(
      `${scanned.count} document(s) sent as scanned, not searchable; the last: ${scanned.last.fileName} (${scanned.last.reason})`,
    );
  if (status.oldestWaiting) {
    const waiting = now - Date.parse(status.oldestWaiting.since);
    if (waiting > HEALTH_LIMITS.waitingDegradedAfterMs)
      degraded.push(`${status.oldestWaiting.fileName} waits for ${Math.round(waiting / 60_000)} min`);
  }
  if (failing.length > 0) return { level: 'failing', reasons: [...failing, ...degraded] };
  if (degraded.length > 0) return { level: 'degraded', reasons: degraded };
  return { level: 'healthy', reasons: [] };
}
