import type { ScanService } from '../scanning/scan-service';
import { ScannerProblem } from '../scanning/backend/scanner-backend';
import { IntakeError } from '../errors';
import type { PartialHandlerTable } from './handler-table';

/** A scanner's trouble crosses to the window as its code (`scanner.jam` …), which has the sentence in en/de. */
async function asIpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof ScannerProblem)
      throw new IntakeError(e.code === 'scanner.unreachable' ? 'unreachable' : 'local', e.code, e.message, {
        retryable: e.code === 'scanner.busy' || e.code === 'scanner.unreachable',
      });
    throw e;
  }
}

export function createScanningHandlers(
  scanning: () => ScanService,
): PartialHandlerTable<
  'scanning.scanners' | 'scanning.capabilities' | 'scanning.start' | 'scanning.cancel' | 'scanning.finish'
> {
  return {
    'scanning.scanners': () => asIpc(async () => ({ scanners: await scanning().list() })),
    'scanning.capabilities': ({ scanner }) => asIpc(() => scanning().capabilities(scanner)),
    'scanning.start': (r) =>
      asIpc(async () => {
        const { batch, done } = await scanning().start({
          scanner: r.scanner,
          request: r.request,
          folderId: r.folderId,
          ...(r.batchId ? { batchId: r.batchId } : {}),
        });
        // The job runs on; its progress and trouble show in the batch's row (capture.batches).
        void done.catch(() => undefined);
        return { batchId: batch.id };
      }),
    'scanning.cancel': ({ batchId }) => asIpc(async () => (await scanning().cancel(batchId), {})),
    'scanning.finish': ({ batchId }) => asIpc(async () => (await scanning().finish(batchId), {})),
  };
}
