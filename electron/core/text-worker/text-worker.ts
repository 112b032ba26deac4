/**
 * Worker thread for document text: pdf.js text layers, page rendering (PDFium, sharp) and the Tesseract
 * engine (WASM, in this thread) all work here, never on the main thread. The OCR engine starts on the
 * first scanned page and stays for the next documents (its start costs seconds); the pool ends idle
 * workers.
 */
import { workerData } from 'node:worker_threads';
import { gcEveryPage, poolPort, serveRequests } from '../util/worker-bootstrap';
import type { OcrEngine } from '../suggestions/ocr-engine';
import { createOcrEngine } from '../suggestions/ocr-engine';
import type { GrayBitmap } from '../capture/pages/bitmap';
import { writeSearchablePdf } from '../output/write-searchable';
import type { PageText } from '../suggestions/page-text';
import { readDocumentText } from '../suggestions/read-document-text';
import type { TextReply, TextRequest } from '../suggestions/text-protocol';
import { TextRequestSchema, TextWorkerDataSchema } from '../suggestions/text-protocol';

const port = poolPort('text-worker');
const data = TextWorkerDataSchema.parse(workerData);

/**
 * A page leaves ~30 MB of buffers (file, bitmap, its PGM copy) that V8 collects late; a full collection
 * after each page keeps the worker flat (as the analysis worker does, capture/analysis/analysis-worker.ts).
 */
const collect = gcEveryPage();

/** The engine of the last read's languages; a read in other languages ends it and starts one for those. */
let engine: { key: string; engine: Promise<OcrEngine> } | undefined;
function ocrIn(codes: readonly string[]): () => Promise<OcrEngine> {
  return () => {
    const key = codes.join('+');
    if (engine?.key === key) return engine.engine;
    const models = codes.map((code) => {
      const model = data.languages.find((l) => l.code === code);
      if (!model)
        throw new Error(`no OCR model for ${code} (there are ${data.languages.map((l) => l.code).join(', ')})`);
      return model;
    });
    void engine?.engine.then((e) => e.close()).catch(() => undefined);
    engine = { key, engine: createOcrEngine(models, data.stageDir) };
    return engine.engine;
  };
}
const reply = (m: TextReply) => port.postMessage(m);

async function handle(req: TextRequest): Promise<void> {
  if ('warm' in req) {
    await ocrIn(req.warm)();
    reply({ id: req.id, type: 'done', pageCount: 0 });
    return;
  }
  const pages: PageText[] = [];
  const ocr = ocrIn(req.languages);
  const r = await readDocumentText(req.path, req, ocr, (page) => {
    if (req.output) pages[page.page] = page;
    reply({ id: req.id, type: 'page', page });
    collect?.();
  });
  if (!r.ok) {
    reply({ id: req.id, type: 'problem', message: r.message });
    return;
  }
  // The searchable PDF from the words just read (issue #39), in this worker, within this request's budget.
  const smaller = req.output?.smaller ? async (b: GrayBitmap) => (await ocr()).recognize(b) : undefined;
  const output = req.output ? await writeSearchablePdf(req.path, pages, req.output.path, smaller) : undefined;
  reply({ id: req.id, type: 'done', pageCount: r.pageCount, ...(output ? { output } : {}) });
}

serveRequests({ name: 'text-worker', schema: TextRequestSchema, handle });

port.on('close', () => void engine?.engine.then((e) => e.close()));
