import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JsonLineLogger } from '../core/util/logger';
import { startDemo } from './demo-app';

// `npm run demo [-- --port 8765 --data DIR]`: the local sandbox, the core services and the web shell.
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    data: { type: 'string', default: resolve('.intake-data/demo') },
    verbose: { type: 'boolean', default: false },
    /** Largest file a drop may import; default the platform's 2 GiB − 1. */
    'max-import-bytes': { type: 'string' },
  },
});
const staticDir = resolve(import.meta.dirname, '../../out/renderer');
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.error('demo: the renderer is not built; run `npm run build:renderer` (./run demo does it for you).');
  process.exit(1);
}
const maxImport = values['max-import-bytes'];
if (maxImport !== undefined && !/^[1-9]\d*$/.test(maxImport)) {
  console.error('demo: --max-import-bytes takes a whole number of bytes greater than 0.');
  process.exit(2);
}
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
const logger = new JsonLineLogger((line) => process.stderr.write(line + '\n'), values.verbose ? 'debug' : 'info');

const demo = await startDemo({
  dataDir: values.data,
  webPort: Number(values.port),
  staticDir,
  version: pkg.version,
  logger,
  ...(maxImport !== undefined ? { importMaxBytes: Number(maxImport) } : {}),
}).catch((e: unknown) => {
  // Another agent, app or demo owns the data folder (electron/core/util/data-folder-lock.ts): say so plainly.
  if ((e as { code?: unknown }).code !== 'data.folder_in_use') throw e;
  console.error(`demo: ${(e as Error).message}`);
  process.exit(4);
});
console.log(`Intake Desk demo is running (data in ${values.data}).`);
console.log(`Local sandbox: ${demo.sandbox.baseUrl}`);
console.log(`Open: ${demo.web.url}`);
// Where a scanner (or the clerk, by hand) puts files for the watched folder (issue #31 item 9).
console.log(`Scanner folder (watched): ${demo.scannerFolder}`);
console.log('  Put PDFs or images there; a name like CLM-2026-000101_INV_scan1.pdf fills the case number and type.');
console.log('Press Ctrl+C to stop.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void demo.close().then(() => process.exit(0));
  });
}
