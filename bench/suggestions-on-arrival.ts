/**
 * Text read in the background on arrival (issue #17 item 3), through the real core (demo: sandbox + core,
 * watched folder, text worker):
 *   npx tsx bench/suggestions-on-arrival.ts
 * - a 1-page A4 letter scanned at 300 DPI is written into the watched folder: time to pickup, to its text
 *   being read in the background, and the clerk's wait when opening it afterwards (documents.suggestions);
 * - the main thread's event-loop delay while the text is read (p99, max): what the UI and the uploads feel;
 * - a small PDF auto-submitted while a letter is being read: file written → uploaded, against the same
 *   with nothing being read.
 */
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { letterScan } from '../electron/core/suggestions/test-support/letters';
import { makePdf } from '../electron/core/samples/sample-scans';
import { MemorySecretStore } from '../electron/core/platform/test-support/connection-harness';
import { startDemo } from '../electron/web/demo-app';
import type { Figure } from './bench-support';
import { printFigures, until, workDir } from './bench-support';

const CMD = 'npx tsx bench/suggestions-on-arrival.ts';

const letterLines = (policy: string) => [
  'Musterstadt Versicherungsmakler GmbH, Hauptstraße 5, 20095 Hamburg',
  '',
  `Versicherungsnummer: ${policy}`,
  'Sehr geehrte Damen und Herren,',
  'wir beziehen uns auf den oben genannten Schaden und bitten um Bearbeitung.',
  'Mit freundlichen Grüßen',
];

export async function suggestionsOnArrivalBench(): Promise<Figure[]> {
  const dir = workDir('suggestions-on-arrival');
  const demo = await startDemo({
    dataDir: dir,
    version: 'bench',
    sampleScans: false,
    secretStore: new MemorySecretStore(),
  });
  const figures: Figure[] = [];
  try {
    const settings = demo.core.settings.get();
    // Auto-submit on: the PDFs named by the pattern go to the upload queue; the letters (no match) stay.
    await demo.core.settings.save({ ...settings, folders: settings.folders.map((f) => ({ ...f, autoSubmit: true })) });
    const { queue } = demo.core;
    const find = async (name: string) => (await queue.list({ limit: 10, offset: 0, query: name })).documents[0];
    const textRead = async (name: string) => {
      const d = await find(name);
      return !!d && existsSync(join(dir, 'app', 'text-cache', `${d.sha256}.json`));
    };
    const uploadTime = async (name: string) => {
      const t = performance.now();
      await writeFile(join(demo.scannerFolder, name), makePdf([[name]]));
      await until(async () => ['uploaded', 'archived'].includes((await find(name))?.state ?? ''), 10);
      return (performance.now() - t) / 1000;
    };

    const idleUpload = await uploadTime('CLM-2026-000101_INV_idle.pdf');

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const times: { pickup: number; text: number; open: number }[] = [];
    let busyUpload = NaN;
    // Rendered first: PDFium and sharp run in this process and must not count as the core's delay.
    const letters: Buffer[] = [];
    for (const policy of ['HR-100001', 'WG-200002'])
      letters.push(await letterScan({ lines: letterLines(policy), fontSize: 11 }, { dpi: 300, noise: 16, blur: 0.5 }));
    await new Promise((r) => setTimeout(r, 1000));
    // The same measure with nothing being read: what the machine's load alone gives.
    const quiet = monitorEventLoopDelay({ resolution: 10 });
    quiet.enable();
    await new Promise((r) => setTimeout(r, 4000));
    quiet.disable();
    for (const [i, png] of letters.entries()) {
      const name = `letter-${i}.png`;
      delay.enable();
      const t = performance.now();
      await writeFile(join(demo.scannerFolder, name), png);
      await until(async () => !!(await find(name)), 10);
      const pickup = (performance.now() - t) / 1000;
      // An upload while this letter is read (the second letter: the text worker is warm, OCR running).
      if (i === 1) busyUpload = await uploadTime('CLM-2026-000102_INV_busy.pdf');
      await until(() => textRead(name), 20);
      const text = (performance.now() - t) / 1000;
      delay.disable();
      const o = performance.now();
      const answer = await demo.core.handlers['documents.suggestions']!({ id: (await find(name))!.id });
      if (!answer.suggestions.some((s) => s.field === 'policyNumber'))
        throw new Error(`no policy suggestion for ${name}`);
      times.push({ pickup, text, open: (performance.now() - o) / 1000 });
    }
    const [cold, warm] = times;
    figures.push({
      figure: 'Letter written → text read in the background (1-page A4 at 300 DPI; pickup included)',
      target: 'report',
      result: `${cold!.text.toFixed(1)} s cold (pickup ${cold!.pickup.toFixed(1)} s), ${warm!.text.toFixed(1)} s warm`,
      ok: true,
      command: CMD,
    });
    figures.push({
      figure: "Clerk's wait for the suggestions when opening the letter after that (cache + policy search)",
      target: 'report',
      result: `${(cold!.open * 1000).toFixed(0)} ms / ${(warm!.open * 1000).toFixed(0)} ms`,
      ok: true,
      command: CMD,
    });
    figures.push({
      figure: 'Main-thread event-loop delay while letters are read in the background',
      target: 'report',
      result:
        `p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms ` +
        `(nothing read, 4 s: p99 ${(quiet.percentile(99) / 1e6).toFixed(0)} ms, max ${(quiet.max / 1e6).toFixed(0)} ms)`,
      ok: true,
      command: CMD,
    });
    figures.push({
      figure: 'Auto-submitted PDF, written → uploaded: nothing read / while a letter is OCR’d',
      target: 'report',
      result: `${idleUpload.toFixed(2)} s / ${busyUpload.toFixed(2)} s`,
      ok: true,
      command: CMD,
    });
  } finally {
    await demo.close();
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printFigures(await suggestionsOnArrivalBench());
}
