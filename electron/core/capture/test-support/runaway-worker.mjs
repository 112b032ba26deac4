// A worker thread that misbehaves the way a decoder can, for capture-pool.test.ts and the text tests: it
// speaks the analysis worker's protocol (worker-protocol.ts) and the text worker's (text-protocol.ts: no
// `op`). For a path containing `hang` it spins forever (a runaway decoder), `oom` fills its heap until the
// worker's resource limit ends it, `crash` exits. Other files are 4 blank pages (analysis) or 1 empty
// page (text).
import { parentPort } from 'node:worker_threads';

const port = parentPort;
const hoard = [];
port.on('message', (req) => {
  if (req.path.includes('hang')) for (;;);
  if (req.path.includes('oom')) for (;;) hoard.push(new Array(1e6).fill(Math.random()));
  if (req.path.includes('crash')) process.exit(7);
  if (req.op === undefined) {
    port.postMessage({ id: req.id, type: 'page', page: { page: 0, source: 'skipped', lines: [] } });
    return port.postMessage({ id: req.id, type: 'done', pageCount: 1 });
  }
  if (req.op === 'open') return port.postMessage({ id: req.id, type: 'opened', pageCount: 4 });
  if (req.op === 'forget') return port.postMessage({ id: req.id, type: 'done' });
  for (const page of req.pages)
    port.postMessage({
      id: req.id,
      type: 'page',
      analysis: { page, width: 10, height: 10, dpi: req.dpi, barcodes: [], ink: 0, blank: true },
    });
  port.postMessage({ id: req.id, type: 'done' });
});
// Listening: the pool starts a task's time budget from here (WORKER_READY in worker-pool.ts).
port.postMessage({ id: 0, type: 'worker.ready' });
