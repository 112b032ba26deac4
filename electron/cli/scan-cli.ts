/**
 * The agent's scanning commands (issue #38): `scanners` (what this station finds, plus the ones named, as
 * JSON lines) and `scan` (one batch from a scanner through a folder profile's capture and the queue).
 * Certificates of HTTPS scanners are pinned in the data folder (`scanners/certificate-pins.json`), shared
 * with the app on the same data folder.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FolderProfile } from '../../shared/domain/settings';
import { FolderProfileSchema } from '../../shared/domain/settings';
import type { ScannerInfo } from '../../shared/domain/scanning';
import { BatchStore } from '../core/capture/batches/batch-store';
import type { IntakePipeline } from '../core/intake-pipeline';
import { scannerBackends } from '../core/scanning/create-scanning';
import { ScannerProblem } from '../core/scanning/backend/scanner-backend';
import { ScanService } from '../core/scanning/scan-service';
import { systemClock } from '../core/util/clock';
import type { Logger } from '../core/util/logger';
import { JsonLineLogger } from '../core/util/logger';
import type { AgentArgs } from './agent-args';
import { UsageError } from './agent-args';
import { loadStationSettings } from './agent-config';
import { EXIT } from './agent-stop-reason';

const line = (o: unknown) => process.stdout.write(`${JSON.stringify(o)}\n`);

/**
 * `intake-agent scanners [--scanner URL]… [--settings FILE] [--machine-settings FILE] [--data DIR]
 * [--mdns-ms N]`: one JSON line per scanner: those found, those the settings give by address (`scanners`,
 * the machine file's locked ones too; `via: "settings"`) and those named (`via: "address"`). Only a scanner
 * named on the command line that does not answer fails the command (exit 7); a configured or found one
 * that does not answer is its error line.
 */
