import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { historyStep } from '../../../../shared/domain/history';
import type { IncomingFile } from '../../intake/incoming-file';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { openedForTest } from '../../util/test-support/opened-for-test';
import { DocumentIntake } from '../document-intake';
import type { DocumentStorage, StorageInTransaction } from '../document-storage';
import { ResourceHealth } from '../resource-health';
import { Spool } from '../spool';
import type { DocumentStorageFactory } from './document-storage-contract';

/**
 * The queue's intake (document-intake.ts) over one engine's storage port: a watched folder's file, an
 * unreadable one completed once it can be read, documents adopted with the caller's own records (all or
 * none), a dropped file; and two stations taking one file at once (its seen-file key decides: one document).
 * The spool and the scanner's files are real files in a temp folder; only the upload worker is stood in for.
 */
export function documentIntakeContract(engine: string, open: DocumentStorageFactory): void {
  describe(`the queue's intake on the storage port: ${engine}`, () => {
    const withStorage = openedForTest(open);

    /** A temp folder for this test, removed when it ends. */
    async function folder(): Promise<string> {
      const dir = await mkdtemp(join(tmpdir(), 'intake-contract-'));
      onTestFinished(() => rm(dir, { recursive: true, force: true }));
      return dir;
    }

    /** A station's intake over `documents`, its own spool, and what it told (changes, kicks, notices). */
    async function station(documents: DocumentStorage, name = 'station') {
      const dir = await folder();
      const spool = new Spool(join(dir, `${name}-spool`));
      await spool.init();
      const told: string[] = [];
      const worker = { kicks: 0 };
      const intake = new DocumentIntake({
        work: {
          now: () => new Date().toISOString(),
          changed: (docs) => told.push(...docs.map((d) => `${d.fileName} ${d.state}`)),
          spoolNameAdded: () => undefined,
          notice: (_level, code, values) => told.push(`notice ${code} ${String(values['file'])}`),
        },
        storage: documents,
        spool,
        uploads: { kick: () => worker.kicks++ },
        health: new ResourceHealth({
          places: { data: dir, database: join(dir, 'queue'), spool: spool.dir, archive: join(dir, 'archive') },
          clock: systemClock,
          logger: silentLogger,
        }),
        logger: silentLogger,
      });
      return { intake, spool, told, worker };
    }

    /** A scan written into a watched folder, as the folder hands it over. */
    async function scanIn(dir: string, fileName: string, content: string, autoSubmit = true): Promise<IncomingFile> {
      const sourcePath = join(dir, fileName);
      await writeFile(sourcePath, content);
      const s = await stat(sourcePath);
      const mtimeMs = Math.trunc(s.mtimeMs);
      return {
        sourcePath,
        folder: dir,
        fileName,
        size: s.size,
        mtimeMs,
        seenKey: `${dir}/${fileName}:${s.size}:${mtimeMs}`,
        metadata: { caseNumber: 'CLM-2026-000101' },
        autoSubmit,
      };
    }

    it(
      "a watched folder's file becomes one document, its seen-file key and first history entry, told once committed; again, it is seen",
      withStorage(async ({ documents, history }) => {
        const { intake, told, worker } = await station(documents);
        const file = await scanIn(await folder(), 'scan.pdf', '%PDF-1.7 a scan');
        const r = await intake.ingest(file);
        expect(r).toMatchObject({ outcome: 'created', document: { fileName: 'scan.pdf', state: 'queued' } });
        if (r.outcome !== 'created') return;
        expect(await documents.get(r.document.id)).toMatchObject({ sourcePath: file.sourcePath, size: file.size });
        expect(await intake.hasSeen(file.seenKey)).toBe(true);
        expect((await history.history({ limit: 5 })).map((h) => [h.documentId, h.step?.code])).toEqual([
          [r.document.id, 'arrived'],
        ]);
        expect(told).toEqual(['scan.pdf queued']);
        expect(worker.kicks).toBe(1);
        expect(await intake.ingest(file)).toEqual({ outcome: 'seen' });
        expect((await documents.list({ limit: 10, offset: 0 })).total).toBe(1);
      }),
    );

    it(
      'an unreadable file is a failed document with a notice; once it can be read, ingest completes that same document',
      withStorage(async ({ documents, history }) => {
        const { intake, told } = await station(documents);
        const file = await scanIn(await folder(), 'locked.pdf', '%PDF-1.7 locked');
        const error = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
        const failed = await intake.failUnreadable(file, error);
        expect(failed).toMatchObject({ state: 'failed', error: { code: 'file.unreadable' } });
        // Reported again (the next look): the same document, not a second one.
        expect((await intake.failUnreadable(file, error)).id).toBe(failed.id);
        expect(await intake.hasSeen(file.seenKey)).toBe(false);
        const r = await intake.ingest(file);
        expect(r).toMatchObject({ outcome: 'created', document: { id: failed.id, state: 'queued' } });
        expect((await documents.get(failed.id))?.error).toBeUndefined();
        expect((await documents.list({ limit: 10, offset: 0 })).total).toBe(1);
        expect((await history.history({ limit: 5 })).map((h) => h.step?.code)).toEqual(['readableAgain', 'unreadable']);
        expect(told).toEqual([
          'locked.pdf failed',
          'notice file.unreadable locked.pdf',
          'locked.pdf failed',
          'notice file.unreadable locked.pdf',
          'locked.pdf queued',
        ]);
      }),
    );

    it(
      "adopted documents commit together with the caller's own records, or none of them when those fail",
      withStorage(async ({ documents }) => {
        const { intake, told, worker } = await station(documents);
        const part = (id: string, autoSubmit: boolean) => ({
          id,
          fileName: `${id}.pdf`,
          sourceFolder: '/scans/post',
          copy: { size: 10, sha256: `sha-${id}` },
          metadata: {},
          autoSubmit,
          step: historyStep('splitFrom', { file: 'batch.pdf', page: 1 }),
        });
        const failure = new Error("the caller's record failed");
        await expect(
          intake.adopt([part('part-1', true), part('part-2', false)], () => {
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await documents.get('part-1')).toBeUndefined();
        expect(await documents.get('part-2')).toBeUndefined();
        expect(told).toEqual([]);
        // The caller's records are written in the unit, seeing the documents it made.
        const seen: string[] = [];
        const made = await intake.adopt([part('part-1', true), part('part-2', false)], async (created) => {
          seen.push(...created.map((d) => d.id));
          expect(await documents.get('part-1')).toMatchObject({ state: 'queued' });
        });
        expect(made.map((d) => [d.id, d.state])).toEqual([
          ['part-1', 'queued'],
          ['part-2', 'new'],
        ]);
        expect(seen).toEqual(['part-1', 'part-2']);
        expect(told).toEqual(['part-1.pdf queued', 'part-2.pdf new']);
        expect(worker.kicks).toBe(1);
      }),
    );

    it(
      'a dropped file is imported: its spool copy and its document, an empty one failed',
      withStorage(async ({ documents }) => {
        const { intake, spool } = await station(documents);
        const doc = await intake.importBytes('drop.pdf', new TextEncoder().encode('%PDF-1.7 dropped'));
        expect(doc).toMatchObject({ fileName: 'drop.pdf', sourceFolder: 'import', state: 'new' });
        expect(await spool.exists(doc.id)).toBe(true);
        expect(await documents.get(doc.id)).toMatchObject({ spoolName: doc.id });
        const empty = await intake.importBytes('empty.pdf', new Uint8Array());
        expect(empty).toMatchObject({ state: 'failed', error: { code: 'file.empty' } });
      }),
    );

    it(
      'two stations take one file at once: its seen-file key decides, one document, and the other leaves no copy',
      withStorage(async ({ documents, unitsTakeTurns }) => {
        const [first, second] = togetherInUnits(documents, unitsTakeTurns === true);
        const a = await station(first, 'a');
        const b = await station(second, 'b');
        const file = await scanIn(await folder(), 'shared.pdf', '%PDF-1.7 one scan, two stations');
        const results = await Promise.all([a.intake.ingest(file), b.intake.ingest(file)]);
        expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'seen']);
        const { documents: made } = await documents.list({ limit: 10, offset: 0 });
        expect(made.map((d) => d.fileName)).toEqual(['shared.pdf']);
        // The station that lost took nothing: no spool copy, nothing told, no upload kicked.
        const loser = results[0]!.outcome === 'seen' ? a : b;
        expect(await readdir(loser.spool.dir)).toEqual([]);
        expect(loser.told).toEqual([]);
        expect(loser.worker.kicks).toBe(0);
      }),
    );
  });
}

