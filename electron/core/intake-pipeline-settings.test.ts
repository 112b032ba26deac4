import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../shared/domain/settings';
import { EventBus } from './events/event-bus';
import { createIntakePipeline } from './intake-pipeline';
import { startConnectionHarness } from './platform/test-support/connection-harness';
import { platformPipelineBed } from './test-support/pipeline-options';
import { waitFor } from './queue/test-support/queue-fixture';
import { createDefaultSettings } from './settings/default-settings';
import { SettingsService } from './settings/settings-service';
import { systemClock } from './util/clock';
import { silentLogger } from './util/logger';
import { idleMs } from './util/test-support/box-pace';

/**
 * Settings reach the pipeline by one route: the settings service publishes settings.saved on the core's
 * bus, and the pipeline applies it. No IPC handler, no second listener: a save by any caller counts.
 * The real pipeline, folders and sandbox (over sockets).
 */
const bed = platformPipelineBed();

async function start(watchFolders: boolean) {
  const dir = await mkdtemp(join(tmpdir(), 'intake-pipeline-settings-'));
  bed.own({ dir });
  const harness = await startConnectionHarness();
  bed.own({ harness });
  const bus = new EventBus();
  const settings = new SettingsService({
    path: join(dir, 'settings.json'),
    defaults: () => createDefaultSettings({ baseUrl: harness.sandbox.baseUrl, tokenUrl: harness.sandbox.tokenUrl }),
    clock: systemClock,
    logger: silentLogger,
    events: bus,
  });
  const initial = await settings.load();
  const pipeline = await createIntakePipeline({
    dataDir: join(dir, 'data'),
    settings: initial,
    watchFolders,
    uploader: harness.connect({ timeoutMs: 10_000 }).api,
    bus,
    clock: systemClock,
    logger: silentLogger,
    folderOptions: { stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 } },
  });
  bed.own({ pipeline });
  await pipeline.start();
  const scans = join(dir, 'scans');
  await mkdir(scans);
  const folder = FolderProfileSchema.parse({
    id: 'claims',
    label: 'Claims',
    path: scans,
    fileNamePattern: '{CaseNumber}_{DocumentTypeCode}_*.pdf',
  });
  return { settings, scans, folder, p: pipeline };
}

describe('settings reach the pipeline through settings.saved alone', () => {
  it(
    'a save starts the new folder, and a new document type applies to the next file without a restart',
    async () => {
      const { settings, scans, folder, p } = await start(true);
      const doc = async (name: string) =>
        (await p.queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.fileName === name);

      await settings.save({ ...settings.get(), folders: [folder] });
      await writeFile(join(scans, 'CLM-2026-000101_GUTACHTEN_1.pdf'), '%PDF-1.4 before');
      await waitFor(() => doc('CLM-2026-000101_GUTACHTEN_1.pdf'), 'the saved folder watched');
      // Not a document type yet: the placeholder's value is left out, the case number is taken.
      expect((await doc('CLM-2026-000101_GUTACHTEN_1.pdf'))?.metadata).toMatchObject({ caseNumber: 'CLM-2026-000101' });
      expect((await doc('CLM-2026-000101_GUTACHTEN_1.pdf'))?.metadata.documentTypeCode).toBeUndefined();

      const next = settings.get();
      await settings.save({
        ...next,
        documentTypes: [...next.documentTypes, { code: 'GUTACHTEN', label: 'Gutachten' }],
      });
      await writeFile(join(scans, 'CLM-2026-000101_GUTACHTEN_2.pdf'), '%PDF-1.4 after');
      await waitFor(() => doc('CLM-2026-000101_GUTACHTEN_2.pdf'), 'second scan');
      expect((await doc('CLM-2026-000101_GUTACHTEN_2.pdf'))?.metadata.documentTypeCode).toBe('GUTACHTEN');
    },
    idleMs(30_000),
  );

  it(
    'without watching (watchFolders false), a saved folder is not watched',
    async () => {
      const { settings, scans, folder, p } = await start(false);
      await settings.save({ ...settings.get(), folders: [folder] });
      await writeFile(join(scans, 'CLM-2026-000101_BRIEF_1.pdf'), '%PDF-1.4 left alone');
      // Three times the folders' stable time: a watched folder would have taken it by now.
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await p.queue.list({ limit: 10, offset: 0 })).documents).toEqual([]);
    },
    idleMs(30_000),
  );
});
