/**
 * Worker thread: builds a batch's part PDFs (pdf-lib, sharp for TIFF pages) and publishes each crash-safely
 * (split-commit.ts), so none of that CPU work stalls the main thread, where uploads and the UI live (issue
 * #30 item 6: 830 ms for 25 parts, longest stall 115 ms, when it ran there). Keeps the batch's source
 * open between its parts: pdf-lib parses the original once, not once per part.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { poolPort, serveRequests } from '../../util/worker-bootstrap';
import { DECODE_LIMITS, fileTooLargeMessage } from '../pages/decode-limits';
import type { PartReply, PartRequest } from './part-protocol';
import { PartRequestSchema } from './part-protocol';
import { commitParts } from './split-commit';
import type { PartSource } from './split-writer';
import { openForParts, openScanPagesForParts } from './split-writer';
import { ScanPageStore } from '../scans/scan-page-store';

const port = poolPort('part-worker');

/** Open sources by original (two folders may split batches side by side), at most two kept. */
const cached = new Map<string, { key: string; source: PartSource }>();
const KEEP = 2;

async function sourceOf(req: Extract<PartRequest, { op: 'build' | 'prepare' }>): Promise<PartSource> {
  const s = await stat(req.path);
  // A scan from the desk: a folder of page files that may still grow; read afresh for each part.
  if (s.isDirectory()) {
    const store = new ScanPageStore(dirname(req.path));
    return openScanPagesForParts(await store.pages(basename(req.path)), req);
  }
  const key = `${req.path}:${s.size}:${s.mtimeMs}:${req.sha256}`;
  const hit = cached.get(req.path);
  cached.delete(req.path);
  if (hit?.key === key) {
    cached.set(req.path, hit); // most recently used last
    return hit.source;
  }
  if (s.size > DECODE_LIMITS.maxFileBytes)
    return { ok: false, problem: { code: 'too-large', message: fileTooLargeMessage(s.size) } };
  const bytes = new Uint8Array(await readFile(req.path));
  const source = await openForParts(bytes, { fileName: req.fileName, sha256: req.sha256 });
  cached.set(req.path, { key, source });
  for (const old of cached.keys()) if (cached.size > KEEP) cached.delete(old);
  return source;
}

const reply = (m: PartReply) => port.postMessage(m);

async function handle(req: PartRequest): Promise<void> {
  if (req.op === 'forget') {
    cached.delete(req.path);
    return reply({ id: req.id, type: 'forgotten' });
  }
  const source = await sourceOf(req);
  if (!source.ok) return reply({ id: req.id, type: 'problem', problem: source.problem });
  if (req.op === 'prepare') return reply({ id: req.id, type: 'prepared' });
  const pages =
    req.pages ?? Array.from({ length: Math.max(0, source.pageCount - req.fromPage) }, (_, i) => req.fromPage + i);
  if (pages.length === 0)
    return reply({ id: req.id, type: 'problem', problem: { code: 'no-pages', message: 'no pages left' } });
  const built = await source.build(pages, req.index, req.count);
  if (!built.ok) return reply({ id: req.id, type: 'problem', problem: built.problem });
  const file = req.file.replace('{pages}', pageRange(pages));
  const [path] = await commitParts(req.outDir, [{ file, bytes: built.bytes }], {
    original: { fileName: req.fileName, sha256: req.sha256, size: (await stat(req.path)).size },
    parts: [{ file, pages, metadata: req.metadata, flaggedBlankPages: req.flaggedBlankPages }],
  });
  reply({ id: req.id, type: 'built', path: path!, pages });
}

/** `5-6` or `9`, 1-based as the clerk counts (for a part whose pages the worker counted itself). */
function pageRange(pages: readonly number[]): string {
  const first = pages[0]! + 1;
  const last = pages[pages.length - 1]! + 1;
  return last > first ? `${first}-${last}` : `${first}`;
}

serveRequests({ name: 'part-worker', schema: PartRequestSchema, handle });
