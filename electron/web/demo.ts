import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { JsonLineLogger } from '../core/util/logger';
import { DEMO_HELP, DEMO_USAGE, parseDemoArgs } from './demo-args';
import { startDemo } from './demo-app';
import { startOfficeDemo } from './office-demo';

// `./run demo [-- --port 8765 --data DIR]`: the local sandbox, the core services and the web shell.
const parsed = parseDemoArgs(process.argv.slice(2));
if (parsed.kind === 'help') {
  process.stdout.write(DEMO_HELP);
  process.exit(0);
}
if (parsed.kind === 'usage') {
  process.stderr.write(`demo: ${parsed.problem}\n${DEMO_USAGE}\n`);
  process.exit(2);
}
const values = parsed.args;
const staticDir = resolve(import.meta.dirname, '../../out/renderer');
if (!existsSync(resolve(staticDir, 'index.html'))) {
  console.error('demo: the renderer is not built; run `npm run build:renderer` (./run demo does it for you).');
  process.exit(1);
}
const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string };
const logger = new JsonLineLogger((line) => process.stderr.write(line + '\n'), values.verbose ? 'debug' : 'info');

if (values.office) {
  // An office of two stations on a private PostgreSQL (issue #50 item 7).
  const office = await startOfficeDemo({
    dataDir: values.data,
    webPorts: [values.port, 0],
    staticDir,
    version: pkg.version,
    logger,
    ...(values.maxImportBytes !== undefined ? { importMaxBytes: values.maxImportBytes } : {}),
  }).catch((e: unknown) => {
    console.error(`demo: the office could not start: ${(e as Error).message}`);
    process.exit(1);
  });
  console.log(`Intake Desk office demo is running (data in ${values.data}).`);
  console.log(`Office database (private PostgreSQL, removed at the end): ${office.officeDatabase}`);
  for (const [i, s] of office.stations.entries()) console.log(`Station ${i === 0 ? 'A' : 'B'}: open ${s.web.url}`);
  console.log(`Local sandbox: ${office.stations[0]?.sandbox.baseUrl ?? ''}`);
  console.log(`Scanner folder (watched by both): ${office.scannerFolder}`);
  console.log('  Each file there is taken by one station; every clerk sees every document (Office overview: Alt+9).');
  console.log('Press Ctrl+C to stop.');
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void office.close().then(() => process.exit(0));
    });
  }
} else await startOne();

async function startOne(): Promise<void> {
  const demo = await startDemo({
    dataDir: values.data,
    webPort: values.port,
    staticDir,
    version: pkg.version,
    logger,
    ...(values.maxImportBytes !== undefined ? { importMaxBytes: values.maxImportBytes } : {}),
  }).catch((e: unknown) => {
    // Another agent, app or demo owns the data folder (electron/core/util/data-folder-lock.ts): say so plainly.
    if ((e as { code?: unknown }).code !== 'data.folder_in_use') throw e;
    console.error(`demo: ${(e as Error).message}`);
    process.exit(4);
  });
  console.log(`Intake Desk demo is running (data in ${values.data}).`);
  console.log(`Local sandbox: ${demo.sandbox.baseUrl}`);
  // Its faults are switched here, also while the 'refuse' fault has the sandbox's API port closed.
  console.log(`Sandbox admin (faults): ${demo.sandbox.adminUrl}/__sandbox/faults`);
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
}