/**
 * Two stations' views of one storage whose units of work, once they made their first call, wait until the
 * other's unit made its first call too: both are under way before either commits (the moment in which a
 * check outside a lock lets both take the file). An engine whose units take turns (SQLite: one connection)
 * has no such moment, so there they go on at once.
 */
function togetherInUnits(documents: DocumentStorage, unitsTakeTurns: boolean): [DocumentStorage, DocumentStorage] {
  let asked = 0;
  let bothAsked!: () => void;
  const both = new Promise<void>((resolve) => (bothAsked = resolve));
  const firstCallWaits = (tx: StorageInTransaction): StorageInTransaction => {
    let first = true;
    return new Proxy(tx, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        const method = (value as (...args: unknown[]) => unknown).bind(target);
        if (!first) return method;
        return async (...args: unknown[]) => {
          first = false;
          const answer = method(...args); // asked: on PostgreSQL the statement is on its way (and may wait for a lock)
          if (++asked === 2) bothAsked();
          const value = await answer;
          if (!unitsTakeTurns) await both;
          return value;
        };
      },
    });
  };
  const view = (): DocumentStorage =>
    new Proxy(documents, {
      get(target, prop) {
        if (prop === 'transaction')
          return <T>(work: (tx: StorageInTransaction) => Promise<T>) =>
            target.transaction((tx) => work(firstCallWaits(tx)));
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return [view(), view()];
}
