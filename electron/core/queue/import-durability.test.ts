import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxUploader } from './inbox-uploader';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue } from './test-support/queue-fixture';

const never: InboxUploader = { uploadToInbox: () => new Promise(() => undefined) };

let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

// A dropped file has no scanner file behind it: its spool copy is the only copy. Once the clerk is told
// "imported", the database row must be on disk, or a power cut would roll the row back and the start-up
// sweep would delete the only copy as an orphan.
describe('import of a dropped file', () => {
  it('answers only once its database insert is on disk', async () => {
    let hold = true;
    const held: Array<() => void> = [];
    fx = await makeQueue(never, {
      flush: () => (hold ? new Promise<void>((r) => held.push(r)) : Promise.resolve()),
    });
    hold = false;
    await fx.queue.start();
    hold = true;
    let answered = false;
    const importing = fx.queue.importBytes('dropped.pdf', Buffer.from('%PDF-1.7 dropped')).then((d) => {
      answered = true;
      return d;
    });
    for (let i = 0; i < 50 && held.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(held.length, 'a flush was asked for').toBeGreaterThan(0);
    expect(answered, 'no answer while the insert is only in the OS cache').toBe(false);
    hold = false;
    for (const release of held.splice(0)) release();
    const doc = await importing;
    expect(fx.store.get(doc.id)?.state).toBe('new');
  });

  it('a spool file whose insert was lost (never answered) is swept at start; an answered one is kept', async () => {
    fx = await makeQueue(never);
    await fx.queue.start();
    const kept = await fx.queue.importBytes('kept.pdf', Buffer.from('%PDF-1.7 kept'));
    const dir = fx.dir;
    // The state a power cut leaves for an import that never answered: its copy, no row.
    await fx.spool.writeBytes(Buffer.from('%PDF-1.7 lost'), 'never-answered');
    await fx.close({ keepFiles: true });
    fx = await makeQueue(never, { dir });
    const r = await fx.queue.start();
    expect(r.spool.orphaned).toBe(1);
    expect(await readdir(join(fx.dataDir, 'spool'))).toEqual([kept.id]);
  });
});
