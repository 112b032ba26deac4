/**
 * Worker thread for document text: pdf.js text layers, page rendering (PDFium, sharp) and the Tesseract
 * engine (WASM, in this thread) all work here, never on the main thread. The OCR engine starts on the
 * first scanned page and stays for the next documents (its start costs seconds); the pool ends idle
 * workers.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import type { OcrEngine } from './ocr-engine';
import { createOcrEngine } from './ocr-engine';
import { readDocumentText } from './read-document-text';
import type { TextReply } from './text-protocol';
import { TextRequestSchema, TextWorkerDataSchema } from './text-protocol';

const port = parentPort;
if (!port) throw new Error('text-worker runs in a worker thread');
const data = TextWorkerDataSchema.parse(workerData);

/**
 * A page leaves ~30 MB of buffers (file, bitmap, its PGM copy) that V8 collects late; a full collection
 * after each page keeps the worker flat (as the analysis worker does, capture/analysis/analysis-worker.ts).
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as (() => void) | undefined;

let engine: Promise<OcrEngine> | undefined;
const ocr = () => (engine ??= createOcrEngine(data.languages, data.stageDir));
const reply = (m: TextReply) => port.postMessage(m);

port.on('message', (raw: unknown) => {
  const parsed = TextRequestSchema.safeParse(raw);
  if (!parsed.success) {
    const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : -1;
    reply({ id, type: 'error', message: `bad request: ${parsed.error.message}` });
    return;
  }
  const req = parsed.data;
  readDocumentText(req.path, req, ocr, (page) => {
    reply({ id: req.id, type: 'page', page });
    collect?.();
  })
    .then((r) =>
      reply(
        r.ok
          ? { id: req.id, type: 'done', pageCount: r.pageCount }
          : { id: req.id, type: 'problem', message: r.message },
      ),
    )
    .catch((e: unknown) => reply({ id: req.id, type: 'error', message: e instanceof Error ? e.message : String(e) }));
});

port.on('close', () => void engine?.then((e) => e.close()));
