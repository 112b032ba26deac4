import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDraftStorage } from '../drafts/sqlite-draft-storage';
import { openQueueDatabase } from '../queue/queue-database';
import { systemClock } from '../util/clock';
import { OfficeDraftsKept } from './office-drafts-kept';
import { PostgresDraftStorage } from './postgres-draft-storage';
import { officeDatabaseOf, officeSuite, recordingLogger } from './test-support/office-fixture';

// Issue #50 item 5: the office database out of reach, the station keeps the clerk's typed work.
const office = officeSuite();
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("an office station's drafts while the office database is out of reach", () => {
  it('a save is kept on the station, listed there (also by a window opened again), and moved to the office once it answers', async () => {
    const url = await office.server().createDatabase();
    const { db } = officeDatabaseOf(url, { timeoutMs: 3_000 });
    cleanups.push(() => db.close());
    await db.open();
    const dir = mkdtempSync(join(tmpdir(), 'drafts-kept-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const local = openQueueDatabase(join(dir, 'queue.sqlite'));
    cleanups.push(() => local.close());
    const { logger, entries } = recordingLogger();
    const open = async () => true;
    const officeDrafts = new PostgresDraftStorage({ db, isOpen: open, clock: systemClock, stationId: 's1' });
    const drafts = new OfficeDraftsKept({
      office: officeDrafts,
      held: new SqliteDraftStorage({ db: local, isOpen: () => true, clock: systemClock }),
      db,
      logger,
    });
    cleanups.push(() => drafts.close());
    await drafts.save('doc-1', { caseNumber: 'SH-1' });

    await office.server().stop('immediate');
    // Typed while the office is out of reach: no error for the clerk, kept here, said once in the log.
    await expect(drafts.save('doc-2', { caseNumber: 'SH-2' })).resolves.toMatchObject({ documentId: 'doc-2' });
    await drafts.save('doc-1', { caseNumber: 'SH-1b' });
    expect((await drafts.list()).map((d) => [d.documentId, d.values.caseNumber]).sort()).toEqual([
      ['doc-1', 'SH-1b'],
      ['doc-2', 'SH-2'],
    ]);
    expect(entries.filter((e) => e.message.startsWith("office database out of reach: the clerks' typed"))).toHaveLength(
      1,
    );

    await office.server().start();
    // Back: the next list moves what was held; the office then has the clerk's last values.
    const listed = await drafts.list();
    expect(listed.map((d) => [d.documentId, d.values.caseNumber]).sort()).toEqual([
      ['doc-1', 'SH-1b'],
      ['doc-2', 'SH-2'],
    ]);
    expect((await officeDrafts.list()).map((d) => [d.documentId, d.values.caseNumber]).sort()).toEqual([
      ['doc-1', 'SH-1b'],
      ['doc-2', 'SH-2'],
    ]);
    const held = new SqliteDraftStorage({ db: local, isOpen: () => true, clock: systemClock });
    expect(await held.list()).toEqual([]);
  });
});
