import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { idleMs } from '../util/test-support/box-pace';
import { DocumentStore } from './document-store';
import { openQueueDatabase } from './queue-database';
import { SqliteDocumentStorage } from './sqlite-document-storage';
import { clerkCommandsContract } from './test-support/clerk-commands-contract';
import { documentEditsContract } from './test-support/document-edits-contract';
import { documentIntakeContract } from './test-support/document-intake-contract';
import type { DocumentStorageFactory } from './test-support/document-storage-contract';
import { documentStorageContract, newDocument } from './test-support/document-storage-contract';
import { uploadClaimContract } from './test-support/upload-claim-contract';

const dir = mkdtempSync(join(tmpdir(), 'document-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const openSqlite: DocumentStorageFactory = async () => {
  const db = openQueueDatabase(join(dir, `queue-${++n}.sqlite`));
  const store = new DocumentStore(db);
  const storage = new SqliteDocumentStorage(store);
  return {
    documents: storage,
    history: storage,
    unitsTakeTurns: true,
    close: async () => {
      await store.close();
      db.close();
    },
  };
};

documentStorageContract('SQLite (the queue file)', openSqlite);
clerkCommandsContract('SQLite (the queue file)', openSqlite);
documentEditsContract('SQLite (the queue file)', openSqlite);
documentIntakeContract('SQLite (the queue file)', openSqlite);
uploadClaimContract('SQLite (the queue file)', openSqlite);

describe("SQLite's units of work (one connection)", () => {
  const at = new Date().toISOString();

  /** A storage whose flushes to disk the test counts. */
  function open() {
    const flushes = { started: 0 };
    const db = openQueueDatabase(join(dir, `queue-${++n}.sqlite`));
    const store = new DocumentStore(db, {
      flush: async () => {
        flushes.started++;
      },
    });
    return { db, store, storage: new SqliteDocumentStorage(store), flushes };
  }

  it("refuses a synchronous write from outside while another's unit holds the connection, and the unit commits as it was", async () => {
    const { db, store, storage } = open();
    const d = store.insert(newDocument());
    let halfway!: () => void;
    const reached = new Promise<void>((resolve) => (halfway = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const unit = storage.transaction(async (tx) => {
      await tx.update(d.id, { state: 'tagged' }, at);
      halfway();
      await finished;
    });
    await reached;
    // A service not yet on the port writes through the store: it would join the unit's transaction unseen.
    expect(() => store.update(d.id, { state: 'failed' }, at)).toThrow(/while a unit of work held it/);
    expect(() => store.markSeen('file-key', 'doc', at)).toThrow(/while a unit of work held it/);
    expect(() => store.moveSource(d.id, '/elsewhere')).toThrow(/while a unit of work held it/);
    finish();
    await unit;
    expect(store.get(d.id)?.state).toBe('tagged');
    expect(store.hasSeen('file-key')).toBe(false);
    // Once the unit committed, the store writes again.
    expect(store.update(d.id, { state: 'new' }, at).state).toBe('new');
    await store.close();
    db.close();
  });

  it("flushes a unit's commit to disk soon, as every commit", async () => {
    const { db, store, storage, flushes } = open();
    await storage.transaction(async (tx) => {
      await tx.insert(newDocument({ state: 'queued', idempotencyKey: 'key' }));
    });
    await expect.poll(() => flushes.started, { timeout: idleMs(2_000) }).toBe(1);
    await store.close();
    db.close();
  });
});
