/**
 * OCR against native Tesseract (issue #30 item 4), in one run:
 *   npx tsx bench/ocr-native.ts [--pages 5] [--languages deu+eng] [--native-models app|system]
 *   (also the first figures of bench/ocr.ts, in English)
 * `--languages` (issue #46): what both sides read with, `eng` by default; with `deu` the pages are German
 * (a letter's words with umlauts and ß, test-support/german-letters.ts). Native gets the same model files
 * as the app (resources/ocr, unpacked into the bench's folder: `--tessdata-dir`), or with
 * `--native-models system` its own (Debian: tessdata_fast for both languages).
 * The same dense A4 pages at 300 DPI (~500 words each, a letter's words in Helvetica 10 pt, noise and
 * blur as a scanner gives), each read four ways, interleaved page by page (which side goes first
 * alternates) so the box's load hits both sides alike:
 * - the scanner's PNG → words: the app's path (DocumentTextService, one text worker, engine running:
 *   PNG decode, upright check, WASM Tesseract) against Debian's native `tesseract page.png -` (package
 *   tesseract-ocr with its eng model; OMP_THREAD_LIMIT=1: one thread; a process per page, as
 *   paperless/OCRmyPDF run it, so its start is in its time — printed apart);
 * - Tesseract alone on the same grey pixels: our engine (ocr-engine.ts, in this thread) on the bitmap
 *   against native on the PGM of it.
 * Then the words: ours against native's (multiset), and each side's against the words drawn on the page.
 * Without `tesseract` on the PATH the native column is not measured and the figure says so (✗).
 */
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { GrayBitmap } from '../electron/core/capture/pages/bitmap';
import { ocrLanguageCodes } from '../shared/domain/ocr-languages';
import type { OcrLanguageCode } from '../shared/domain/ocr-languages';
import { DocumentTextService } from '../electron/core/suggestions/document-text';
import { createOcrEngine, stageLanguages } from '../electron/core/suggestions/ocr-engine';
import { packagedModel } from '../electron/core/suggestions/ocr-languages';
import { GERMAN_VOCABULARY } from '../electron/core/suggestions/test-support/german-letters';
import { letterScan } from '../electron/core/suggestions/test-support/letters';
import { prng } from '../electron/core/capture/test-support/synthetic-scan';
import type { Figure } from './bench-support';
import { printFigures, workDir } from './bench-support';
import { commonWords } from './word-overlap';

const CMD = 'npx tsx bench/ocr-native.ts';
/** What a 1-core-per-page native Tesseract may be beaten by at most (issue #30 item 4). */
const TARGET_RATIO = 1.25;

const VOCABULARY = (
  'we refer to the claim named above and ask you to settle the repair invoice of the garage within ' +
  'fourteen days the vehicle was damaged on the motorway near the exit when a truck changed lanes ' +
  'without signalling please find enclosed the police report the photographs of the damage and the ' +
  'estimate of the expert our client was not at fault and asks for a rental car for the time of the ' +
  'repair should you need further documents do not hesitate to contact our office by phone or letter'
).split(' ');

/** A dense page: 38 lines of ~13 words, with a policy and a case number on line 4. */
function densePage(seed: number, vocabulary: readonly string[] = VOCABULARY): string[] {
  const rnd = prng(seed);
  const lines: string[] = [];
  for (let i = 0; i < 38; i++) {
    const words: string[] = [];
    for (let j = 0; j < 13; j++) words.push(vocabulary[Math.floor(rnd() * vocabulary.length)]!);
    lines.push(words.join(' '));
  }
  lines[3] = `Versicherungsnummer: HR-1000${10 + seed} Unser Zeichen: CLM-2026-0001${10 + seed}`;
  return lines;
}

/** Words in `a` also in `b`, each counted as often as both hold it. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function nativeVersion(): string | undefined {
  const r = spawnSync('tesseract', ['--version'], { encoding: 'utf8' });
  return r.status === 0 ? /tesseract ([\d.]+)/.exec(r.stdout + r.stderr)?.[1] : undefined;
}

interface NativeModels {
  languages: string;
  /** A tessdata folder; absent: native's own. */
  tessdata?: string;
}

