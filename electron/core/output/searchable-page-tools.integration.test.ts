import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { turnGray } from '../capture/pages/bitmap';
import { decodeGray, pdfOfScans } from '../capture/test-support/synthetic-scan';
import { waitFor } from '../queue/test-support/queue-fixture';
import { letterScan } from '../suggestions/test-support/letters';
import { searchablePipeline } from './test-support/searchable-pipeline';
import { inkIn, popplerWords, qpdfCheck, wordsOfText } from './test-support/verify-pdf';
import { idleMs } from '../util/test-support/box-pace';

// Issue #39 item 3 through the real pipeline: the clerk's page tools (turn, remove, reorder, merge) and
// then the searchable PDF: its pages in the edited order and orientation, each word's text on its ink.
const harness = searchablePipeline();
afterEach(() => harness.cleanup());

const PAGE: [number, number] = [420, 300];
const TURNED = [
  'Dear Sir or Madam,',
  'please find attached the invoice for the',
  'repair of the windscreen. Kind regards',
];
const UPRIGHT = [
  'Sehr geehrte Damen und Herren,',
  'wir bestaetigen den Eingang Ihrer Meldung',
  'Bitte senden Sie uns die Rechnung.',
];
const REMOVED = [
  'This page was scanned by mistake and',
  'the clerk removed it from the document',
  'before sending anything whatsoever.',
];
const MERGED = [
  'Second envelope: the towing company',
  'sends its receipt for the motorway',
  'recovery of the damaged caravan.',
];

const letter = async (lines: string[]) =>
  decodeGray(await letterScan({ lines, page: PAGE, fontSize: 12 }, { dpi: 200, noise: 6 }));

describe('page tools, then a searchable PDF', () => {
  it(
    'a page turned upright, a page removed, the order changed and a document merged in: each page\u2019s words on its ink',
    async () => {
      const scans = join(mkdtempSync(join(tmpdir(), 'searchable-scans-')), 'scans');
      await mkdir(scans);
      try {
        const folder = FolderProfileSchema.parse({
          id: 'post',
          label: 'post',
          path: scans,
          autoSubmit: false,
          defaultMetadata: { caseNumber: 'CLM-2026-000101' },
          output: 'searchable-pdf',
        });
        const s = await harness.start([folder]);
        // The first sheet went through the scanner sideways (its text turned a quarter clockwise).
        const first = await pdfOfScans([
          turnGray(await letter(TURNED), 90),
          await letter(UPRIGHT),
          await letter(REMOVED),
        ]);
        await writeFile(join(scans, 'post.pdf'), first);
        await writeFile(join(scans, 'towing.pdf'), await pdfOfScans([await letter(MERGED)]));
        const inbox = async () => (await s.p.queue.list({ states: ['new'], limit: 5, offset: 0 })).documents;
        await waitFor(async () => (await inbox()).length === 2, 'both in the inbox', 60_000);
        const post = (await inbox()).find((d) => d.fileName === 'post.pdf')!;
        const towing = (await inbox()).find((d) => d.fileName === 'towing.pdf')!;
        // The clerk: the upright letter first, the sideways one turned a quarter back, the third page out.
        await s.p.pages.edit(post.id, [
          { source: 1, rotate: 0 },
          { source: 0, rotate: 270 },
        ]);
        // The towing receipt is turned a quarter by mistake and sent so: shown sideways, read turned (its
        // words run down the page, on their ink).
        await s.p.pages.edit(towing.id, [{ source: 0, rotate: 90 }]);
        await s.p.pages.merge([post.id, towing.id]);
        await s.p.queue.submit([post.id], undefined, false);
        await waitFor(
          async () => (await s.p.queue.list({ states: ['archived'], limit: 5, offset: 0 })).documents.length === 1,
          'the merged document sent',
          120_000,
        );
        const [sent, ...more] = await s.uploads();
        expect(more).toEqual([]);
        const bytes = s.bytesOf(sent!);
        expect(qpdfCheck(bytes).ok).toBe(true);
        const doc = await PDFDocument.load(bytes);
        expect(doc.getPageCount()).toBe(3);
        const words = popplerWords(bytes);
        const on = (page: number) =>
          wordsOfText(
            words
              .filter((w) => w.page === page)
              .map((w) => w.text)
              .join(' '),
          );
        expect(on(0)).toEqual(expect.arrayContaining(['geehrte', 'bestaetigen', 'rechnung']));
        expect(on(1)).toEqual(expect.arrayContaining(['invoice', 'windscreen', 'regards']));
        expect(on(2)).toEqual(expect.arrayContaining(['towing', 'receipt', 'caravan']));
        expect(wordsOfText(words.map((w) => w.text).join(' '))).not.toContain('mistake');
        // The turned page is shown upright (landscape, as the letter was written) and its words run across
        // it, each over the letter's ink: a text layer left sideways would lie over blank paper.
        const turned = doc.getPage(1);
        expect(turned.getRotation().angle % 360).not.toBe(0);
        for (const text of ['invoice', 'windscreen', 'attached', 'madam']) {
          const w = words.find((x) => x.page === 1 && wordsOfText(x.text)[0] === text);
          expect(w, text).toBeDefined();
          expect(w!.x1 - w!.x0, text).toBeGreaterThan(w!.y1 - w!.y0); // written across, not down the page
          // The letter's text is in its upper left (letters.ts: 32 pt in, from 48 pt down).
          expect(w!.x0, text).toBeLessThan(0.8);
          expect(w!.y1, text).toBeLessThan(0.6);
          const ink = inkIn(bytes, 1, w!);
          expect(ink.box, text).toBeGreaterThan(4 * ink.page);
        }
        for (const w of words.filter((x) => x.page !== 1 && x.text.length > 4)) {
          const ink = inkIn(bytes, w.page, w);
          expect(ink.box, w.text).toBeGreaterThan(4 * ink.page);
          // The upright letter across its page, the receipt turned a quarter down its own.
          if (w.page === 0) expect(w.x1 - w.x0, w.text).toBeGreaterThan(w.y1 - w.y0);
          else expect(w.y1 - w.y0, w.text).toBeGreaterThan(w.x1 - w.x0);
        }
        expect(doc.getPage(2).getRotation().angle % 360).toBe(90);
        const steps = (await s.p.queue.history({ limit: 50 })).map((h) => h.step);
        expect(steps).toContainEqual({ code: 'uploadedSearchable', values: { read: 3, bitonal: 0 } });
      } finally {
        rmSync(join(scans, '..'), { recursive: true, force: true });
      }
    },
    idleMs(240_000),
  );
});
