/**
 * A batch's pages on disk: a watched folder's file as its original's copy (`capture/originals/<id>`), a
 * scan as one file per page (`capture/scans/<id>/`); and, per batch, the part worker's folder
 * (`capture/work/<id>/`). At start, what no open batch owns goes.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptureBatch } from './batch-storage';
import { LineStage } from './capture-line';

export class BatchPages extends LineStage {
  /**
   * After a crash or a stop: originals, scans and work folders of batches no longer open go, an open
   * scan's page that never finished arriving goes too. Returns the batches still to analyse (`received`).
   */
  async recover(): Promise<Set<string>> {
    const { batches, originals, workDir } = this.deps;
    await originals.init();
    await mkdir(workDir, { recursive: true });
    const open = await batches.openIds();
    await originals.sweep((name) => open.has(name));
    const received = new Set((await batches.inState('received')).map((b) => b.id));
    if (this.deps.scans) {
      // A scan's folder no open batch owns (a scan opened and not recorded, or done) goes; an open scan's
      // page that never finished arriving (a `.partial`) goes too: the complete pages are the scan.
      for (const entry of await this.deps.scans.batches())
        if (!open.has(entry)) await this.deps.scans.remove(entry);
        else await this.deps.scans.sweepPartial(entry);
    }
    for (const entry of await readdir(workDir)) {
      if (!received.has(entry)) await rm(join(workDir, entry), { recursive: true, force: true });
    }
    return received;
  }

  scanPages(batchId: string): Promise<string[]> {
    return this.deps.scans?.pages(batchId) ?? Promise.resolve([]);
  }

  /** Where the part worker reads a batch's pages: the original's copy, or a scan's page folder. */
  sourceOf(batch: CaptureBatch): string {
    return batch.kind === 'scan' ? this.deps.scans!.folderOf(batch.id) : this.deps.originals.pathOf(batch.id);
  }
}
