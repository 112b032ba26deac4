import { describe, expect, it, onTestFinished } from 'vitest';
import { acceptingUploader, startedQueue, waitFor } from '../queue/test-support/queue-fixture';
import { systemClock } from '../util/clock';
import { StationMonitor } from './station-monitor';

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

describe('StationMonitor', () => {
  it('names the oldest document not yet sent, read again after each change of the queue', async () => {
    const fx = await startedQueue(acceptingUploader);
    fx.queue.pause(); // held in the queue: still waiting, not sent
    const monitor = new StationMonitor({ bus: fx.bus, queue: fx.queue, clock: systemClock, version: 't', pid: 1 });
    onTestFinished(() => monitor.dispose());
    const first = await fx.queue.importBytes('first.pdf', pdf('first'));
    const second = await fx.queue.importBytes('second.pdf', pdf('second'));
    await waitFor(() => monitor.status().oldestWaiting, 'the oldest waiting named');
    expect(monitor.status().oldestWaiting).toEqual({ id: first.id, fileName: 'first.pdf', since: first.arrivedAt });
    // The first one sent: the second is the oldest now, and once it is sent too none is named.
    fx.queue.resume();
    await fx.queue.submit([first.id], { caseNumber: 'CLM-2026-000101' }, false);
    await waitFor(() => monitor.status().oldestWaiting?.id === second.id, 'the second named');
    await fx.queue.submit([second.id], { caseNumber: 'CLM-2026-000101' }, false);
    await waitFor(() => monitor.status().oldestWaiting === undefined, 'none named once both are sent');
  });

  it("counts this station's uploads and failures, not those another office station made (told elsewhere)", async () => {
    const fx = await startedQueue(acceptingUploader);
    const monitor = new StationMonitor({ bus: fx.bus, queue: fx.queue, clock: systemClock, version: 't', pid: 1 });
    onTestFinished(() => monitor.dispose());
    const own = await fx.queue.importBytes('own.pdf', pdf('own'));
    await fx.queue.submit([own.id], { caseNumber: 'CLM-2026-000101' }, false);
    await waitFor(() => monitor.counters.uploads === 1, 'its own upload counted');
    const lastSuccess = monitor.status().lastSuccessAt;
    // Another station's document, as the office database tells it: uploaded there, then failed there.
    const theirs = { ...own, id: 'theirs', state: 'uploaded' as const, uploadedAt: '2099-01-01T00:00:00.000Z' };
    fx.bus.emit({ type: 'documents.changed', documents: [theirs], removed: [], elsewhere: true });
    fx.bus.emit({
      type: 'documents.changed',
      documents: [{ ...theirs, state: 'failed' as const }],
      removed: [],
      elsewhere: true,
    });
    expect(monitor.counters.uploads).toBe(1);
    expect(monitor.counters.uploadFailures).toBe(0);
    expect(monitor.status().lastSuccessAt).toBe(lastSuccess);
    // The same told as this station's own counts (the check above is not vacuous).
    fx.bus.emit({ type: 'documents.changed', documents: [{ ...theirs, id: 'ours-too' }], removed: [] });
    expect(monitor.counters.uploads).toBe(2);
    expect(monitor.status().lastSuccessAt).toBe('2099-01-01T00:00:00.000Z');
  });
});
