import { open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write';
import type { EventBus } from '../events/event-bus';
import type { Logger } from '../util/logger';
import { PRIVATE_FILE_MODE } from '../util/private-files';
import type { StationStatus } from './station-status';
import { HEARTBEAT_MS, StationStatusSchema } from './station-status';

export const STATUS_FILE = 'status.json';

/** The status file of a data folder; undefined when there is none or it is not one we wrote. */
export async function readStatusFile(dataDir: string): Promise<StationStatus | undefined> {
  const text = await readFile(join(dataDir, STATUS_FILE), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = StationStatusSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `<data>/status.json` current for `intake-agent status`: every HEARTBEAT_MS (so a hung agent shows
 * as stale), and soon after the queue changes (at most once a second during a burst).
 */
export class StatusFileWriter {
  private readonly heartbeat: NodeJS.Timeout;
  private soon: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    private readonly dataDir: string,
    private readonly status: () => StationStatus,
    bus: EventBus,
    private readonly logger: Logger,
  ) {
    this.heartbeat = setInterval(() => this.write(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.unsubscribe = [
      bus.on('queue.changed', () => {
        if (this.soon) return;
        this.soon = setTimeout(() => {
          this.soon = undefined;
          this.write();
        }, 1_000);
        this.soon.unref();
      }),
      // The count of documents sent as scanned goes on over restarts through this file (StationMonitor):
      // written at once, so an agent ending within the second (a --once run) does not lose it.
      bus.on('notice.raised', ({ notice }) => {
        if (notice.code === 'output.failed') void this.write();
      }),
    ];
  }

  /**
   * Writes now; writes never overlap. A failure (disk, a queue already closed) is logged once per kind,
   * never thrown. On a full disk the file is rewritten in place: its block is already there, so `status`
   * still reads why the station fails instead of a stale file.
   */
  write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const path = join(this.dataDir, STATUS_FILE);
      try {
        const text = `${JSON.stringify(this.status(), null, 2)}\n`;
        await writeFileAtomic(path, text, PRIVATE_FILE_MODE).catch(async (e: unknown) => {
          const code = (e as NodeJS.ErrnoException).code;
          if (code !== 'ENOSPC' && code !== 'EDQUOT') throw e;
          await rewriteInPlace(path, text);
        });
        if (this.failure !== undefined) this.logger.info('status file written again');
        this.failure = undefined;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? 'error';
        if (code !== this.failure) this.logger.warn('status file not written', { error: e });
        this.failure = code;
      }
    });
    return this.writing;
  }
  /** The code of the last failed write, logged once until a write succeeds again. */
  private failure: string | undefined;

  /**
   * Stops the timers. No last write: a stop may come after the queue closed (SIGTERM stops the pipeline
   * first), and `status` tells a stopped agent by the folder's lock, not by this file; the counts in it are
   * at most a second old.
   */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.soon) clearTimeout(this.soon);
    for (const u of this.unsubscribe) u();
    await this.writing;
  }
}

/** The status file overwritten in place (no new block): torn for a moment at worst, which `status` reads as none. */
async function rewriteInPlace(path: string, text: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const bytes = Buffer.from(text, 'utf8');
    await handle.write(bytes, 0, bytes.length, 0);
    await handle.truncate(bytes.length);
  } finally {
    await handle.close();
  }
}
