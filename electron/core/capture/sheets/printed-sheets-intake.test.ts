import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { platformPipelineBed, postFolder } from '../../test-support/pipeline-options';
import { waitFor } from '../../queue/test-support/queue-fixture';
import type { GrayBitmap } from '../pages/bitmap';
import { scanOfPrintedPdf } from '../test-support/printed-scan';
import { pdfOfScans, renderScan } from '../test-support/synthetic-scan';
import { sheetPdf } from './sheet-pdf';

/**
 * Issue #38 item 7 end to end: the sheets the app prints, rasterised, skewed and noised as a feeder scans
 * them, between letters in one scanner PDF, through the real pipeline (folder → capture → queue).
 */
const bed = platformPipelineBed();

const DPI = 200;
const letter = (lines: number, seed: number) => renderScan({ textLines: lines }, { noise: 8, seed, dpi: DPI });

describe('printed sheets in a scanned batch', () => {
  it('separator and cover sheets printed by the app split the batch and fill the case number', async () => {
    const { p: pipeline, scans } = await bed.create(
      'printed-sheets-',
      (folder) => [
        postFolder(folder, {
          // The folder asks nothing but the metadata pattern: the sheets' PATCH T makes them separators.
          capture: { metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$', blankPages: 'drop' },
        }),
      ],
      { concurrency: 1 },
    );
    await pipeline.start();

    const scan = async (pdf: Uint8Array, skew: number, seed: number) =>
      scanOfPrintedPdf(pdf, { dpi: DPI, skew, noise: 10, seed });
    const [separator1, separator2] = await scan(
      await sheetPdf({ kind: 'separator', separatorValue: 'PATCHT', copies: 2, locale: 'en' }),
      0.9,
      1,
    );
    const [cover] = await scan(
      await sheetPdf({
        kind: 'cover',
        caseNumber: 'CLM-2026-000102',
        separatorValue: 'PATCHT',
        copies: 1,
        locale: 'de',
      }),
      -1.2,
      2,
    );
    // A1 A2 | separator | B1 | cover 102 + its blank back | C1 C2 C3 | separator | D1
    const pages: GrayBitmap[] = [
      await letter(12, 1),
      await letter(6, 2),
      separator1!,
      await letter(9, 3),
      cover!,
      await renderScan({ specks: 20 }, { noise: 8, dpi: DPI }),
      await letter(14, 4),
      await letter(5, 5),
      await letter(8, 6),
      separator2!,
      await letter(10, 7),
    ];
    await writeFile(join(scans, 'post.pdf'), await pdfOfScans(pages, { dpi: DPI }));

    const p = pipeline;
    const docs = await waitFor(
      async () => {
        const list = (await p.queue.list({ limit: 10, offset: 0 })).documents;
        return list.length === 4 && p.capture.progress().length === 0 && list;
      },
      'four documents',
      90_000,
    );
    const byName = [...docs].sort((a, b) => a.fileName.localeCompare(b.fileName, 'en', { numeric: true }));
    expect(byName.map((d) => d.fileName)).toEqual(['post_p1-2.pdf', 'post_p4.pdf', 'post_p7-9.pdf', 'post_p11.pdf']);
    expect(byName.map((d) => d.metadata.caseNumber)).toEqual([undefined, undefined, 'CLM-2026-000102', undefined]);
    const counts = await Promise.all(
      byName.map(async (d) =>
        (await PDFDocument.load(await readFile((await p.queue.contentFile(d.id)).path))).getPageCount(),
      ),
    );
    expect(counts).toEqual([2, 1, 3, 1]);
  });
});
