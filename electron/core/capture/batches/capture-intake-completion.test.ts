import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events/domain-events';
import { EventBus } from '../../events/event-bus';
import { platformPipelineBed, postFolder } from '../../test-support/pipeline-options';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { CASE_BATCH_FILE_NAME, CASE_BATCH_PROFILE, caseBatch } from '../test-support/case-batch';
import { BatchStore } from './batch-store';
import { scanIn } from '../../test-support/scans-left';
import { idleMs } from '../../util/test-support/box-pace';

/**
 * The core's bus, with the domain events that tell of archived documents held back until released: what
 * capture does when it has not (yet) heard them.
 */
class HoldingBus extends EventBus {
  private holding = true;
  private readonly held: DomainEvent[] = [];

  override emit(event: DomainEvent): void {
    if (this.holding && event.type === 'documents.changed' && event.documents.some((d) => d.state === 'archived')) {
      this.held.push(event);
      return;
    }
    super.emit(event);
  }

  release(): void {
    this.holding = false;
    for (const event of this.held.splice(0)) super.emit(event);
  }
}

const bed = platformPipelineBed();

describe('a capture batch completes on the domain event of its last archived part', () => {
  it(
    'every part archived but not yet heard: the original stays; the typed documents.changed completes the batch',
    async () => {
      const bus = new HoldingBus();
      // No IPC projection anywhere: capture follows the core's own events, not the screen's.
      const { p, dir, scans } = await bed.create(
        'capture-completion-',
        (scans) => [postFolder(scans, { ...CASE_BATCH_PROFILE, autoSubmit: true })],
        { bus },
      );
      await p.start();
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch());

      const archived = async () => (await p.queue.list({ states: ['archived'], limit: 10, offset: 0 })).documents;
      await waitFor(async () => (await archived()).length === 3, 'three parts uploaded and archived', 90_000);
      const batches = new BatchStore(p.db);
      const [batch] = batches.inState('split');
      expect(batch?.fileName).toBe(CASE_BATCH_FILE_NAME);
      const original = join(dir, 'data', 'capture', 'originals', batch!.id);
      // Unheard, the archived parts complete nothing: the batch waits, its original is kept.
      await new Promise((r) => setTimeout(r, 500));
      expect(batches.get(batch!.id)?.state).toBe('split');
      expect(existsSync(original)).toBe(true);
      expect(scanIn(scans, CASE_BATCH_FILE_NAME)).toBeDefined();

      bus.release();
      await waitFor(() => batches.get(batch!.id)?.state === 'done', 'batch done', 30_000);
      expect(existsSync(original)).toBe(false);
      expect(scanIn(scans, CASE_BATCH_FILE_NAME), 'the scanner file goes after the last part').toBeUndefined();
    },
    idleMs(150_000),
  );
});
