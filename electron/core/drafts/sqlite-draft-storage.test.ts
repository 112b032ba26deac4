import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentStore } from '../queue/document-store';
import { openQueueDatabase } from '../queue/queue-database';
import { SqliteDocumentStorage } from '../queue/sqlite-document-storage';
import { systemClock } from '../util/clock';
import { SqliteDraftStorage } from './sqlite-draft-storage';
import { draftStorageContract } from './test-support/draft-storage-contract';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

draftStorageContract('SQLite (the queue file)', async (deps) => {
  const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
  dirs.push(dir);
  let db = openQueueDatabase(join(dir, 'queue.sqlite'));
  return {
    drafts: new SqliteDraftStorage({ db, ...deps }),
    reopen: async () => {
      db.close();
      db = openQueueDatabase(join(dir, 'queue.sqlite'));
      return new SqliteDraftStorage({ db, ...deps });
    },
    close: async () => {
      db.close();
    },
  };
});

describe('SqliteDraftStorage (issue #31 item 2)', () => {
  it('deletes the rows of drafts it drops, not only hides them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
    dirs.push(dir);
    const inbox = new Set(['a', 'b']);
    const db = openQueueDatabase(join(dir, 'queue.sqlite'));
    const drafts = new SqliteDraftStorage({ db, isOpen: (id) => inbox.has(id), clock: systemClock });
    await drafts.save('a', { caseNumber: 'CLM-2026-000123' });
    await drafts.save('b', { policyNumber: 'HR-100001' });
    expect(await drafts.save('a', {})).toBeNull();
    inbox.delete('b');
    expect(await drafts.list()).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM drafts').get()).toEqual({ n: 0 });
    db.close();
  });

  it("waits while a unit of work of the documents' port holds the connection, and is not rolled back with it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drafts-'));
    dirs.push(dir);
    const db = openQueueDatabase(join(dir, 'queue.sqlite'));
    const store = new DocumentStore(db);
    const documents = new SqliteDocumentStorage(store);
    const drafts = new SqliteDraftStorage({ db, isOpen: () => true, clock: systemClock });
    let halfway!: () => void;
    const reached = new Promise<void>((resolve) => (halfway = resolve));
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    const failure = new Error('the unit failed');
    const unit = documents.transaction(async () => {
      halfway();
      await failing;
      throw failure;
    });
    await reached;
    // The clerk types while another command's unit is under way; that unit then fails and rolls back.
    const saved = drafts.save('a', { caseNumber: 'CLM-2026-000123' });
    fail();
    await expect(unit).rejects.toBe(failure);
    expect(await saved).toMatchObject({ documentId: 'a', values: { caseNumber: 'CLM-2026-000123' } });
    expect((await drafts.list()).map((d) => d.documentId)).toEqual(['a']);
    await store.close();
    db.close();
  });
});
