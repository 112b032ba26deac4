// A capture worker thread that misbehaves the way a decoder can, for capture-pool.test.ts: it speaks the
// analysis worker's protocol (worker-protocol.ts), opens every file as 4 pages, and on `analyse` of a path
// containing `hang` spins forever (a runaway decoder), containing `oom` fills its heap until the worker's
// resource limit ends it, containing `crash` exits. Other files are analysed as blank pages.
import { parentPort } from 'node:worker_threads';

const port = parentPort;
const hoard = [];
port.on('message', (req) => {
  if (req.op === 'open') return port.postMessage({ id: req.id, type: 'opened', pageCount: 4 });
  if (req.op === 'forget') return port.postMessage({ id: req.id, type: 'done' });
  if (req.path.includes('hang')) for (;;);
  if (req.path.includes('oom')) for (;;) hoard.push(new Array(1e6).fill(Math.random()));
  if (req.path.includes('crash')) process.exit(7);
  for (const page of req.pages)
    port.postMessage({
      id: req.id,
      type: 'page',
      analysis: { page, width: 10, height: 10, dpi: req.dpi, barcodes: [], ink: 0, blank: true },
    });
  port.postMessage({ id: req.id, type: 'done' });
});
