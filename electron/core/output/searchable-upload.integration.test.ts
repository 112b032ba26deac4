import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../../sandbox';
import type { Notice } from '../../../shared/domain/notice';
import type { Environment, FolderProfile } from '../../../shared/domain/settings';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { passwordProtectedPdf } from '../capture/test-support/odd-files';
import { decodeGray, pdfOfScans, renderScan } from '../capture/test-support/synthetic-scan';
import { EventBus } from '../events/event-bus';
import type { IntakePipeline } from '../intake-pipeline';
import { createIntakePipeline } from '../intake-pipeline';
import { createPlatformClient } from '../platform/create-platform-client';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { waitFor } from '../queue/test-support/queue-fixture';
import { CredentialStore } from '../secrets/credential-store';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../settings/default-environment';
import { DocumentTextService } from '../suggestions/document-text';
import { packagedEnglish } from '../suggestions/ocr-languages';
import { letterScan } from '../suggestions/test-support/letters';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { pdftotext, qpdfCheck, wordsOfText } from './test-support/verify-pdf';

// Issue #39 items 1–3 and the done-criteria: a folder that sends searchable PDFs, through the real
// pipeline (folders → capture → queue → text workers → platform client) to the real sandbox.
let dir: string | undefined;
let sandbox: RunningSandbox | undefined;
let pipeline: IntakePipeline | undefined;
let text: DocumentTextService | undefined;
let scanDirs: string[] = [];
afterEach(async () => {
  for (const d of scanDirs) rmSync(d, { recursive: true, force: true });
  scanDirs = [];
  await pipeline?.stop();
  await text?.close();
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  pipeline = sandbox = text = dir = undefined;
});

/** A scanner folder of its own for one test, removed after it. */
async function scanFolder(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'searchable-scans-'));
  scanDirs.push(root);
  await mkdir(join(root, 'scans'));
  return join(root, 'scans');
}

/** A folder that sends every scan to one case at once: as a searchable PDF, or as the folder says nothing. */
const caseFolder = (scans: string, output?: 'searchable-pdf') =>
  FolderProfileSchema.parse({
    id: output ? 'plain' : 'old',
    label: output ? 'plain' : 'old',
    path: scans,
    autoSubmit: true,
    defaultMetadata: { caseNumber: 'CLM-2026-000101' },
    ...(output ? { output } : {}),
  });

const PAGE: [number, number] = [420, 300];
const LETTER_A = [
  'Dear Sir or Madam,',
  'please find attached the invoice for the',
  'repair of the windscreen. Kind regards',
];
const LETTER_B = [
  'Sehr geehrte Damen und Herren,',
  'wir bestaetigen den Eingang Ihrer Meldung',
  'Bitte senden Sie uns die Rechnung.',
];

