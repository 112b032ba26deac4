/**
 * A stack of letters dropped at once (issue #48 item 3), through the real core (demo: sandbox + core,
 * watched folder, text workers), against one thread reading the same letters one after another:
 *   npx tsx bench/stack-chips.ts [--letters 20] [--tesseract PATH]
 * - the stack: N one-page A4 letters (300 DPI scans, each with a policy number the sandbox knows) are
 *   written into the watched folder together. A clerk opens the first in the window's list (newest first)
 *   as soon as the stack is listed, and whenever the open letter's chips are there, opens one five further
 *   down that is not read yet (flipping through): each open → confirmed policy chip (documents.suggestions, as the window asks,
 *   with the next one in the list). Every letter's chips are ready when its text is in the text cache.
 * - one thread, the same letters one after another: native Tesseract (`tesseract page.png -`, one thread,
 *   the app's own model files; a process per page, its start included, as in bench/ocr-native.ts) and the
 *   app's own path (DocumentTextService with one text worker). Each is read before and after the stack, and
 *   the mean taken, so a change in the shared box's load between them shows (both printed).
 * The stack's times are given as ratios to (one-thread time ÷ cores): 1.0 is every core busy all the time
 * with nothing else. Native: `tesseract` on the PATH or `--tesseract PATH` (its libraries on
 * LD_LIBRARY_PATH); without it only the app's one-thread figure is given.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { OcrLanguageCode } from '../shared/domain/ocr-languages';
import { MemorySecretStore } from '../electron/core/platform/test-support/connection-harness';
import { DocumentTextService } from '../electron/core/suggestions/document-text';
import { stageLanguages } from '../electron/core/suggestions/ocr-engine';
import { packagedModel } from '../electron/core/suggestions/ocr-languages';
import { letterScan } from '../electron/core/suggestions/test-support/letters';
import { startDemo } from '../electron/web/demo-app';
import { compareNewestFirst } from '../shared/domain/inbox-order';
import type { Figure } from './bench-support';
import { printFigures, until, workDir } from './bench-support';

const CMD = 'npx tsx bench/stack-chips.ts';
const POLICIES = ['HR-100001', 'WG-200002', 'KF-300003', 'PH-400004'];
/** The clerk flips this many letters on after each open letter's chips came. */
const FLIP = 5;

const letterLines = (i: number) => [
  'Musterstadt Versicherungsmakler GmbH, Hauptstraße 5, 20095 Hamburg',
  `Unser Zeichen: MV-${String(7000 + i)} vom ${1 + (i % 27)}. November 2026`,
  `Versicherungsnummer: ${POLICIES[i % POLICIES.length]}`,
  'Sehr geehrte Damen und Herren,',
  `wir beziehen uns auf den oben genannten Vertrag und senden Ihnen Unterlage ${i + 1} zur Bearbeitung.`,
  'Bitte bestätigen Sie den Eingang. Für Rückfragen stehen wir gern zur Verfügung.',
  'Mit freundlichen Grüßen',
];

const seconds = (from: number) => (performance.now() - from) / 1000;
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

/** Native Tesseract on one image, one thread: the wall time of the whole process. */
function nativeRead(bin: string, image: string, languages: string, tessdata: string): Promise<number> {
  return new Promise((done, fail) => {
    const t = performance.now();
    const child = spawn(bin, [image, '-', '--oem', '1', '-l', languages, '--tessdata-dir', tessdata], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done(seconds(t)) : fail(new Error(`tesseract exited ${code}`))));
  });
}

/** One thread, the letters one after another: native (if there) and the app's path (one text worker). */
async function oneThread(
  dir: string,
  files: string[],
  warmUp: string,
  languages: string,
  tessdata: string,
  native: string | undefined,
): Promise<{ native?: number; app: number }> {
  let nativeTotal: number | undefined;
  if (native) {
    await nativeRead(native, warmUp, languages, tessdata); // binary and model in the page cache
    nativeTotal = 0;
    for (const f of files) nativeTotal += await nativeRead(native, f, languages, tessdata);
  }
  const data = join(dir, `one-thread-${Date.now()}`);
  const text = new DocumentTextService({ dataDir: data, poolSize: 1, languages });
  try {
    await text.textOf(warmUp); // the worker and its engine started
    const t = performance.now();
    for (const f of files) {
      const r = await text.textOf(f);
      if (!r.ok) throw new Error(`one thread: ${f} not read: ${r.message}`);
    }
    return { ...(nativeTotal !== undefined ? { native: nativeTotal } : {}), app: seconds(t) };
  } finally {
    await text.close();
    await rm(data, { recursive: true, force: true });
  }
}

