/**
 * Worker thread: opens files and analyses pages (render + barcodes + blank) so none of this CPU work runs
 * on the main thread, where uploads and the UI live. Keeps the last opened file, since a file's pages
 * come in several requests.
 */
import { stat } from 'node:fs/promises';
import { analysePage } from './analyse-page';
import { ensureReader } from './barcodes';
import { TooLargeError } from '../pages/decode-limits';
import { openPagesFile } from '../pages/open-pages';
import type { OpenResult, PageSource } from '../pages/page-source';
import { loadPdfium } from '../pages/pdfium';
import { gcEveryPage, poolPort, serveRequests } from '../../util/worker-bootstrap';
import type { WorkerReply, WorkerRequest } from './worker-protocol';
import { WorkerRequestSchema } from './worker-protocol';

const port = poolPort('analysis-worker');

/**
 * Each page leaves ~20 MB of buffers (bitmap, copies for the decoders) that V8 would collect only when its
 * own heap is under pressure, which tiny JS heaps never are: several pages' worth piled up per worker
 * (peak RSS 425 MB for two workers). A full collection after each page costs a few ms and keeps it flat.
 */
const collect = gcEveryPage();

let cached: { path: string; key: string; result: OpenResult } | undefined;
let idleTimer: NodeJS.Timeout | undefined;
const IDLE_FORGET_MS = 500;

async function open(path: string): Promise<OpenResult> {
  const s = await stat(path);
  const key = `${s.size}:${s.mtimeMs}`;
  if (cached?.path === path && cached.key === key) return cached.result;
  forget();
  const result = await openPagesFile(path);
  cached = { path, key, result };
  return result;
}

function forget() {
  if (cached?.result.ok) cached.result.source.close();
  cached = undefined;
}

const reply = (m: WorkerReply) => port.postMessage(m);

async function handle(req: WorkerRequest): Promise<void> {
  if (req.op === 'warm') {
    await Promise.all([loadPdfium(), ensureReader()]);
    return reply({ id: req.id, type: 'done' });
  }
  if (req.op === 'forget') {
    if (cached?.path === req.path) forget();
    return reply({ id: req.id, type: 'done' });
  }
  const r = await open(req.path);
  if (!r.ok) return reply({ id: req.id, type: 'problem', problem: r.problem });
  if (req.op === 'open') return reply({ id: req.id, type: 'opened', pageCount: r.source.pageCount });
  const source: PageSource = r.source;
  for (const page of req.pages) {
    let analysis;
    try {
      analysis = await analysePage(source, page, {
        dpi: req.dpi,
        blankThreshold: req.blankThreshold,
        ...(req.formats ? { formats: req.formats } : {}),
      });
    } catch (e) {
      if (e instanceof TooLargeError)
        return reply({ id: req.id, type: 'problem', problem: { code: 'too-large', message: e.message } });
      // The directory was fine and the pixels are not (a strip cut off, a broken stream): a damaged file.
      const message = (e instanceof Error ? e.message : String(e)).split('\n').slice(0, 2).join(': ').slice(0, 300);
      return reply({
        id: req.id,
        type: 'problem',
        problem: { code: 'damaged', message: `page ${page + 1} cannot be read: ${message}` },
      });
    }
    reply({ id: req.id, type: 'page', analysis });
    collect?.();
  }
  reply({ id: req.id, type: 'done' });
}

serveRequests({
  name: 'analysis-worker',
  schema: WorkerRequestSchema,
  handle,
  before: () => clearTimeout(idleTimer),
  // An open file is a descriptor (and, for TIFF/JPEG/PNG, its bytes): let it go once the pool has stopped
  // asking, so the spool file can be moved or deleted (Windows refuses while it is open).
  after: () => {
    idleTimer = setTimeout(forget, IDLE_FORGET_MS);
    idleTimer.unref();
  },
});
