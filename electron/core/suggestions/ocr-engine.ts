/**
 * One Tesseract engine (tesseract.js-core: Tesseract 5 compiled to WASM, the engine of tesseract.js),
 * run in the calling thread — a text worker — so a page's bitmap goes to Tesseract without crossing
 * another thread. tesseract.js's own worker layer put a second thread and three more copies of each page
 * between us and the engine: peak RSS over six 300-DPI pages 405–419 MB that way, 230 MB for the engine
 * alone (docs/capture.md, "Text").
 *
 * Language data is never fetched: the files are staged (once, when changed) into a folder of ours and
 * written into the engine's in-memory file system from there; there is no network code on this path.
 */
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { GrayBitmap } from '../capture/pages/bitmap';
import type { OcrLanguage } from './ocr-languages';
import type { TextWord } from './page-text';
import { clampBox } from './page-text';

export interface OcrEngine {
  readonly languages: string[];
  recognize(page: GrayBitmap): Promise<TextWord[][]>;
  close(): Promise<void>;
}

/** Puts each language's data, uncompressed, as `<code>.traineddata` in `dir` (only when changed). */
export function stageLanguages(languages: readonly OcrLanguage[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const lang of languages) {
    const target = join(dir, `${lang.code}.traineddata`);
    const marker = join(dir, `${lang.code}.source`);
    const s = statSync(lang.file);
    const source = `${lang.file}:${s.size}:${s.mtimeMs}`;
    let staged = '';
    try {
      staged = readFileSync(marker, 'utf8');
    } catch {
      // not staged yet
    }
    if (staged === source) continue;
    if (lang.file.endsWith('.gz')) writeFileSync(target, gunzipSync(readFileSync(lang.file)));
    else copyFileSync(lang.file, target);
    writeFileSync(marker, source);
  }
}

/** The part of the Emscripten module and TessBaseAPI this code uses. */
interface TessApi {
  Init(dataPath: string | null, langs: string, oem: number): number;
  SetImageFile(exifOrientation: number, angle: number): number;
  SetVariable(name: string, value: string): boolean;
  Recognize(monitor: null): number;
  GetTSVText(page: number): string;
  Clear(): void;
  End(): void;
}
interface TessModule {
  FS: { writeFile(path: string, data: Uint8Array): void; unlink(path: string): void };
  TessBaseAPI: new () => TessApi;
}
type CoreFactory = (opts?: object) => Promise<TessModule>;

// Not named `require`: the bundler's CommonJS shim declares that name at the top of the built worker, and a
// second module-level declaration made text-worker.js fail to load ("Identifier 'require' has already been
// declared"; test/integration/agent-package.test.ts runs the built worker).
const loadPackage = createRequire(import.meta.url);
/** LSTM-only builds, fastest first: relaxed SIMD (Node 24, Electron 45), SIMD, plain. */
const CORE_BUILDS = [
  'tesseract.js-core/tesseract-core-relaxedsimd-lstm',
  'tesseract.js-core/tesseract-core-simd-lstm',
  'tesseract.js-core/tesseract-core-lstm',
];
const OEM_LSTM_ONLY = 1;

async function loadCore(): Promise<TessModule> {
  let last: unknown;
  for (const build of CORE_BUILDS) {
    try {
      return await (loadPackage(build) as CoreFactory)({ print: () => undefined, printErr: () => undefined });
    } catch (e) {
      last = e; // the engine cannot compile this build (no relaxed SIMD): the next one
    }
  }
  throw new Error(`no Tesseract build loads here: ${last instanceof Error ? last.message : String(last)}`);
}

/**
 * The words of Tesseract's TSV output (GetTSVText), grouped into lines. Row per element:
 * level page block paragraph line word left top width height conf text; words are level 5. TSV, not
 * GetJSONText: the JSON carries every symbol and its choices (~1 MB for a dense page, ~0.1–0.3 s to make,
 * parse and check), the TSV only the words (~24 kB).
 */
export function wordsOfTsv(tsv: string, width: number, height: number): TextWord[][] {
  const lines: TextWord[][] = [];
  let key = '';
  let line: TextWord[] = [];
  for (const row of tsv.split('\n')) {
    const cols = row.split('\t');
    if (cols[0] !== '5' || cols.length < 12) continue;
    const text = cols.slice(11).join('\t').trim();
    const [left, top, w, h] = cols.slice(6, 10).map(Number) as [number, number, number, number];
    if (text === '' || ![left, top, w, h].every(Number.isFinite)) continue;
    const k = cols.slice(1, 5).join(' ');
    if (k !== key) {
      if (line.length > 0) lines.push(line);
      line = [];
      key = k;
    }
    line.push({ text, box: clampBox({ x: left / width, y: top / height, w: w / width, h: h / height }) });
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

export async function createOcrEngine(languages: readonly OcrLanguage[], stageDir: string): Promise<OcrEngine> {
  stageLanguages(languages, stageDir);
  const codes = languages.map((l) => l.code);
  const m = await loadCore();
  for (const code of codes) m.FS.writeFile(`/${code}.traineddata`, readFileSync(join(stageDir, `${code}.traineddata`)));
  const api = new m.TessBaseAPI();
  if (api.Init(null, codes.join('+'), OEM_LSTM_ONLY) !== 0)
    throw new Error(`Tesseract could not start with ${codes.join('+')}`);
  // The language data now lives in the engine; the file copies are not needed any more.
  for (const code of codes) m.FS.unlink(`/${code}.traineddata`);
  let busy = Promise.resolve();

  const recognize = (page: GrayBitmap): TextWord[][] => {
    // Leptonica reads PGM directly: no PNG encoding of a 9-megapixel page.
    const header = new TextEncoder().encode(`P5\n${page.width} ${page.height}\n255\n`);
    const pgm = new Uint8Array(header.length + page.data.length);
    pgm.set(header);
    pgm.set(page.data, header.length);
    m.FS.writeFile('/input', pgm);
    try {
      if (api.SetImageFile(1, 0) === 1) throw new Error('Tesseract could not read the page image');
      api.Recognize(null);
      return wordsOfTsv(api.GetTSVText(0), page.width, page.height);
    } finally {
      m.FS.unlink('/input');
      api.Clear();
    }
  };

  return {
    languages: codes,
    // One page at a time (the engine is not re-entrant); recognition is synchronous in this thread.
    recognize: (page) => {
      const run = busy.then(() => recognize(page));
      busy = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    close: async () => {
      await busy;
      api.End();
    },
  };
}
