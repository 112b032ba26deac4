import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { IntakeError } from '../errors';
import type { Logger } from '../util/logger';
import type { QueueStatus } from '../../../shared/domain/queue';
import { SqliteDocumentStorage } from './sqlite-document-storage';
import { acceptingUploader, makeQueue, startedQueue, waitFor } from './test-support/queue-fixture';

// The status's counts come from the storage port, which answers later; the status bar, the metrics and
// queue.changed read them synchronously, so they are a snapshot read again before each queue.changed (at most
// every 250 ms after a change told); who decides on them (the agent's --once) reads them now (freshStatus).
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

describe("the queue's status counts: a snapshot that follows the changes told", () => {
  it('counts documents dropped in and one taken back, and queue.changed carries the counts', async () => {
    const fx = await startedQueue(acceptingUploader);
    const sent: QueueStatus[] = [];
    fx.bus.on('queue.changed', (e) => sent.push(e.status));
    await fx.queue.importBytes('a.pdf', pdf('a'));
    const b = await fx.queue.importBytes('b.pdf', pdf('b'));
    await waitFor(() => fx.queue.status().counts.new === 2, 'two new documents counted');
    await waitFor(() => sent.at(-1)?.counts.new === 2, 'queue.changed with two new documents');
    await fx.queue.discard(b.id);
    await waitFor(() => fx.queue.status().counts.new === 1, 'the document taken back no longer counted');
    await waitFor(() => sent.at(-1)?.counts.new === 1, 'queue.changed with one new document');
  });

  it('a change told inside a unit of work that then rolls back is not counted', async () => {
    const fx = await startedQueue(acceptingUploader);
    const a = await fx.queue.importBytes('a.pdf', pdf('a'));
    await waitFor(() => fx.queue.status().counts.new === 1, 'the document counted');
    const sent: QueueStatus[] = [];
    fx.bus.on('queue.changed', (e) => sent.push(e.status));
    const reads = vi.spyOn(SqliteDocumentStorage.prototype, 'counts');
    onTestFinished(() => reads.mockRestore());
    // The page tools tell a document taken back when its own joined unit resolves, before the outer commit;
    // the unit stays open until the counts were asked for again (the status timer that telling set).
    await expect(
      fx.queue.edits.inOneUnit(async () => {
        await fx.queue.discard(a.id);
        await waitFor(() => reads.mock.calls.length > 0, 'the counts asked for');
        throw new Error('the page tools failed');
      }),
    ).rejects.toThrow('the page tools failed');
    const [changed] = await waitFor(() => sent.length > 0 && sent, 'queue.changed after the rollback');
    expect(changed?.counts.new).toBe(1);
    expect(fx.queue.status().counts.new).toBe(1);
  });

  it('freshStatus reads the counts now: a change told a moment ago is in them', async () => {
    const fx = await startedQueue(acceptingUploader);
    await fx.queue.importBytes('a.pdf', pdf('a'));
    expect((await fx.queue.freshStatus()).counts.new).toBe(1);
  });

  it('a read that fails is logged, unless its source said it already (the office database out of reach)', async () => {
    const warnings: string[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (m) => void warnings.push(m),
      error: () => undefined,
      child: () => logger,
    };
    const fx = await makeQueue(acceptingUploader, { extra: { logger } });
    onTestFinished(() => fx.close());
    await fx.queue.start();
    const reads = vi.spyOn(SqliteDocumentStorage.prototype, 'counts');
    onTestFinished(() => reads.mockRestore());
    // Before the station joined the office (or during an outage) every read fails with the same error its
    // database warned of once: before #50's fix each status read added a "queue counts not read" line.
    const outage = new IntakeError('unreachable', 'office.unreachable', 'The office database is not joined yet', {
      said: true,
    });
    reads.mockRejectedValue(outage);
    await fx.queue.freshStatus().catch(() => undefined);
    await fx.queue.freshStatus().catch(() => undefined);
    expect(reads.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(warnings).not.toContain('queue counts not read');
    // An error nobody told of is ours to tell.
    reads.mockRejectedValue(new Error('a column this version does not know'));
    await fx.queue.freshStatus().catch(() => undefined);
    expect(warnings).toContain('queue counts not read');
  });
});
