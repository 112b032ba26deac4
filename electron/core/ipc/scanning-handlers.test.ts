import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import type { IntakePipeline } from '../intake-pipeline';
import { createIntakePipeline } from '../intake-pipeline';
import { waitFor } from '../queue/test-support/queue-fixture';
import { MemoryCertificatePins } from '../scanning/escl/certificate-pins';
import { EsclBackend } from '../scanning/escl/escl-backend';
import { ScanService } from '../scanning/scan-service';
import { EsclDouble } from '../scanning/test-support/escl-double';
import { scannerPages } from '../scanning/test-support/scan-pages';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import type { HandlerTable } from './handler-table';
import { dispatch } from './handler-table';
import { createScanningHandlers } from './scanning-handlers';
import { idleMs } from '../util/test-support/box-pace';

/** The window's scanning channels, through the one dispatch both transports use (issue #38 item 6). */
describe('scanning channels', () => {
  let dir: string | undefined;
  let pipeline: IntakePipeline | undefined;
  let double: EsclDouble | undefined;
  afterEach(async () => {
    await double?.stop();
    await pipeline?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
    pipeline = undefined;
    double = undefined;
  });

  it(
    'start scans into the folder profile and the batch shows its scan; a scanner that is gone is its code',
    async () => {
      dir = await mkdtemp(join(tmpdir(), 'scan-ipc-'));
      const folder = FolderProfileSchema.parse({ id: 'post', label: 'Post', path: join(dir, 'scans'), capture: {} });
      pipeline = await createIntakePipeline({
        dataDir: join(dir, 'data'),
        settings: { folders: [folder], archive: { mode: 'move', retentionDays: 30 }, upload: { concurrency: 1 } },
        uploader: { uploadToInbox: () => Promise.reject(new Error('nothing is uploaded in this test')) },
        bus: new EventBus(),
        clock: systemClock,
        logger: silentLogger,
        watchFolders: false,
      });
      await pipeline.start();
      const service = new ScanService({
        backends: [new EsclBackend({ pins: new MemoryCertificatePins(), retries: 1, retryPauseMs: 10 })],
        capture: pipeline.capture,
        folders: () => [folder],
        clock: systemClock,
        logger: silentLogger,
      });
      const handlers = createScanningHandlers(() => service) as unknown as HandlerTable;
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'S', 'L']) }).start();
      const started = await dispatch(handlers, 'scanning.start', {
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      expect(started).toMatchObject({ ok: true, value: { batchId: expect.any(String) } });
      const batchId = (started as { value: { batchId: string } }).value.batchId;
      await waitFor(
        () => (pipeline!.db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n === 2,
        'two documents',
        60_000,
      );
      expect((await pipeline.capture.openScans()).map((b) => b.id)).not.toContain(batchId);

      const url = double.url;
      await double.stop();
      const gone = await dispatch(handlers, 'scanning.capabilities', { scanner: url });
      expect(gone).toMatchObject({ ok: false, error: { code: 'scanner.unreachable', retryable: true } });
      const bad = await dispatch(handlers, 'scanning.start', {
        scanner: url,
        request: { source: 'tray' },
        folderId: 'post',
      });
      expect(bad).toMatchObject({ ok: false });
    },
    idleMs(120_000),
  );
});
