/**
 * Child process for the scan kill test: the real intake pipeline on DATA with one folder profile that splits
 * on PATCH T sheets (no auto-submit: nothing is uploaded), scanning the feeder of the eSCL scanner at URL
 * into it. Prints "pages N" each time a page is on disk, so the parent can kill -9 it mid-scan.
 * Run: node --import tsx scan-child.ts DATA URL
 */
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import { createIntakePipeline } from '../../intake-pipeline';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { MemoryCertificatePins } from '../escl/certificate-pins';
import { EsclBackend } from '../escl/escl-backend';
import { ScanService } from '../scan-service';

export const scanKillFolder = (path: string) =>
  FolderProfileSchema.parse({ id: 'post', label: 'Post', path, capture: {} });

export function scanKillPipeline(data: string, bus = new EventBus()) {
  return createIntakePipeline({
    dataDir: data,
    settings: {
      folders: [scanKillFolder(`${data}-scans`)],
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: 1 },
    },
    uploader: { uploadToInbox: () => Promise.reject(new Error('nothing is uploaded in this test')) },
    bus,
    clock: systemClock,
    logger: silentLogger,
    watchFolders: false,
  });
}

if (process.argv[1]?.endsWith('scan-child.ts')) {
  const [data, url] = process.argv.slice(2);
  const bus = new EventBus();
  let last = 0;
  bus.subscribe((e) => {
    if (e.type !== 'capture.progress') return;
    const pages = e.batches[0]?.pages ?? 0;
    if (pages > last) process.stdout.write(`pages ${(last = pages)}\n`);
  });
  const pipeline = await scanKillPipeline(data!, bus);
  await pipeline.start();
  const scanning = new ScanService({
    backends: [new EsclBackend({ pins: new MemoryCertificatePins() })],
    capture: pipeline.capture,
    folders: () => [scanKillFolder(`${data!}-scans`)],
    clock: systemClock,
    logger: silentLogger,
  });
  await scanning.start({ scanner: url!, request: { source: 'feeder', dpi: 200, color: 'gray' }, folderId: 'post' });
}
