import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import type { ConnectionHarness } from '../../platform/test-support/connection-harness';
import { startConnectionHarness } from '../../platform/test-support/connection-harness';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../../settings/default-environment';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import type { GrayBitmap } from '../pages/bitmap';
import { scanOfPrintedPdf } from '../test-support/printed-scan';
import { pdfOfScans, renderScan } from '../test-support/synthetic-scan';
import { sheetPdf } from './sheet-pdf';

/**
 * Issue #38 item 7 end to end: the sheets the app prints, rasterised, skewed and noised as a feeder scans
 * them, between letters in one scanner PDF, through the real pipeline (folder → capture → queue).
 */
let harness: ConnectionHarness | undefined;
let pipeline: IntakePipeline | undefined;
let dir: string | undefined;
afterEach(async () => {
  await pipeline?.stop();
  await harness?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
  pipeline = undefined;
  harness = undefined;
  dir = undefined;
});

const DPI = 200;
const letter = (lines: number, seed: number) => renderScan({ textLines: lines }, { noise: 8, seed, dpi: DPI });

describe('printed sheets in a scanned batch', () => {
  it('separator and cover sheets printed by the app split the batch and fill the case number', async () => {
    dir = tempDir('printed-sheets-');
    const scans = join(dir, 'scans');
    await mkdir(scans);
    harness = await startConnectionHarness();
    pipeline = await createIntakePipeline({
      dataDir: join(dir, 'data'),
      settings: {
        folders: [
          FolderProfileSchema.parse({
            id: 'post',
            label: 'post',
            path: scans,
            // The folder asks nothing but the metadata pattern: the sheets' PATCH T makes them separators.
            capture: { metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$', blankPages: 'drop' },
          }),
        ],
        archive: { mode: 'move', retentionDays: 30 },
        upload: { concurrency: 1 },
        environments: [LOCAL_SANDBOX_ENVIRONMENT],
        activeEnvironmentId: LOCAL_SANDBOX_ENVIRONMENT.id,
      },
      uploader: harness.connect({ timeoutMs: 10_000 }).api,
      bus: new EventBus(),
      clock: systemClock,
      logger: silentLogger,
      folderOptions: {
        stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 },
        reattachMs: 200,
      },
      backoff: { baseMs: 50, capMs: 200 },
    });
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
      () => {
        const list = p.queue.list({ limit: 10, offset: 0 }).documents;
        return list.length === 4 && p.capture.progress().length === 0 && list;
      },
      'four documents',
      90_000,
    );
    const byName = [...docs].sort((a, b) => a.fileName.localeCompare(b.fileName, 'en', { numeric: true }));
    expect(byName.map((d) => d.fileName)).toEqual(['post_p1-2.pdf', 'post_p4.pdf', 'post_p7-9.pdf', 'post_p11.pdf']);
    expect(byName.map((d) => d.metadata.caseNumber)).toEqual([undefined, undefined, 'CLM-2026-000102', undefined]);
    const counts = await Promise.all(
      byName.map(async (d) => (await PDFDocument.load(await readFile(p.queue.contentFile(d.id).path))).getPageCount()),
    );
    expect(counts).toEqual([2, 1, 3, 1]);
  });
});
