/**
 * The line's first stage for a watched folder's file (the other way in is a scan, take-scan.ts): its copy
 * kept as the batch's original (`originals/`, fsynced), then the file's seen key and the batch row in one
 * unit of work on the storage ports. A file that changed while it was copied is left for the folder to offer
 * again.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { IncomingFile } from '../../intake/incoming-file';
import type { CaptureBatch } from './batch-storage';
import { type CaptureLine, LineStage } from './capture-line';

export class FileIntake extends LineStage {
  private readonly taking = new Set<string>();

  constructor(
    line: CaptureLine,
    /** The batch is recorded: its analysis is queued in its folder's lane. */
    private readonly analyseSoon: (batch: CaptureBatch) => void,
  ) {
    super(line);
  }

  async take(file: IncomingFile): Promise<{ outcome: 'created' | 'seen' | 'changed' }> {
    const capture = file.capture;
    // An empty file has no pages to look at: the queue records it as failed, as for any folder.
    if (!capture || file.size === 0) return this.deps.queue.ingest(file);
    const { documents, batches, originals } = this.deps;
    if (this.taking.has(file.seenKey)) return { outcome: 'seen' };
    this.taking.add(file.seenKey);
    const id = randomUUID();
    try {
      if (await documents.hasSeen(file.seenKey)) return { outcome: 'seen' };
      const copy = await originals.copyFrom(file.sourcePath, id, file.folder);
      const after = await stat(file.sourcePath).catch(() => undefined);
      if (!after || after.size !== file.size || Math.trunc(after.mtimeMs) !== file.mtimeMs || copy.size !== file.size) {
        await originals.remove(id);
        return { outcome: 'changed' };
      }
      const at = this.now();
      const batch: CaptureBatch = {
        id,
        fileName: file.fileName,
        sourceFolder: file.folder,
        sourcePath: file.sourcePath,
        sourceSize: file.size,
        sourceMtimeMs: file.mtimeMs,
        size: copy.size,
        sha256: copy.sha256,
        state: 'received',
        profile: capture.profile,
        metadata: file.metadata,
        autoSubmit: capture.autoSubmit,
        requiredFields: capture.requiredFields,
        receivedAt: at,
      };
      // One unit of work: the file's seen-file key recorded first (a second station's unit on a shared
      // database finds it taken, and takes the file no second time), then the batch.
      const taken = await documents.transaction(async (tx) => {
        if (!(await tx.markSeen(file.seenKey, id, at))) return false;
        await batches.insert(batch);
        return true;
      });
      if (!taken) {
        await originals.remove(id);
        return { outcome: 'seen' };
      }
      this.deps.logger.info('batch received', { batch: id, file: file.fileName, size: copy.size });
      // Its documents appear as it is looked through (the first within seconds): the clerk hears it is coming.
      this.notice('info', 'capture.received', { file: file.fileName });
      this.advance(batch, {});
      this.analyseSoon(batch);
      return { outcome: 'created' };
    } catch (e) {
      await originals.remove(id).catch(() => undefined);
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { outcome: 'changed' };
      throw e;
    } finally {
      this.taking.delete(file.seenKey);
    }
  }
}
