import { readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import type { QueueFixture } from './test-support/queue-fixture';
import { acceptingUploader, makeQueue, waitFor } from './test-support/queue-fixture';

const dayClock = (iso: string): Clock => ({ now: () => Date.parse(iso), sleep: systemClock.sleep });

let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

// archivePath is saved (and on disk) before the spool copy moves: a crash after the move is recovered to
// the path the file really went to, even when the restart is on another day (the path names the day).
describe('archive step: the destination is saved before the move', () => {
  it('an archive step cut short keeps its planned path, and the restart on the next day completes it there', async () => {
    fx = await makeQueue(acceptingUploader, { extra: { clock: dayClock('2026-11-24T23:59:00Z') } });
    const dir = fx.dir;
    await fx.queue.start();
    // Something stops the step after it began (here a file where the day folder goes; a crash or power
    // cut after the move leaves the same database state).
    const dayDir = join(fx.dataDir, 'archive', '2026-11-24');
    await mkdir(join(fx.dataDir, 'archive'), { recursive: true });
    await writeFile(dayDir, 'in the way');
    const doc = await fx.queue.importBytes('claim.pdf', Buffer.from('%PDF-1.7 claim'));
    await fx.queue.submit([doc.id], undefined, false);
    await waitFor(() => fx!.store.get(doc.id)?.state === 'uploaded' && fx!.store.get(doc.id)?.archivePath, 'uploaded');
    await new Promise((r) => setTimeout(r, 100));
    const planned = join(dayDir, `${doc.id}_claim.pdf`);
    expect(fx.store.get(doc.id)).toMatchObject({ state: 'uploaded', archivePath: planned });
    await fx.close({ keepFiles: true });

    await rm(dayDir);
    fx = await makeQueue(acceptingUploader, { dir, extra: { clock: dayClock('2026-11-25T08:00:00Z') } });
    await fx.queue.start();
    expect(fx.store.get(doc.id)).toMatchObject({ state: 'archived', archivePath: planned });
    expect(await readFile(planned, 'utf8')).toBe('%PDF-1.7 claim');
    expect(await readdir(join(fx.dataDir, 'archive'))).toEqual(['2026-11-24']);
    expect((await fx.queue.content(doc.id)).bytes.toString()).toBe('%PDF-1.7 claim');
  });
});