export async function runScannersCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let v;
  try {
    ({ values: v } = parseArgs({
      args: argv.slice(1),
      strict: true,
      options: {
        scanner: { type: 'string', multiple: true },
        data: { type: 'string' },
        'mdns-ms': { type: 'string' },
        settings: { type: 'string' },
        'machine-settings': { type: 'string' },
      },
    }));
  } catch (e) {
    process.stderr.write(`intake-agent scanners: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  const mdnsMs = v['mdns-ms'] === undefined ? undefined : Number(v['mdns-ms']);
  if (mdnsMs !== undefined && (!Number.isInteger(mdnsMs) || mdnsMs < 0 || mdnsMs > 60_000)) {
    process.stderr.write('intake-agent scanners: --mdns-ms must be a whole number from 0 to 60000\n');
    return EXIT.usage;
  }
  const named = (v.scanner ?? []).map((url) => ({ url, via: 'address' as const }));
  let configured: { url: string; name?: string; via: 'settings' }[];
  try {
    const settingsFile = v.settings ?? env.INTAKE_DESK_SETTINGS;
    const settings = await loadStationSettings(
      {
        ...(settingsFile ? { settings: settingsFile } : {}),
        ...(v['machine-settings'] ? { machineSettings: v['machine-settings'] } : {}),
      },
      {
        clock: systemClock,
        logger: new JsonLineLogger((l) => process.stderr.write(`${l}\n`), 'warn', { app: 'intake-agent' }),
      },
    );
    configured = (settings.scanners ?? []).map((s) => ({
      url: s.url,
      ...(s.name ? { name: s.name } : {}),
      via: 'settings',
    }));
  } catch (e) {
    process.stderr.write(`intake-agent scanners: ${(e as Error).message}\n`);
    return EXIT.usage;
  }
  const backends = await scannerBackends(resolve(v.data ?? 'intake-agent-data'), () => configured, mdnsMs);
  const found: ScannerInfo[] = [];
  for (const b of backends) found.push(...(await b.list().catch(() => [])));
  for (const n of named) {
    const owner = backends.find((b) => b.owns(n.url));
    const id =
      owner?.kind === 'escl' ? (await import('../core/scanning/escl/escl-backend')).esclRoot(n.url).href : n.url;
    if (!found.some((f) => f.id === id))
      found.unshift({ id, name: id, backend: owner?.kind ?? 'escl', via: 'address' });
  }
  let failed = false;
  for (const s of found) {
    const owner = backends.find((b) => b.owns(s.id));
    try {
      if (!owner) throw new ScannerProblem('scanner.bad_address', `no backend for ${s.id}`);
      line({ ...s, capabilities: await owner.capabilities(s.id) });
    } catch (e) {
      const p = e instanceof ScannerProblem ? e : new ScannerProblem('scanner.failed', (e as Error).message);
      // A scanner named on the command line that does not answer is the command's failure.
      if (named.some((n) => s.id.startsWith(n.url.replace(/\/+$/, '')) || n.url === s.id)) failed = true;
      line({ ...s, error: p.code, message: p.message });
    }
  }
  return failed ? EXIT.scannerFailed : EXIT.ok;
}

/**
 * `intake-agent scan`: one batch from the scanner into the folder profile's capture, its documents queued
 * (auto-submit on: the command is the clerk's "send"), waiting until they are made. Returns the batch and,
 * for a scanner that failed, the exit code (after printing its JSON line); without a code, go on to the
 * summary.
 */
export async function scanOne(
  args: AgentArgs,
  pipeline: IntakePipeline,
  folders: readonly FolderProfile[],
  dataDir: string,
  logger: Logger,
): Promise<{ code?: number; batchId?: string }> {
  const s = args.scan!;
  const configured = s.profile ? folders.find((f) => f.id === s.profile) : undefined;
  if (s.profile && !configured)
    throw new UsageError(
      `--profile ${s.profile}: no folder profile with that id (${folders.map((f) => f.id).join(', ') || 'none'})`,
    );
  const folder = FolderProfileSchema.parse({
    ...(configured ?? {
      id: 'scan',
      label: 'Scan',
      path: join(dataDir, 'scan'),
      capture: {},
      defaultMetadata: args.meta,
    }),
    autoSubmit: true,
  });
  const scanning = new ScanService({
    backends: await scannerBackends(dataDir),
    capture: pipeline.capture,
    folders: () => [folder],
    clock: systemClock,
    logger,
  });
  let outcome;
  try {
    const started = await scanning.start({
      scanner: s.scanner,
      request: s.request,
      folderId: folder.id,
      metadata: args.meta,
      keepOpen: false,
    });
    outcome = await started.done;
  } catch (e) {
    const p = e instanceof ScannerProblem ? e : new ScannerProblem('scanner.failed', (e as Error).message);
    line({ error: p.code, message: p.message, pages: 0 });
    return { code: EXIT.scannerFailed };
  }
  // The scanner stopped with trouble: the pages that came become documents (unless --keep-open).
  if (outcome.problem && !outcome.finished && !s.keepOpen) await pipeline.capture.finishScan(outcome.batchId);
  await pipeline.capture.scanSettled(outcome.batchId);
  logger.info('scan done', { batch: outcome.batchId, pages: outcome.pages, problem: outcome.problem });
  if (outcome.problem) {
    line({
      error: outcome.problem,
      message: new ScannerProblem(outcome.problem, outcome.detail).message,
      pages: outcome.pages,
      batch: outcome.batchId,
    });
    return { code: EXIT.scannerFailed, batchId: outcome.batchId };
  }
  return { batchId: outcome.batchId };
}

/**
 * After the queue drained: what of this scan is left for a clerk (exit 8, one JSON line), or undefined.
 * A batch held for review made no documents yet; a document the auto-submit could not send (a required
 * field empty, or kept whole for a look) stays new or tagged. A scan's documents are named after its batch (`scan_…_p1-2.pdf`).
 */
export async function leftForClerk(pipeline: IntakePipeline, batchId: string): Promise<number | undefined> {
  const held = (await pipeline.capture.held()).find((b) => b.id === batchId);
  if (held) {
    line({
      left: 'review',
      message: `the scan is held for batch review (${held.pages.length} pages → ${held.documents.length} documents planned): release it in the inbox`,
      batch: batchId,
      pages: held.pages.length,
      documents: held.documents.length,
    });
    return EXIT.leftForClerk;
  }
  const batch = new BatchStore(pipeline.db).get(batchId);
  if (!batch) return undefined;
  const stem = batch.fileName.replace(/\.pdf$/i, '');
  const waiting = (await pipeline.queue.list({ states: ['new', 'tagged'], limit: 1000, offset: 0 })).documents.filter(
    (d) => d.fileName.startsWith(`${stem}_p`) || d.fileName === batch.fileName,
  );
  if (waiting.length === 0) return undefined;
  line({
    left: 'documents',
    message: `${waiting.length} document(s) of the scan wait in the inbox for a clerk: complete and send them there`,
    batch: batchId,
    // Why each waits: the capture's note on it (e.g. capture.no_documents: kept whole, only blank pages),
    // else a required field that is empty (auto-submit sends a complete document at once).
    documents: waiting.map((d) => ({ id: d.id, fileName: d.fileName, reason: d.error?.code ?? 'metadata.missing' })),
  });
  return EXIT.leftForClerk;
}
