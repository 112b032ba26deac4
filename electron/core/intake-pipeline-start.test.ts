import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from './events/event-bus';
import type { IntakePipeline } from './intake-pipeline';
import { createIntakePipeline } from './intake-pipeline';
import { acceptingUploader } from './intake/test-support/hot-folder-suite';
import { waitFor } from './queue/test-support/queue-fixture';
import { systemClock } from './util/clock';
import { silentLogger } from './util/logger';
import { tempDir } from './util/test-support/temp-dir';

let pipeline: IntakePipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  pipeline = undefined;
});

async function start(dataDir: string) {
  pipeline = await createIntakePipeline({
    dataDir,
    settings: { folders: [], archive: { mode: 'delete', retentionDays: 30 }, upload: { concurrency: 1 } },
    uploader: acceptingUploader(),
    bus: new EventBus(),
    clock: systemClock,
    logger: silentLogger,
  });
  await pipeline.start();
  return pipeline;
}

describe('the pipeline at start', () => {
  it('keeps the outgoing files of documents that still wait; those of documents sent or gone go, and temp files', async () => {
    const dataDir = join(tempDir('pipeline-start-'), 'data');
    let p = await start(dataDir);
    const waiting = await p.queue.importBytes('waiting.pdf', new TextEncoder().encode('%PDF-1.7 waiting'));
    const sent = await p.queue.importBytes('sent.pdf', new TextEncoder().encode('%PDF-1.7 sent'));
    await p.queue.submit([sent.id], { caseNumber: 'CLM-2026-000101' }, false);
    await waitFor(async () => (await p.queue.get(sent.id)).state === 'archived', 'the sent document archived');
    await p.stop();
    pipeline = undefined;
    // As a run that stopped while searchable PDFs were decided (output/outgoing-files.ts) leaves them.
    const outgoing = join(dataDir, 'outgoing');
    await mkdir(outgoing, { recursive: true });
    for (const name of [
      `${waiting.id}.json`,
      `${waiting.id}.pdf`,
      `${sent.id}.json`,
      `${sent.id}.pdf`,
      'no-such-document.json',
      `${waiting.id}.pdf.tmp`,
    ])
      await writeFile(join(outgoing, name), '{}');

    p = await start(dataDir);
    expect(readdirSync(outgoing).sort()).toEqual([`${waiting.id}.json`, `${waiting.id}.pdf`].sort());
  });
});