const letter = async (lines: string[]) =>
  decodeGray(await letterScan({ lines, page: PAGE, fontSize: 12 }, { dpi: 200, noise: 6 }));
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** `again`: the same data folder and platform as the last start (a restart of the program). */
async function start(folders: FolderProfile[], again = false) {
  if (!again || !dir || !sandbox) {
    dir = mkdtempSync(join(tmpdir(), 'searchable-upload-'));
    sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  }
  const environment: Environment = {
    ...LOCAL_SANDBOX_ENVIRONMENT,
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    clientId: sandbox.demoClient.clientId,
    scopes: ['case_integration'],
  };
  const credentials = new CredentialStore(new MemorySecretStore(), silentLogger);
  await credentials.setClientSecret(
    { environmentId: environment.id, clientId: environment.clientId, tokenUrl: environment.tokenUrl },
    sandbox.demoClient.secret,
  );
  const { api } = createPlatformClient({
    environment,
    credentials,
    fetch: (u, i) => fetch(u, i),
    clock: systemClock,
    logger: silentLogger,
    timeoutMs: 10_000,
  });
  const bus = new EventBus();
  const notices: Pick<Notice, 'code' | 'values'>[] = [];
  bus.on('notice.raised', ({ notice: { code, values } }) => notices.push({ code, values }));
  const data = join(dir, 'data');
  text = new DocumentTextService({ dataDir: data, languages: [packagedEnglish()], poolSize: 1 });
  const builds: string[] = [];
  const service = text;
  pipeline = await createIntakePipeline({
    dataDir: data,
    settings: {
      folders,
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: 2 },
      environments: [environment],
      activeEnvironmentId: environment.id,
    },
    outputText: () => ({
      searchablePdf: (source, out, smaller) => {
        builds.push(source);
        return service.searchablePdf(source, out, smaller);
      },
    }),
    uploader: api,
    bus,
    clock: systemClock,
    logger: silentLogger,
    folderOptions: {
      stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 },
      reattachMs: 200,
    },
    backoff: { baseMs: 50, capMs: 200 },
  });
  await pipeline.start();
  const uploads = async () => (await (await fetch(`${sandbox!.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
  const bytesOf = (u: StoredUpload) => new Uint8Array(readFileSync(join(dir!, 'sandbox', 'uploads', `${u.id}.bin`)));
  return { p: pipeline, data, notices, builds, uploads, bytesOf, sandbox };
}

describe('a folder that sends searchable PDFs', () => {
  it('a split batch: each part arrives as a PDF holding its own pages\u2019 words; a retry sends the same bytes once', async () => {
    const scans = await scanFolder();
    const folder = FolderProfileSchema.parse({
      id: 'post',
      label: 'post',
      path: scans,
      autoSubmit: true,
      fileNamePattern: '{CaseNumber}_*.pdf',
      capture: {
        separatorPattern: '^CLM-',
        metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$',
        blankPages: 'drop',
      },
      output: 'searchable-pdf',
    });
    const s = await start([folder]);
    // The first upload is stored by the platform and its answer lost: the retry (same key) must be the same bytes.
    s.sandbox.setFaults({ resetMidUpload: { afterBytes: 1_000, count: 1, afterStore: true } });
    const cover = await renderScan({ codes: [{ text: 'CLM-2026-000102', format: 'QRCode', xMm: 150 }] }, { noise: 8 });
    const batch = await pdfOfScans([await letter(LETTER_A), cover, await letter(LETTER_B)]);
    await writeFile(join(scans, 'CLM-2026-000101_post.pdf'), batch);
    await waitFor(
      () => s.p.queue.list({ states: ['archived'], limit: 5, offset: 0 }).documents.length === 2,
      'two parts archived',
      120_000,
    );
    const got = await s.uploads();
    expect(got.map((u) => u.fileName).sort()).toEqual(['CLM-2026-000101_post_p1.pdf', 'CLM-2026-000101_post_p3.pdf']);
    expect(s.builds).toHaveLength(2); // each part built once, also the one sent twice
    for (const u of got) {
      const bytes = s.bytesOf(u);
      expect(sha(bytes)).toBe(u.sha256);
      expect(qpdfCheck(bytes).ok).toBe(true);
      const words = wordsOfText(pdftotext(bytes));
      const first = u.fileName.endsWith('_p1.pdf');
      const other = first ? LETTER_B : LETTER_A;
      expect(words).toEqual(expect.arrayContaining(first ? ['invoice', 'windscreen'] : ['rechnung', 'bitte']));
      // Its own words only: nothing of the other letter's text.
      expect(words.filter((w) => wordsOfText(other.join(' ')).includes(w) && w.length > 5)).toEqual([]);
    }
    const history = s.p.queue.history({ limit: 50 });
    expect(history.filter((h) => h.step?.code === 'uploadedSearchable').map((h) => h.step?.values)).toEqual([
      { read: 1, bitonal: 0 },
      { read: 1, bitonal: 0 },
    ]);
  }, 180_000);

  it('a PNG goes as a PDF and the scan stays in the archive as it was; an encrypted PDF goes as it is, with a notice', async () => {
    const scans = await scanFolder();
    const folder = caseFolder(scans, 'searchable-pdf');
    const s = await start([folder]);
    const png = await letterScan({ lines: LETTER_A, page: PAGE, fontSize: 12 }, { dpi: 300, noise: 6 });
    const locked = passwordProtectedPdf();
    await writeFile(join(scans, 'photo.png'), png);
    await writeFile(join(scans, 'locked.pdf'), locked);
    await waitFor(
      () => s.p.queue.list({ states: ['archived'], limit: 5, offset: 0 }).documents.length === 2,
      'both archived',
      120_000,
    );
    const got = await s.uploads();
    const sent = got.find((u) => u.fileName === 'photo.pdf');
    expect(sent?.contentType).toBe('application/pdf');
    expect(sent?.metadata.primaryFileName).toBe('photo.pdf');
    expect(wordsOfText(pdftotext(s.bytesOf(sent!)))).toEqual(expect.arrayContaining(['invoice', 'windscreen']));
    const asIs = got.find((u) => u.fileName === 'locked.pdf');
    expect(asIs?.sha256).toBe(sha(locked));
    expect(s.notices).toEqual([
      {
        code: 'output.failed',
        values: { file: 'locked.pdf', reason: 'the PDF is protected by a password to open it' },
      },
    ]);
    const steps = s.p.queue.history({ limit: 50 }).map((h) => h.step);
    expect(steps).toContainEqual({
      code: 'uploadedAsScanned',
      values: { reason: 'the PDF is protected by a password to open it' },
    });
    expect(steps).toContainEqual({ code: 'uploadedSearchable', values: { read: 1, bitonal: 0 } });
    // The scanner's files are in the archive byte for byte; the searchable PDFs are gone once sent.
    const archived = readdirSync(join(s.data, 'archive'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => sha(readFileSync(join(e.parentPath, e.name))));
    expect(archived.sort()).toEqual([sha(png), sha(locked)].sort());
    expect(readdirSync(join(s.data, 'outgoing'))).toEqual([]);
  }, 180_000);

  it('closing the program while a searchable PDF is built decides nothing; the next start sends it searchable', async () => {
    const scans = await scanFolder();
    const folder = caseFolder(scans, 'searchable-pdf');
    const first = await start([folder]);
    await writeFile(
      join(scans, 'photo.png'),
      await letterScan({ lines: LETTER_A, page: PAGE, fontSize: 12 }, { dpi: 300, noise: 6 }),
    );
    await waitFor(() => first.builds.length === 1, 'the build began', 60_000);
    // As the program stops (core/app.ts): the text workers first, then the pipeline.
    await text!.close();
    await first.p.stop();
    pipeline = undefined;
    expect(await first.uploads()).toEqual([]);
    expect(first.notices).toEqual([]); // no "goes as scanned": nothing went wrong with the document
    expect(readdirSync(join(first.data, 'outgoing')).filter((n) => n.endsWith('.json'))).toEqual([]);

    const second = await start([folder], true);
    await waitFor(
      () => second.p.queue.list({ states: ['archived'], limit: 5, offset: 0 }).documents.length === 1,
      'sent after the restart',
      120_000,
    );
    const got = await second.uploads();
    expect(got.map((u) => u.fileName)).toEqual(['photo.pdf']);
    expect(wordsOfText(pdftotext(second.bytesOf(got[0]!)))).toEqual(expect.arrayContaining(['invoice', 'windscreen']));
    const steps = second.p.queue.history({ limit: 50 }).map((h) => h.step?.code);
    expect(steps).toContain('interrupted');
    expect(steps).not.toContain('uploadedAsScanned');
  }, 240_000);

  it('a folder that says nothing sends the scanner\u2019s file as it is, and builds nothing', async () => {
    const scans = await scanFolder();
    const s = await start([caseFolder(scans)]);
    const png = await letterScan({ lines: LETTER_A, page: PAGE, fontSize: 12 }, { dpi: 200 });
    await writeFile(join(scans, 'photo.png'), png);
    await waitFor(
      () => s.p.queue.list({ states: ['archived'], limit: 5, offset: 0 }).documents.length === 1,
      'archived',
      60_000,
    );
    const [u] = await s.uploads();
    expect([u?.fileName, u?.sha256]).toEqual(['photo.png', sha(png)]);
    expect(s.builds).toEqual([]);
  }, 120_000);
});
