import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Settings } from '../../../../shared/domain/settings';
import { defaultPoolSize } from '../../util/worker-pool';
import { DEFAULT_LEASE_MS, lookAheadOf } from './lease';
import type { SharedFolderConfig } from './shared-folder';
import { stationIdOf } from './station-id';

/**
 * How this station takes part in shared folders: its id (kept in its data folder), the lease from the
 * settings, and a look-ahead sized from its upload slots and, when a folder splits batches, its capture
 * threads.
 */
export async function stationConfigOf(o: {
  dataDir: string;
  settings: Pick<Settings, 'folders' | 'upload'> & Partial<Pick<Settings, 'sharedFolders'>>;
  version: string;
  busy(): number;
  onChange?: SharedFolderConfig['onChange'];
  inPlace?: SharedFolderConfig['inPlace'];
}): Promise<SharedFolderConfig> {
  const captureThreads = o.settings.folders.some((f) => f.capture) ? defaultPoolSize() : 0;
  const { lookAhead, workSlots } = lookAheadOf(o.settings.upload.concurrency, captureThreads);
  const lease = o.settings.sharedFolders?.leaseSeconds;
  return {
    stationId: await stationIdOf(o.dataDir),
    host: hostname(),
    pid: process.pid,
    version: o.version,
    leaseMs: lease ? lease * 1000 : DEFAULT_LEASE_MS,
    lookAhead,
    workSlots,
    busy: o.busy,
    // Every folder claims by default: a station that is alone on it must take every file as it did in place
    // (offline too), a claim window at a time.
    windowOnlyWhenAlone: true,
    ...(o.onChange ? { onChange: o.onChange } : {}),
    ...(o.inPlace ? { inPlace: o.inPlace } : {}),
    ...crashAfterCommit(),
    ...holdCommits(),
  };
}

/**
 * INTAKE_TEST_KILL_AFTER_COMMIT=N (the crash tests, electron/cli/agent-shared-hard.test.ts): the process
 * kills itself with SIGKILL right after its Nth commit rename, before the file reaches the queue: the one
 * moment a crash leaves a file committed with no document. Unset everywhere else.
 */
function crashAfterCommit(): Pick<SharedFolderConfig, 'afterCommit'> {
  const n = Number(process.env['INTAKE_TEST_KILL_AFTER_COMMIT']);
  if (!Number.isInteger(n) || n < 1) return {};
  return { afterCommit: (committed) => committed === n && process.kill(process.pid, 'SIGKILL') };
}

/**
 * INTAKE_TEST_HOLD_COMMITS=PATH (the kill and freeze tests, test/reliability/shared-run.ts): while a file
 * exists at PATH (a local path the test makes and removes), claimed files are not committed: the station
 * still holds claims when the test's signal lands, also on a slow SMB share. Unset everywhere else.
 */
function holdCommits(): Pick<SharedFolderConfig, 'holdCommits'> {
  const path = process.env['INTAKE_TEST_HOLD_COMMITS'];
  if (!path) return {};
  return { holdCommits: () => existsSync(path) };
}
