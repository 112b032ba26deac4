import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxUploader } from './inbox-uploader';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';

const accepting: InboxUploader = {
  uploadToInbox: async (r) => {
    r.onProgress(r.size, r.size);
    return { success: true, errors: [], payload: {} };
  },
};

let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const eacces = (path: string) =>
  Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES', syscall: 'open', path });

describe('DocumentQueue and a shared folder (#28)', () => {
  it('a file that could not be read in the folder, taken later from the station’s own folder: one document, where the file is now', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const folder = join(fx.dir, 'scans');
    const taken = join(folder, '.intake', 'taken', 'station-a');
    await mkdir(taken, { recursive: true });
    const inFolder = join(folder, 'locked.pdf');
    await writeFile(inFolder, '%PDF-1.7 locked');
    const s = await stat(inFolder);
    const base = {
      folder,
      fileName: 'locked.pdf',
      size: s.size,
      mtimeMs: Math.trunc(s.mtimeMs),
      seenKey: `k-${s.size}`,
      metadata: { caseNumber: '4711' },
      autoSubmit: true,
    };
    const failed = fx.queue.failUnreadable({ ...base, sourcePath: inFolder }, eacces(inFolder));
    // Readable now: claimed and committed, the station hands it over from `.intake/taken/<station>/`.
    await rename(inFolder, join(taken, 'locked.pdf'));
    const r = await fx.queue.ingest({
      ...base,
      sourcePath: join(taken, 'locked.pdf'),
      pathInFolder: inFolder,
      station: 'station-a',
    });
    expect(r.outcome).toBe('created');
    const docs = () => fx!.queue.list({ limit: 10, offset: 0 }).documents;
    await waitFor(() => docs().every((d) => d.state === 'archived') && docs(), 'archived');
    expect(docs().map((d) => d.id)).toEqual([failed.id]);
    expect(fx.store.get(failed.id)?.sourcePath).toBe(join(taken, 'locked.pdf'));
    // The archiver removed the file from where it was taken.
    await expect(stat(join(taken, 'locked.pdf'))).rejects.toThrow(/ENOENT/);
  });
});
