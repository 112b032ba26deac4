import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import type { DomainEvent } from '../../events/domain-events';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import type { ConnectionHarness } from '../../platform/test-support/connection-harness';
import { startConnectionHarness } from '../../platform/test-support/connection-harness';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../../settings/default-environment';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { CASE_BATCH_FILE_NAME, CASE_BATCH_PROFILE, caseBatch } from '../test-support/case-batch';
import { BatchStore } from './batch-store';
import { scanIn } from '../../test-support/scans-left';

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

let harness: ConnectionHarness | undefined;
let pipeline: IntakePipeline | undefined;
let dir: string | undefined;
afterEach(async () => {
  await pipeline?.stop();
  await harness?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  pipeline = harness = dir = undefined;
});

describe('a capture batch completes on the domain event of its last archived part', () => {
  it('every part archived but not yet heard: the original stays; the typed documents.changed completes the batch', async () => {
    dir = mkdtempSync(join(tmpdir(), 'capture-completion-'));
    const scans = join(dir, 'scans');
    await mkdir(scans);
    harness = await startConnectionHarness();
    const bus = new HoldingBus();
    // No IPC projection anywhere: capture follows the core's own events, not the screen's.
    pipeline = await createIntakePipeline({
      dataDir: join(dir, 'data'),
      settings: {
        folders: [
          FolderProfileSchema.parse({
            id: 'post',
            label: 'post',
            path: scans,
            ...CASE_BATCH_PROFILE,
            autoSubmit: true,
          }),
        ],
        archive: { mode: 'move', retentionDays: 30 },
        upload: { concurrency: 2 },
        environments: [LOCAL_SANDBOX_ENVIRONMENT],
        activeEnvironmentId: LOCAL_SANDBOX_ENVIRONMENT.id,
      },
      uploader: harness.connect({ timeoutMs: 10_000 }).api,
      bus,
      clock: systemClock,
      logger: silentLogger,
      folderOptions: { stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 } },
      backoff: { baseMs: 50, capMs: 200 },
    });
    const p = pipeline;
    await p.start();
    await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch());

    const archived = () => p.queue.list({ states: ['archived'], limit: 10, offset: 0 }).documents;
    await waitFor(() => archived().length === 3, 'three parts uploaded and archived', 90_000);
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
  }, 150_000);
});
