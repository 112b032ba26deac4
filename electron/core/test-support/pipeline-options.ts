/**
 * The intake pipeline as the capture and output integration tests run it (folders → capture → queue →
 * platform): their folders, archive by moving, the sandbox's environment (so file-name placeholders take
 * only values of their field's format), and quick folder stability and retries so a test waits seconds,
 * not the station's defaults. Anything else a test needs goes in `more`.
 */
import { mkdtempSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Environment, FolderProfile } from '../../../shared/domain/settings';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import type { IntakePipeline, IntakePipelineOptions } from '../intake-pipeline';
import { createIntakePipeline } from '../intake-pipeline';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import type { InboxUploader } from '../queue/inbox-uploader';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../settings/default-environment';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';

export function testPipelineOptions(
  o: {
    dataDir: string;
    folders: FolderProfile[];
    uploader: InboxUploader;
    bus?: EventBus;
    /** Uploads at a time (default 2). */
    concurrency?: number;
    environment?: Environment;
  },
  more: Partial<IntakePipelineOptions> = {},
): IntakePipelineOptions {
  const environment = o.environment ?? LOCAL_SANDBOX_ENVIRONMENT;
  return {
    dataDir: o.dataDir,
    settings: {
      folders: o.folders,
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: o.concurrency ?? 2 },
      environments: [environment],
      activeEnvironmentId: environment.id,
    },
    uploader: o.uploader,
    bus: o.bus ?? new EventBus(),
    clock: systemClock,
    logger: silentLogger,
    folderOptions: {
      stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 },
      reattachMs: 200,
    },
    backoff: { baseMs: 50, capMs: 200 },
    ...more,
  };
}

/** The folder `post` on `path`, with what else its profile says (capture settings, auto-submit …). */
export const postFolder = (path: string, profile: Record<string, unknown> = {}): FolderProfile =>
  FolderProfileSchema.parse({ id: 'post', label: 'post', path, ...profile });

/**
 * A test file's pipeline against the sandbox over sockets, in a fresh folder (`scans/` watched, `data/`):
 * after each test, passed or failed, the pipeline and the sandbox are stopped and the folder removed.
 */
export function platformPipelineBed() {
  let harness: ConnectionHarness | undefined;
  let pipeline: IntakePipeline | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await pipeline?.stop();
    await harness?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    pipeline = harness = dir = undefined;
  });
  return {
    /** What a test made itself (its own set-up), stopped and removed after it like the rest. */
    own(made: { dir?: string; harness?: ConnectionHarness; pipeline?: IntakePipeline }): void {
      dir = made.dir ?? dir;
      harness = made.harness ?? harness;
      pipeline = made.pipeline ?? pipeline;
    },
    /** Made, not started: the test starts it (and may hold events on its own `bus`). */
    async create(
      prefix: string,
      folders: (scans: string) => FolderProfile[],
      o: { bus?: EventBus; concurrency?: number } = {},
    ): Promise<{ p: IntakePipeline; dir: string; scans: string }> {
      const root = mkdtempSync(join(tmpdir(), prefix));
      dir = root;
      const scans = join(root, 'scans');
      await mkdir(scans);
      harness = await startConnectionHarness();
      const uploader = harness.connect({ timeoutMs: 10_000 }).api;
      pipeline = await createIntakePipeline(
        testPipelineOptions({ dataDir: join(root, 'data'), folders: folders(scans), uploader, ...o }),
      );
      return { p: pipeline, dir: root, scans };
    },
  };
}
