import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../util/logger';
import { Archiver } from './archiver';
import type { InboxUploader } from './inbox-uploader';
import type { QueueFixture } from './test-support/queue-fixture';
import { lockedScan, makeQueue, waitFor } from './test-support/queue-fixture';
import { inPlaceFiles } from './in-place-files';
import { SqliteDocumentStorage } from './sqlite-document-storage';

// An upgraded station moves the files its queue took in place into its taken/ while its uploads already
// run. A document archived beside the move looked for its file at the old place; found in a clean-clone
// run of agent-fleet.test.ts as a file left in taken/ after its upload (each file once, but not removed).
let fx: QueueFixture | undefined;
/** What a test held (the platform's answer, the flush): let go before the queue stops, also after a failure. */
const letGo: Array<() => void> = [];
afterEach(async () => {
  for (const release of letGo.splice(0)) release();
  await fx?.close();
  fx = undefined;
});

/** A platform that answers when the test lets it. */
function heldUploader() {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((r) => (release = r));
  let started = false;
  const uploader: InboxUploader = {
    uploadToInbox: async (r) => {
      started = true;
      await answered;
      r.onProgress(r.size, r.size);
      return { success: true, errors: [], payload: {} };
    },
  };
  letGo.push(() => release());
  return { uploader, release, started: () => started };
}

/** A flush to disk that the test can hold (the archiving waits for it before any file goes). */
function heldFlush() {
  let held: Promise<void> | undefined;
  let release: () => void = () => undefined;
  let waiting = 0;
  letGo.push(() => release());
  return {
    flush: async () => {
      if (!held) return;
      waiting++;
      await held;
    },
    hold: () => (held = new Promise<void>((r) => (release = r))),
    release: () => release(),
    waiting: () => waiting,
  };
}

async function scanTakenInPlace(uploader: InboxUploader, flush: () => Promise<void>) {
  fx = await makeQueue(uploader, { archive: { mode: 'delete', retentionDays: 30 }, flush });
  await fx.queue.start();
  const scans = join(fx.dir, 'scans');
  await mkdir(join(scans, '.intake', 'taken', 'st-1'), { recursive: true });
  const file = await lockedScan(scans);
  const r = await fx.queue.ingest(file);
  if (r.outcome !== 'created') throw new Error(`not taken: ${r.outcome}`);
  const archiver = new Archiver(
    { mode: 'delete', retentionDays: 30 },
    join(fx.dataDir, 'archive'),
    (n) => n,
    silentLogger,
  );
  return { scans, id: r.document.id, files: inPlaceFiles(new SqliteDocumentStorage(fx.store), fx.queue, archiver) };
}

describe('files taken in place, moved into taken/ while the uploads run', () => {
  it('a document archived beside the move: its file is removed where it now lies, not left in taken/', async () => {
    const platform = heldUploader();
    const disk = heldFlush();
    const { scans, id, files } = await scanTakenInPlace(platform.uploader, disk.flush);
    expect((await files.list(scans)).map((f) => f.id)).toEqual([id]);
    await waitFor(() => platform.started(), 'upload started');
    // The platform confirms; the archiving has read where the file lies and waits for the flush.
    disk.hold();
    platform.release();
    await waitFor(() => fx!.store.get(id)?.state === 'uploaded' && disk.waiting() > 0, 'archiving under way');
    const taken = join(scans, '.intake', 'taken', 'st-1', 'locked.pdf');
    await rename(join(scans, 'locked.pdf'), taken);
    let moved = false;
    const moving = files.moved(id, taken).then(() => (moved = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(moved).toBe(false); // waits for the archiving to end
    disk.release();
    await moving;
    expect(fx!.store.get(id)).toMatchObject({ state: 'archived', sourcePath: taken });
    expect(existsSync(taken)).toBe(false);
    expect(existsSync(join(scans, 'locked.pdf'))).toBe(false);
  });

  it('a document still waiting to upload: its file stays in taken/ until the platform has it, then goes', async () => {
    const platform = heldUploader();
    const disk = heldFlush();
    const { scans, id, files } = await scanTakenInPlace(platform.uploader, disk.flush);
    await waitFor(() => platform.started(), 'upload started');
    const taken = join(scans, '.intake', 'taken', 'st-1', 'locked.pdf');
    await rename(join(scans, 'locked.pdf'), taken);
    await files.moved(id, taken);
    expect(existsSync(taken)).toBe(true);
    expect(fx!.store.get(id)?.state).toBe('uploading');
    platform.release();
    await waitFor(() => fx!.store.get(id)?.state === 'archived', 'archived');
    expect(existsSync(taken)).toBe(false);
  });

  it('a file written again since its document took it (another size) is kept, also when archived beside the move', async () => {
    const platform = heldUploader();
    const disk = heldFlush();
    const { scans, id, files } = await scanTakenInPlace(platform.uploader, disk.flush);
    await waitFor(() => platform.started(), 'upload started');
    disk.hold();
    platform.release();
    await waitFor(() => fx!.store.get(id)?.state === 'uploaded' && disk.waiting() > 0, 'archiving under way');
    const taken = join(scans, '.intake', 'taken', 'st-1', 'locked.pdf');
    await writeFile(taken, 'a new scan under the same name, longer than the first');
    const moving = files.moved(id, taken);
    disk.release();
    await moving;
    expect(fx!.store.get(id)?.state).toBe('archived');
    expect(existsSync(taken)).toBe(true);
  });
});
