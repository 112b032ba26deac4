import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentState } from '../../shared/domain/document';
import { FolderProfileSchema } from '../../shared/domain/settings';
import { EventBus } from './events/event-bus';
import type { IntakePipeline } from './intake-pipeline';
import { createIntakePipeline } from './intake-pipeline';
import { fastFolderTimings } from './intake/test-support/hot-folder-suite';
import type { InboxUploader } from './queue/inbox-uploader';
import { waitFor } from './queue/test-support/queue-fixture';
import { systemClock } from './util/clock';
import { silentLogger } from './util/logger';
import { idleMs } from './util/test-support/box-pace';
import { tempDir } from './util/test-support/temp-dir';

let pipeline: IntakePipeline | undefined;
const letGo: Array<() => void> = [];
afterEach(async () => {
  for (const release of letGo.splice(0)) release();
  await pipeline?.stop();
  pipeline = undefined;
});

/** Uploads that end only when the test lets the next one go. */
function heldUploads() {
  const waiting: Array<() => void> = [];
  letGo.push(() => waiting.splice(0).forEach((go) => go()));
  const uploader: InboxUploader = {
    uploadToInbox: (r) =>
      new Promise((resolve) => {
        const go = () => resolve({ success: true, errors: [], payload: {} });
        waiting.push(go);
        r.signal.addEventListener('abort', go);
      }),
  };
  return { uploader, held: () => waiting.length, releaseOne: () => waiting.shift()?.() };
}

const WORKING: readonly DocumentState[] = ['queued', 'uploading'];

describe("the station's busy count, read through the storage ports", () => {
  it(
    'with another station on the folder, it commits to no claimed file while its queue fills its work slot',
    { timeout: idleMs(120_000) },
    async () => {
      const dir = tempDir('pipeline-busy-');
      const scans = join(dir, 'scans');
      const stations = join(scans, '.intake', 'stations');
      await mkdir(stations, { recursive: true });
      // Another station, alive for the whole test (its lease is an hour): this one is not alone on the folder.
      await writeFile(
        join(stations, 'other-pc.json'),
        JSON.stringify({
          station: 'other-pc',
          host: 'other-pc',
          pid: 1,
          version: 'test',
          lastBeat: new Date().toISOString(),
          seq: 1,
          leaseMs: 3_600_000,
        }),
      );
      const uploads = heldUploads();
      const bus = new EventBus();
      // The most documents this station worked on at once (queued or uploading), as each change was told.
      const working = new Set<string>();
      let most = 0;
      bus.on('documents.changed', (e) => {
        for (const d of e.documents) {
          if (WORKING.includes(d.state)) working.add(d.id);
          else working.delete(d.id);
        }
        most = Math.max(most, working.size);
      });
      pipeline = await createIntakePipeline({
        dataDir: join(dir, 'data'),
        settings: {
          // One upload slot: one work slot, a look-ahead of two.
          folders: [
            FolderProfileSchema.parse({ id: 's', label: 'Scans', path: scans, autoSubmit: true, shared: true }),
          ],
          archive: { mode: 'delete', retentionDays: 30 },
          upload: { concurrency: 1 },
          sharedFolders: { leaseSeconds: 3600 },
        },
        uploader: uploads.uploader,
        bus,
        clock: systemClock,
        logger: silentLogger,
        folderOptions: fastFolderTimings(),
      });
      await pipeline.start();
      const p = pipeline;
      for (let i = 1; i <= 6; i++) await writeFile(join(scans, `scan-${i}.pdf`), `scan ${i}`);
      const archived = async () =>
        (await p.queue.list({ states: ['archived'], limit: 10, offset: 0 })).documents.length;
      // Each upload is let go once this station waits with a claimed file (or none is left to claim).
      const claimed = async () => {
        const base = join(scans, '.intake', 'claimed');
        let n = 0;
        for (const station of await readdir(base).catch(() => [] as string[]))
          n += (await readdir(join(base, station)).catch(() => [] as string[])).length;
        return n;
      };
      const left = async () => (await readdir(scans)).filter((n) => n.endsWith('.pdf')).length;
      while ((await archived()) < 6) {
        await waitFor(
          async () => uploads.held() > 0 && ((await claimed()) > 0 || (await left()) === 0),
          'an upload under way while a claimed file waits',
          idleMs(30_000),
        );
        uploads.releaseOne();
        await waitFor(async () => uploads.held() > 0 || (await archived()) === 6, 'the next upload', idleMs(30_000));
      }
      // One in its work slot, and one more at most while the count had not yet read the last change.
      expect(most).toBeLessThanOrEqual(2);
    },
  );
});
