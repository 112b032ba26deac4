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
    ...(o.onChange ? { onChange: o.onChange } : {}),
  };
}
