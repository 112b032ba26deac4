import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { createIntakePipeline } from '../intake-pipeline';
import { acceptingUploader, fastFolderTimings } from '../intake/test-support/hot-folder-suite';
import { createDefaultSettings } from '../settings/default-settings';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { waitUntilDone } from '../util/test-support/box-pace';
import { OfficeMembership } from './office-membership';
import { officeAddress, officeSuite, recordingLogger } from './test-support/office-fixture';

/** A station in a process of its own whose clerk holds one document (test-support/clerk-at-station.ts). */
async function clerkAtStation(o: {
  url: string;
  documentId: string;
  clerk: string;
  station: string;
  lapseSeconds: number;
  metadata: Record<string, string>;
}) {
  const dir = await mkdtemp(join(tmpdir(), 'office-clerk-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const script = join(import.meta.dirname, 'test-support', 'clerk-at-station.ts');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--url', o.url, '--dir', dir, '--document', o.documentId, '--clerk', o.clerk].concat([
      '--station',
      o.station,
      '--lapse',
      String(o.lapseSeconds),
      '--metadata',
      JSON.stringify(o.metadata),
    ]),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const gone = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  cleanups.push(async () => {
    child.kill('SIGKILL');
    await gone;
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('holding')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the clerk's station ended (${code}) before holding: ${err}`)));
  });
  return { kill: () => child.kill('SIGKILL'), gone };
}

// Two clerks never change one document (issue #50 item 3), through two stations' cores as the window puts
// them together (intake-pipeline.ts) on one real PostgreSQL: the document one clerk has open is refused to
// the other for every change (tag, submit, page edit, typed values) and nothing of it changes; leaving frees
// it live; a station killed (kill -9, a process of its own) loses its clerk's hold after the lapse, and the
// other clerk takes the document with what was saved.
const office = officeSuite();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function station(url: string, o: { name: string; clerk: string; lapseSeconds?: number }) {
  const dir = await mkdtemp(join(tmpdir(), 'office-holds-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const scans = join(dir, 'scans');
  await mkdir(scans);
  const membership = await OfficeMembership.start({
    address: officeAddress(url),
    dataDir: join(dir, 'data'),
    name: o.name,
    ...(o.lapseSeconds ? { lapseSeconds: o.lapseSeconds } : {}),
    logger: recordingLogger().logger,
    retry: { firstMs: 100, maxMs: 500 },
  });
  cleanups.push(() => membership.close());
  const bus = new EventBus();
  /** The documents as this station's window was last told of them. */
  const told = new Map<string, Document>();
  bus.on('documents.changed', ({ documents }) => documents.forEach((d) => told.set(d.id, d)));
  const pipeline = await createIntakePipeline({
    dataDir: join(dir, 'data'),
    settings: {
      ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
      folders: [FolderProfileSchema.parse({ id: 's', label: 'Scans', path: scans, autoSubmit: false })],
    },
    uploader: acceptingUploader(() => undefined),
    bus,
    clock: systemClock,
    logger: silentLogger,
    folderOptions: fastFolderTimings(),
    office: { db: membership.db, station: membership.station, joined: membership.joined, clerk: o.clerk },
  });
  cleanups.push(() => pipeline.stop());
  await pipeline.start();
  await membership.joined;
  const { queue, pages, drafts, holds } = pipeline;
  /** What a refused call was refused with (its code and who has it), or 'done'. */
  const refusal = (call: Promise<unknown>) =>
    call.then(
      () => 'done',
      (e: { code?: string; heldBy?: unknown }) => ({ code: e.code, heldBy: e.heldBy }),
    );
  return { scans, membership, queue, pages, drafts, holds, told, refusal, db: membership.db };
}

const waitUntil = (done: () => boolean | Promise<boolean>, what: string, state: () => unknown): Promise<void> =>
  waitUntilDone(what, done, state, { stallMs: 20_000, ceilingMs: 120_000 });

/** A two-page scan written into A's watched folder, once both stations list it. */
async function scanAtA(a: Awaited<ReturnType<typeof station>>, b: Awaited<ReturnType<typeof station>>) {
  const pdf = await PDFDocument.create();
  pdf.addPage([400, 600]);
  pdf.addPage([500, 600]);
  await writeFile(join(a.scans, 'letter.pdf'), await pdf.save());
  const listed = async (s: typeof a) => (await s.queue.list({ limit: 10, offset: 0 })).documents;
  await waitUntil(
    async () => (await listed(a)).length === 1,
    'A took the scan',
    async () => listed(a),
  );
  const [doc] = await listed(a);
  if (!doc) throw new Error('no document');
  await waitUntil(
    () => b.told.has(doc.id),
    "B told of A's scan",
    () => b.told.size,
  );
  return doc;
}

describe('two clerks on one office document (issue #50 item 3)', () => {
  it("A has it open: B's tag, submit, page edit and typed values are refused with who has it, nothing changes; A leaves: B sees it free live, takes it and saves", async () => {
    const url = await office.server().createDatabase();
    const a = await station(url, { name: 'FRONT-PC', clerk: 'anna' });
    const b = await station(url, { name: 'BACK-PC', clerk: 'ben' });
    const doc = await scanAtA(a, b);

    expect(await a.holds.take(doc.id)).toEqual({ outcome: 'taken' });
    const anna = { station: 'FRONT-PC', clerk: 'anna', since: expect.any(String) };
    // B's window hears at once who has it (the take's notice), and its list and the document say so.
    await waitUntil(
      () => b.told.get(doc.id)?.heldBy !== undefined,
      "B told of A's take",
      () => b.told.get(doc.id),
    );
    expect(b.told.get(doc.id)?.heldBy).toEqual(anna);
    expect((await b.queue.list({ limit: 10, offset: 0 })).documents[0]?.heldBy).toEqual(anna);
    expect(await b.holds.take(doc.id)).toEqual({ outcome: 'held', heldBy: anna });
    // A's own view of it: theirs, so nothing to show.
    expect((await a.queue.get(doc.id)).heldBy).toBeUndefined();

    const held = { code: 'office.held', heldBy: anna };
    expect(await b.refusal(b.queue.tag([doc.id], { caseNumber: 'BEN-1' }))).toEqual(held);
    expect(await b.refusal(b.queue.submit([doc.id], { caseNumber: 'BEN-1' }, false))).toEqual(held);
    expect(await b.refusal(b.pages.edit(doc.id, [{ source: 0, rotate: 90 }]))).toEqual(held);
    expect(await b.refusal(b.pages.split(doc.id, 1))).toEqual(held);
    expect(await b.refusal(b.drafts.save(doc.id, { caseNumber: 'BEN-1' }))).toEqual(held);
    const unchanged = await a.queue.get(doc.id);
    expect(unchanged).toMatchObject({ state: 'new', metadata: {}, sha256: doc.sha256 });
    expect(unchanged.updatedAt).toBe(doc.updatedAt);
    expect(await a.drafts.list()).toEqual([]);
    expect((await a.queue.list({ limit: 10, offset: 0 })).total).toBe(1); // no split part either

    // A, who has it, changes it.
    await a.queue.tag([doc.id], { caseNumber: 'ANNA-1' });
    // A moves on: B's window hears it free, B takes it and saves.
    await a.holds.leave(doc.id);
    await waitUntil(
      () => b.told.get(doc.id)?.heldBy === undefined,
      "B told of A's leave",
      () => b.told.get(doc.id),
    );
    expect(await b.holds.take(doc.id)).toEqual({ outcome: 'taken' });
    const [saved] = await b.queue.tag([doc.id], { documentTypeCode: 'INV' });
    expect(saved?.metadata).toEqual({ caseNumber: 'ANNA-1', documentTypeCode: 'INV' });
    // Now A is the one refused, with B's name: A's values are not written over B's.
    const ben = { station: 'BACK-PC', clerk: 'ben', since: expect.any(String) };
    expect(await a.refusal(a.queue.tag([doc.id], { caseNumber: 'ANNA-2' }))).toEqual({
      code: 'office.held',
      heldBy: ben,
    });
    // B submits: a queued document is no one's (A's station, which took it in, sends it at once); A sees it
    // free and cannot take it.
    await b.queue.submit([doc.id], undefined, false);
    await waitUntil(
      () => !['new', 'tagged'].includes(a.told.get(doc.id)?.state ?? 'new'),
      "A told of B's submit",
      () => a.told.get(doc.id),
    );
    expect(a.told.get(doc.id)?.heldBy).toBeUndefined();
    expect(await a.holds.take(doc.id)).toEqual({ outcome: 'not_takeable' });
  });

  it("kill -9 of A's station while Anna has a letter open: after the lapse it comes back to Ben, live, with what she saved", async () => {
    const url = await office.server().createDatabase();
    const b = await station(url, { name: 'BACK-PC', clerk: 'ben', lapseSeconds: 2 });
    // The letter comes in at Ben's station; Anna, at FRONT-PC (a process of its own), opens and tags it.
    const pdf = await PDFDocument.create();
    pdf.addPage([400, 600]);
    await writeFile(join(b.scans, 'letter.pdf'), await pdf.save());
    await waitUntil(
      async () => (await b.queue.list({ limit: 10, offset: 0 })).total === 1,
      'B took the scan',
      () => b.told.size,
    );
    const [doc] = (await b.queue.list({ limit: 10, offset: 0 })).documents;
    if (!doc) throw new Error('no document');
    const anna = await clerkAtStation({
      url,
      documentId: doc.id,
      clerk: 'anna',
      station: 'FRONT-PC',
      lapseSeconds: 2,
      metadata: { caseNumber: 'ANNA-7', documentTypeCode: 'INV' },
    });
    await waitUntil(
      () => b.told.get(doc.id)?.heldBy?.clerk === 'anna' && b.told.get(doc.id)?.metadata.caseNumber === 'ANNA-7',
      "Anna's take and tag told to Ben",
      () => b.told.get(doc.id),
    );
    expect(await b.holds.take(doc.id)).toMatchObject({ outcome: 'held', heldBy: { station: 'FRONT-PC' } });
    anna.kill();
    await anna.gone;
    // Ben's window is told once the hold lapsed (Ben's heartbeat ends it and says so); he asks nothing meanwhile.
    // (That a hold lapses only after a lapse of its station's silence, on the server's clock, is
    // office-holds.test.ts's: a bound on the wall clock here would assume an idle box.)
    await waitUntil(
      () => b.told.get(doc.id)?.heldBy === undefined,
      'the lapse told to Ben',
      () => b.told.get(doc.id),
    );
    expect(await b.holds.take(doc.id)).toEqual({ outcome: 'taken' });
    expect((await b.queue.get(doc.id)).metadata).toEqual({ caseNumber: 'ANNA-7', documentTypeCode: 'INV' });
    const [saved] = await b.queue.tag([doc.id], { caseNumber: 'BEN-1' });
    expect(saved?.metadata).toEqual({ caseNumber: 'BEN-1', documentTypeCode: 'INV' });
  });
});
