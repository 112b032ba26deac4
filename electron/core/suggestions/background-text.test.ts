import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../util/logger';
import type { Logger } from '../util/logger';
import { BackgroundText } from './background-text';
import { DocumentTextService } from './document-text';
import { letterPdf } from './test-support/letters';
import { idleMs } from '../util/test-support/box-pace';

let dir: string;
let text: DocumentTextService;
const files: Record<string, string> = {};
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'background-text-'));
  text = new DocumentTextService({ dataDir: join(dir, 'data'), poolSize: 1 });
  for (const n of [1, 2, 3]) {
    files[`doc${n}`] = join(dir, `letter${n}.pdf`);
    writeFileSync(files[`doc${n}`]!, await letterPdf({ lines: [`Versicherungsnummer: HR-10000${n}`, 'Mit Gruß'] }));
  }
});
afterAll(async () => {
  await text.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('text read in the background on arrival', () => {
  it(
    'reads each arrival once, then the clerk’s request is answered from the cache',
    async () => {
      const read: string[] = [];
      const bg = new BackgroundText({
        text,
        fileOf: (id) => (files[id] ? { path: files[id] } : undefined),
        onRead: async (id) => void read.push(id),
        logger: silentLogger,
      });
      bg.add('doc1');
      bg.add('doc2');
      bg.add('doc2'); // reported twice while waiting: read once
      await bg.idle();
      expect(read.sort()).toEqual(['doc1', 'doc2']);
      const later = await text.textOf(files['doc2']!);
      expect(later).toMatchObject({ ok: true, fromCache: true });
    },
    idleMs(60_000),
  );

  it("the clerk's next documents are read first, then the arrivals newest first (issue #48 item 3)", async () => {
    const order: string[] = [];
    let open = () => {};
    const gate = { promise: new Promise<void>((r) => (open = r)), resolve: () => open() };
    const bg = new BackgroundText({
      // One worker: the first arrival holds it until the clerk's order is given.
      text: {
        threads: 1,
        textOf: async (path) => {
          order.push(path);
          if (order.length === 1) await gate.promise;
          return { ok: false, message: 'not read in this test' };
        },
      },
      fileOf: (id) => ({ path: id }),
      logger: silentLogger,
      maxWaiting: 3,
      settleMs: 0, // the first arrival takes the worker at once (settling: its own test below)
    });
    for (const id of ['a1', 'a2', 'a3', 'a4']) bg.add(id); // a1 read; a2–a4 wait
    bg.add('a5'); // past the cap: not waiting
    bg.first(['a2']);
    bg.first(['a5', 'a1']); // a5 taken in; a1 is being read: not again
    gate.resolve();
    await bg.idle();
    // The clerk's (latest wish first), then the arrivals newest first: the top of the inbox down.
    expect(order).toEqual(['a1', 'a5', 'a2', 'a4', 'a3']);
  });

  it('the worker reads the next document while the last one’s checks run (issue #48 item 3)', async () => {
    const read: string[] = [];
    let open = () => {};
    const checksOfA = new Promise<void>((r) => (open = r));
    const bg = new BackgroundText({
      text: {
        threads: 1,
        textOf: async (path) => {
          read.push(path);
          return { ok: true, pageCount: 1, pages: [], fromCache: false };
        },
      },
      fileOf: (id) => ({ path: id }),
      onRead: (id) => (id === 'a' ? checksOfA : Promise.resolve()),
      logger: silentLogger,
      settleMs: 0, // a is read as it arrives, b while a's checks run
    });
    bg.add('a');
    bg.add('b');
    await vi.waitFor(() => expect(read).toEqual(['a', 'b']), { timeout: idleMs(30_000), interval: 20 });
    let idle = false;
    void bg.idle().then(() => (idle = true));
    await new Promise((r) => setImmediate(r));
    expect(idle).toBe(false); // a's checks still run
    open();
    await bg.idle();
  });

  it('a stack that arrived together is read in the inbox order: newest first, then by name', async () => {
    const order: string[] = [];
    const place: Record<string, { arrivedAt: string; fileName: string }> = {
      old: { arrivedAt: '2026-12-07T08:00:00.000Z', fileName: 'a.pdf' },
      b10: { arrivedAt: '2026-12-07T09:00:00.000Z', fileName: 'brief-10.pdf' },
      b2: { arrivedAt: '2026-12-07T09:00:00.000Z', fileName: 'brief-2.pdf' },
      b1: { arrivedAt: '2026-12-07T09:00:00.000Z', fileName: 'brief-1.pdf' },
    };
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    const bg = new BackgroundText({
      text: {
        threads: 1,
        textOf: async (path) => {
          order.push(path);
          if (order.length === 1) await gate;
          return { ok: false, message: 'not read in this test' };
        },
      },
      fileOf: (id) => ({ path: id }),
      placeOf: (id) => (place[id] ? { id, ...place[id] } : undefined),
      logger: silentLogger,
      settleMs: 0, // 'first' takes the worker at once (settling: its own test below)
    });
    for (const id of ['first', 'old', 'b10', 'b2', 'b1', 'unplaced']) bg.add(id); // 'first' holds the worker
    open();
    await bg.idle();
    expect(order).toEqual(['first', 'b1', 'b2', 'b10', 'old', 'unplaced']);
  });

  it(
    'a document gone before its turn, or unreadable, is skipped and the others are still read',
    async () => {
      const warned: string[] = [];
      const logger: Logger = { ...silentLogger, child: () => logger, warn: (m) => void warned.push(m) };
      const read: string[] = [];
      const bg = new BackgroundText({
        text,
        fileOf: (id) =>
          id === 'sent' ? undefined : { path: id === 'missing' ? join(dir, 'nope.pdf') : (files[id] ?? '') },
        onRead: async (id) => void read.push(id),
        logger,
      });
      for (const id of ['sent', 'missing', 'doc3']) bg.add(id);
      await bg.idle();
      expect(read).toEqual(['doc3']);
      expect(warned).toEqual(['background text failed']); // the missing file; 'sent' is not an error
    },
    idleMs(60_000),
  );

  it(
    'beyond the backlog limit, arrivals are left to be read when opened; after stop nothing new starts',
    async () => {
      const read: string[] = [];
      const said: string[] = [];
      const logger: Logger = { ...silentLogger, child: () => logger, info: (m) => void said.push(m) };
      const bg = new BackgroundText({
        text,
        fileOf: (id) => (files[id] ? { path: files[id] } : undefined),
        onRead: async (id) => void read.push(id),
        logger,
        maxWaiting: 1,
        settleMs: 0,
      });
      bg.add('doc1'); // handed to the one worker at once
      bg.add('doc2'); // waits
      bg.add('doc3'); // backlog full: left
      bg.add('doc4'); // and this one; said once
      await bg.idle();
      expect(read).toEqual(['doc1', 'doc2']);
      expect(said).toEqual(['background text: backlog full, later arrivals read when opened']);
      bg.stop();
      bg.add('doc3');
      await bg.idle();
      expect(read).toEqual(['doc1', 'doc2']);
    },
    idleMs(60_000),
  );

  describe('a stack settles before its first read, while the engines start (issue #48 item 3)', () => {
    const sameTime = '2026-12-07T09:00:00.000Z';
    const placed = (id: string) => ({ id, arrivedAt: sameTime, fileName: `brief-${id}.pdf` });

    it('arrivals into an idle reader: the engines start at the first, the top of the list is read first', async () => {
      const events: string[] = [];
      const bg = new BackgroundText({
        text: {
          threads: 1,
          warm: async (languages) => void events.push(`warm ${languages ?? 'default'}`),
          textOf: async (path) => {
            events.push(`read ${path}`);
            return { ok: false, message: 'not read in this test' };
          },
        },
        fileOf: (id) => ({ path: id, languages: 'deu' }),
        placeOf: placed,
        logger: silentLogger,
      });
      // As a copy writes a stack: 10, then 2, then 1 (the list shows brief-1 on top).
      for (const id of ['10', '2', '1']) bg.add(id);
      await bg.idle();
      // Before: the first arrival (brief-10, the list's bottom) took the worker cold at once.
      expect(events).toEqual(['warm deu', 'read 1', 'read 2', 'read 10']);
    });

    it('the clerk asking for their next document ends the settling at once', async () => {
      const read: string[] = [];
      const bg = new BackgroundText({
        text: {
          threads: 1,
          textOf: async (path) => {
            read.push(path);
            return { ok: false, message: 'not read in this test' };
          },
        },
        fileOf: (id) => ({ path: id }),
        logger: silentLogger,
        settleMs: 3_600_000, // only the clerk's request can start a read in this test
      });
      bg.add('a');
      bg.add('b');
      bg.first(['b']);
      await vi.waitFor(() => expect(read).toEqual(['b', 'a']), { timeout: idleMs(30_000), interval: 20 });
      bg.stop();
    });

    it('a folder that never stops filling still starts reading', async () => {
      const read: string[] = [];
      const bg = new BackgroundText({
        text: {
          threads: 1,
          textOf: async (path) => {
            read.push(path);
            return { ok: false, message: 'not read in this test' };
          },
        },
        fileOf: (id) => ({ path: id }),
        logger: silentLogger,
        maxWaiting: 100_000,
        settleMs: 50,
      });
      let added = 0;
      // An arrival every few ms, each resetting the settle time: the cap (5 × settleMs after the first) ends it.
      while (read.length === 0 && added < 10_000) {
        bg.add(`doc${added++}`);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(read.length).toBeGreaterThan(0);
      expect(added).toBeLessThan(10_000);
      bg.stop();
    });

    it(
      'the real text workers warm up and then read as before',
      async () => {
        await text.warm('deu');
        const read = await text.textOf(files['doc1']!);
        expect(read).toMatchObject({ ok: true });
      },
      idleMs(60_000),
    );
  });
});