export async function stackChipsBench(letters = 20, tesseract?: string): Promise<Figure[]> {
  const dir = workDir('stack-chips');
  await mkdir(dir, { recursive: true });
  const cores = availableParallelism();
  const native = tesseract ?? (spawnSync('tesseract', ['--version']).status === 0 ? 'tesseract' : undefined);
  const loads = [loadavg()[0]!];

  // The letters, rendered first (PDFium and sharp run in this process).
  const files: string[] = [];
  for (let i = 0; i <= letters; i++) {
    const path = join(dir, i === letters ? 'warm-up.png' : `brief-${String(i + 1).padStart(2, '0')}.png`);
    await writeFile(
      path,
      await letterScan({ lines: letterLines(i), fontSize: 11 }, { dpi: 300, noise: 16, blur: 0.5, seed: 3 + i }),
    );
    files.push(path);
  }
  const warmUp = files.pop()!;

  const demo = await startDemo({
    dataDir: join(dir, 'demo'),
    version: 'bench',
    sampleScans: false,
    secretStore: new MemorySecretStore(),
  });
  const figures: Figure[] = [];
  try {
    const { queue, handlers } = demo.core;
    const info = await handlers['ocr.info']!({});
    const languages = info.languages.join('+');
    const tessdata = join(dir, 'tessdata');
    stageLanguages(
      info.languages.map((c) => packagedModel(c as OcrLanguageCode)),
      tessdata,
    );
    const before = await oneThread(dir, files, warmUp, languages, tessdata, native);
    loads.push(loadavg()[0]!);

    // The stack: every letter written at once.
    const names = files.map((f) => f.slice(f.lastIndexOf('/') + 1));
    const t0 = performance.now();
    await Promise.all(
      (await Promise.all(files.map((f) => readFile(f)))).map((bytes, i) =>
        writeFile(join(demo.scannerFolder, names[i]!), bytes),
      ),
    );
    const listed = async () =>
      (await queue.list({ states: ['new'], limit: 100, offset: 0 })).documents.filter((d) =>
        names.includes(d.fileName),
      );
    await until(async () => (await listed()).length === letters, 50);
    const listedAt = seconds(t0);
    // The window's order (the inbox lists the newest first): the clerk starts at the top.
    const order = [...(await listed())].sort(compareNewestFirst).map((d) => d.id);
    const cacheDir = join(dir, 'demo', 'app', 'text-cache');
    const readAt = new Map<string, number>();
    const watch = setInterval(() => {
      void listed().then((docs) => {
        for (const d of docs)
          if (!readAt.has(d.id) && existsSync(join(cacheDir, `${d.sha256}.json`))) readAt.set(d.id, seconds(t0));
      });
    }, 50);
    // The clerk flips through: open, wait for the chip, five on (the next not read yet).
    const opens: { position: number; wait: number }[] = [];
    for (let at = 0; at < order.length;) {
      const id = order[at]!;
      const o = performance.now();
      const answer = await handlers['documents.suggestions']!({
        id,
        ...(order[at + 1] ? { next: order[at + 1]! } : {}),
      });
      const wait = seconds(o);
      if (!answer.suggestions.some((s) => s.field === 'policyNumber' && s.check === 'verified'))
        throw new Error(`no confirmed policy chip for letter ${at + 1}`);
      opens.push({ position: at + 1, wait });
      at += FLIP;
      while (at < order.length && readAt.has(order[at]!)) at++;
    }
    await until(() => readAt.size === letters, 50);
    clearInterval(watch);
    const allReady = Math.max(...readAt.values());
    const firstReady = Math.min(...readAt.values());
    loads.push(loadavg()[0]!);

    const after = await oneThread(dir, files, warmUp, languages, tessdata, native);
    loads.push(loadavg()[0]!);
    const appOne = (before.app + after.app) / 2;
    const nativeOne =
      before.native !== undefined && after.native !== undefined ? (before.native + after.native) / 2 : undefined;
    const load = `load ${loads.map((l) => l.toFixed(1)).join(' → ')}`;

    figures.push({
      figure: `${letters} letters dropped at once: the letter the clerk opens, open → confirmed policy chip (opened at positions ${opens.map((o) => o.position).join(', ')})`,
      target: '≤ 5 s',
      result: `${opens.map((o) => f1(o.wait)).join(', ')} s (listed ${f1(listedAt)} s after the drop; ${load})`,
      ok: opens.every((o) => o.wait <= 5),
      command: CMD,
    });
    const ideal = (one: number) => one / cores;
    const ratio = (t: number, one: number) => t / ideal(one);
    figures.push({
      figure: `${letters} letters: every letter's chips ready (drop → text read), first / all; against one thread ÷ ${cores} cores`,
      target: '≤ 1.1 × native ÷ cores',
      result:
        `first ${f1(firstReady)} s, all ${f1(allReady)} s; ` +
        (nativeOne !== undefined
          ? `native one thread ${f1(nativeOne)} s (${f1(before.native!)} before, ${f1(after.native!)} after) → all = **${f2(ratio(allReady, nativeOne))}×** native ÷ cores; `
          : 'native not measured (no tesseract); ') +
        `the app's one thread ${f1(appOne)} s (${f1(before.app)} / ${f1(after.app)}) → all = ${f2(ratio(allReady, appOne))}× app ÷ cores`,
      ok: nativeOne !== undefined && ratio(allReady, nativeOne) <= 1.1,
      command: CMD,
    });
    figures.push({
      figure: `${letters} letters: each letter's chips ready, in list order (s after the drop)`,
      target: 'report',
      result: order.map((id) => f1(readAt.get(id)!)).join(', '),
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
  const { values } = parseArgs({ options: { letters: { type: 'string' }, tesseract: { type: 'string' } } });
  printFigures(await stackChipsBench(Number(values.letters ?? 20), values.tesseract));
}