/** Native Tesseract on one image, one thread: its words and the wall time of the whole process. */
function nativeRead(image: string, models: NativeModels): Promise<{ seconds: number; words: string[] }> {
  return new Promise((done, fail) => {
    const t = performance.now();
    const dataDir = models.tessdata ? ['--tessdata-dir', models.tessdata] : [];
    const child = spawn('tesseract', [image, '-', '--oem', '1', '-l', models.languages, ...dataDir], {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0
        ? done({ seconds: (performance.now() - t) / 1000, words: out.split(/\s+/).filter(Boolean) })
        : fail(new Error(`tesseract exited ${code}`)),
    );
  });
}

interface Read {
  seconds: number;
  words: string[];
}
interface Side {
  /** Our side and native's for one page. */
  ours: Read;
  native?: Read;
}

export async function ocrAgainstNative(
  pages = 5,
  languages = 'eng',
  nativeModels: 'app' | 'system' = 'app',
): Promise<Figure[]> {
  const dir = workDir('ocr-native');
  const codes = ocrLanguageCodes(languages) as OcrLanguageCode[];
  const models = codes.map((c) => packagedModel(c));
  const german = codes.includes('deu');
  // The app's model files, unpacked, for native too (the same models on both sides), unless it uses its own.
  const tessdata = join(dir, 'tessdata');
  stageLanguages(models, tessdata);
  const native: NativeModels = { languages, ...(nativeModels === 'app' ? { tessdata } : {}) };
  const version = nativeVersion();
  if (!version)
    console.error(
      'ocr-native: no native `tesseract` on the PATH (Debian: apt-get install tesseract-ocr); native column not measured',
    );
  const load = loadavg()[0]!.toFixed(2);

  // Pages 0..pages; page 0 warms both sides up (our worker and engine start, V8's optimised WASM code;
  // native's binary and model in the page cache) and is not counted.
  const files: { png: string; pgm: string; page: GrayBitmap; truth: string[] }[] = [];
  for (let i = 0; i <= pages; i++) {
    const lines = densePage(i, german ? GERMAN_VOCABULARY : VOCABULARY);
    const png = await letterScan({ lines, fontSize: 10 }, { dpi: 300, noise: 16, blur: 0.5, seed: i });
    const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
    const f = {
      png: join(dir, `dense-${i}.png`),
      pgm: join(dir, `dense-${i}.pgm`),
      page: { width: info.width, height: info.height, data: new Uint8Array(data) },
      truth: lines.join(' ').split(' '),
    };
    writeFileSync(f.png, png);
    writeFileSync(f.pgm, Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`), data]));
    files.push(f);
  }

  // The app's path: a text worker reads the file (decode, upright check, engine).
  const service = new DocumentTextService({ dataDir: join(dir, 'data'), idleMs: 600_000, poolSize: 1, languages });
  const app = async (png: string): Promise<Read> => {
    const t = performance.now();
    const r = await service.textOf(png);
    if (!r.ok || r.pages[0]?.source !== 'ocr') throw new Error('OCR did not run');
    return { seconds: (performance.now() - t) / 1000, words: r.pages[0].lines.flat().map((w) => w.text) };
  };
  // The engine alone, on the page's pixels (this thread), as native gets them in the PGM.
  const engine = await createOcrEngine(models, join(dir, 'stage'));
  const bare = async (page: GrayBitmap): Promise<Read> => {
    const t = performance.now();
    const lines = await engine.recognize(page);
    return { seconds: (performance.now() - t) / 1000, words: lines.flat().map((w) => w.text) };
  };
  const both = async (ours: () => Promise<Read>, native: () => Promise<Read>, oursFirst: boolean): Promise<Side> => {
    if (!version) return { ours: await ours() };
    if (oursFirst) {
      const o = await ours();
      return { ours: o, native: await native() };
    }
    const n = await native();
    return { ours: await ours(), native: n };
  };
  const onFile: Side[] = [];
  const onPixels: Side[] = [];
  for (const [i, f] of files.entries()) {
    const a = await both(
      () => app(f.png),
      () => nativeRead(f.png, native),
      i % 2 === 0,
    );
    const b = await both(
      () => bare(f.page),
      () => nativeRead(f.pgm, native),
      i % 2 === 1,
    );
    if (i === 0) continue;
    onFile.push(a);
    onPixels.push(b);
  }
  await service.close();
  await engine.close();
  const loadAfter = loadavg()[0]!.toFixed(2);

  const truth = files.slice(1).map((f) => f.truth);
  const truthWords = truth.reduce((s, t) => s + t.length, 0);
  const modelsSaid = nativeModels === 'app' ? 'the app’s model files on both sides' : 'native with its own models';
  const what = `${languages} (${modelsSaid}), ${truth.length} dense ${german ? 'German ' : ''}A4 pages at 300 DPI (~${Math.round(truthWords / truth.length)} words each), load ${load} → ${loadAfter}`;
  const figures: Figure[] = [];
  const oursMedian = (sides: Side[]) => median(sides.map((s) => s.ours.seconds)).toFixed(2);
  if (!version) {
    figures.push({
      figure: `OCR s/page against native Tesseract, ${what}`,
      target: `≤ ${TARGET_RATIO}× native`,
      result: `ours ${oursMedian(onFile)} s/page (file → words), ${oursMedian(onPixels)} s/page (engine); native not measured: no \`tesseract\` on the PATH`,
      ok: false,
      command: CMD,
    });
    return figures;
  }
  // Native's own start (process, model) on a blank 64×64 page: part of each of its pages.
  const tiny = join(dir, 'tiny.pgm');
  writeFileSync(tiny, Buffer.concat([Buffer.from('P5\n64 64\n255\n'), Buffer.alloc(64 * 64, 255)]));
  const start = median(
    [await nativeRead(tiny, native), await nativeRead(tiny, native), await nativeRead(tiny, native)].map(
      (r) => r.seconds,
    ),
  );
  const row = (how: string, sides: Side[]): Figure => {
    const ratios = sides.map((s) => s.ours.seconds / s.native!.seconds);
    const ratio = median(ratios);
    return {
      figure: `OCR s/page, ${how}; ${what}; medians`,
      target: `≤ ${TARGET_RATIO}× native`,
      result:
        `ours ${oursMedian(sides)} s, native ${median(sides.map((s) => s.native!.seconds)).toFixed(2)} s: ` +
        `**${ratio.toFixed(2)}×** (per page ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      ok: ratio <= TARGET_RATIO,
      command: CMD,
    };
  };
  figures.push(
    row(
      `the scanner's PNG → words: ours the app's path (text worker: decode, upright check, WASM Tesseract) against native Tesseract ${version} (\`tesseract page.png -\`, 1 thread, its start ${start.toFixed(2)} s included)`,
      onFile,
    ),
    row(`Tesseract alone on the same grey pixels: our WASM engine (ocr-engine.ts) against native on the PGM`, onPixels),
  );
  const alike = (sides: Side[]) =>
    sides.reduce((s, x) => s + commonWords(x.ours.words, x.native!.words), 0) /
    sides.reduce((s, x) => s + Math.max(x.ours.words.length, x.native!.words.length), 0);
  const right = (reads: Read[]) => reads.reduce((s, r, i) => s + commonWords(truth[i]!, r.words), 0);
  const same = Math.min(alike(onFile), alike(onPixels));
  const oursRight = right(onFile.map((s) => s.ours));
  const nativeRight = right(onFile.map((s) => s.native!));
  figures.push({
    figure: 'Same words: ours against native Tesseract’s on those pages (words in both, as often as both have them)',
    target: '≥ 99 % alike; ours right ≥ native',
    result: `**${(same * 100).toFixed(1)} %** alike; words drawn on the pages read right: ours ${oursRight}/${truthWords}, native ${nativeRight}/${truthWords}`,
    ok: same >= 0.99 && oursRight >= nativeRight,
    command: CMD,
  });
  return figures;
}

// Run as a script, not when bundled into bench/ocr.ts's memory process (whose import.meta.url is the bundle's).
if (import.meta.url === `file://${process.argv[1]}` && process.argv[1]?.endsWith('ocr-native.ts')) {
  const { values } = parseArgs({
    options: { pages: { type: 'string' }, languages: { type: 'string' }, 'native-models': { type: 'string' } },
  });
  const figures = await ocrAgainstNative(
    values.pages ? Number(values.pages) : undefined,
    values.languages,
    values['native-models'] === 'system' ? 'system' : 'app',
  );
  console.log('| figure | target | result | command |\n|---|---|---|---|');
  printFigures(figures);
  process.exit(0);
}
