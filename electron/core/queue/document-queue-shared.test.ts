import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptingUploader, eaccesError, lockedScan, startedQueue, waitFor } from './test-support/queue-fixture';

describe('DocumentQueue and a shared folder (#28)', () => {
  it('a file that could not be read in the folder, taken later from the station’s own folder: one document, where the file is now', async () => {
    const fx = await startedQueue(acceptingUploader);
    const folder = join(fx.dir, 'scans');
    const taken = join(folder, '.intake', 'taken', 'station-a');
    await mkdir(taken, { recursive: true });
    const { sourcePath: inFolder, ...base } = await lockedScan(folder);
    const failed = await fx.queue.failUnreadable({ ...base, sourcePath: inFolder }, eaccesError(inFolder));
    // Readable now: claimed and committed, the station hands it over from `.intake/taken/<station>/`.
    await rename(inFolder, join(taken, 'locked.pdf'));
    const r = await fx.queue.ingest({
      ...base,
      sourcePath: join(taken, 'locked.pdf'),
      pathInFolder: inFolder,
      station: 'station-a',
    });
    expect(r.outcome).toBe('created');
    const docs = async () => (await fx!.queue.list({ limit: 10, offset: 0 })).documents;
    await waitFor(async () => (await docs()).every((d) => d.state === 'archived') && (await docs()), 'archived');
    expect((await docs()).map((d) => d.id)).toEqual([failed.id]);
    expect(fx.store.get(failed.id)?.sourcePath).toBe(join(taken, 'locked.pdf'));
    // The archiver removed the file from where it was taken.
    await expect(stat(join(taken, 'locked.pdf'))).rejects.toThrow(/ENOENT/);
  });
});
