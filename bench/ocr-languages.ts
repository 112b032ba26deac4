/**
 * OCR languages (issue #46), in one run:
 *   npx tsx bench/ocr-languages.ts [--skip-accuracy]
 * 1. Which languages: 8 German letters (4 faces × 200/300 DPI, grey) and 4 English ones (Helvetica
 *    10/12 pt × 200/300 DPI), each read by the engine alone (ocr-engine.ts, this thread) with `eng`, `deu`,
 *    `deu+eng` and `eng+deu`, interleaved page by page (the order alternates). Time is the CPU time of this
 *    process while the engine reads (it reads in this thread, nothing else runs), so the shared box's load
 *    does not enter; words right as test-support/german-letters.ts counts them. "Per page" is the best a
 *    per-page choice could do: `deu` for the German letters, `eng` for the English ones, as if it knew.
 * 2. Accuracy through the app's path (DocumentTextService: text worker, upright check, engine) with
 *    `deu` (a German station's default), `deu+eng` and `eng` (the app before issue #46): German letters in 4 faces × 200/300 DPI ×
 *    grey/bitonal, and one turned 90°: words and umlaut/ß words read exactly.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import type { GrayBitmap } from '../electron/core/capture/pages/bitmap';
import { DocumentTextService } from '../electron/core/suggestions/document-text';
import type { OcrEngine } from '../electron/core/suggestions/ocr-engine';
import { createOcrEngine } from '../electron/core/suggestions/ocr-engine';
import { packagedModel } from '../electron/core/suggestions/ocr-languages';
import type { GermanLetterSpec } from '../electron/core/suggestions/test-support/german-letters';
import {
  germanLetter,
  germanLetterScan,
  hasUmlaut,
  LETTER_FACES,
  wordsOf,
  wordsRight,
} from '../electron/core/suggestions/test-support/german-letters';
import { letterScan } from '../electron/core/suggestions/test-support/letters';
import { ocrLanguageCodes } from '../shared/domain/ocr-languages';
import type { OcrLanguageCode } from '../shared/domain/ocr-languages';
import { workDir } from './bench-support';
import { writeFileSync } from 'node:fs';

const ENGLISH = [
  'Dear Sir or Madam, we refer to the claim named above and ask you to settle the',
  'repair invoice of the garage within fourteen days. The vehicle was damaged on the',
  'motorway near the exit when a truck changed lanes without signalling. Please find',
  'enclosed the police report, the photographs and the estimate of the expert.',
  'Our client was not at fault and asks for a rental car for the time of the repair.',
  'Should you need further documents do not hesitate to contact our office by phone.',
  'Policy number HR-100001, our reference CLM-2026-000101. Kind regards, John Smith',
];
const VARIANTS = ['eng', 'deu', 'deu+eng', 'eng+deu'];

async function gray(png: Buffer): Promise<GrayBitmap> {
  const { data, info } = await sharp(png).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(1)} %`;

async function whichLanguages(dir: string): Promise<void> {
  const pages: { german: boolean; words: string[]; page: GrayBitmap }[] = [];
  let seed = 1;
  for (const face of LETTER_FACES)
    for (const dpi of [200, 300] as const) {
      const letter = germanLetter(seed);
      pages.push({
        german: true,
        words: letter.words,
        page: await gray(await germanLetterScan(letter, { seed, face, dpi, colour: 'grey' })),
      });
      seed++;
    }
  for (const dpi of [200, 300])
    for (const fontSize of [10, 12])
      pages.push({
        german: false,
        words: ENGLISH.flatMap(wordsOf),
        page: await gray(
          await letterScan({ lines: ENGLISH, fontSize }, { dpi, noise: 14, blur: 0.5, seed: dpi + fontSize }),
        ),
      });
  const engines = new Map<string, OcrEngine>();
  for (const v of VARIANTS)
    engines.set(
      v,
      await createOcrEngine(
        ocrLanguageCodes(v).map((c) => packagedModel(c as OcrLanguageCode)),
        join(dir, `stage-${v}`),
      ),
    );
  type Sum = { right: number; words: number; umlautRight: number; umlauts: number; cpu: number };
  const zero = (): Sum => ({ right: 0, words: 0, umlautRight: 0, umlauts: 0, cpu: 0 });
  const sums = new Map(VARIANTS.map((v) => [v, { de: zero(), en: zero() }]));
  for (const [i, p] of pages.entries()) {
    for (const v of i % 2 ? [...VARIANTS].reverse() : VARIANTS) {
      const before = process.cpuUsage();
      const lines = await engines.get(v)!.recognize(p.page);
      const used = process.cpuUsage(before);
      const got = wordsRight(
        p.words,
        lines.map((l) => l.map((w) => w.text).join(' ')),
      );
      const s = sums.get(v)![p.german ? 'de' : 'en'];
      s.right += got.all;
      s.words += p.words.length;
      s.umlautRight += got.umlaut;
      s.umlauts += p.words.filter(hasUmlaut).length;
      s.cpu += (used.user + used.system) / 1e6;
    }
  }
  for (const e of engines.values()) await e.close();
  const nDe = pages.filter((p) => p.german).length;
  const nEn = pages.length - nDe;
  console.log(
    '\n| languages | German letters: words right | umlaut/ß words right | CPU s/page | English letters: words right | CPU s/page |\n|---|---|---|---|---|---|',
  );
  const row = (name: string, de: Sum, en: Sum) =>
    console.log(
      `| ${name} | ${de.right}/${de.words} (${pct(de.right, de.words)}) | ${de.umlautRight}/${de.umlauts} (${pct(de.umlautRight, de.umlauts)}) | ${(de.cpu / nDe).toFixed(2)} | ${en.right}/${en.words} (${pct(en.right, en.words)}) | ${(en.cpu / nEn).toFixed(2)} |`,
    );
  for (const v of VARIANTS) row(`\`${v}\``, sums.get(v)!.de, sums.get(v)!.en);
  row('per page (`deu` for German, `eng` for English, known)', sums.get('deu')!.de, sums.get('eng')!.en);
}

async function accuracy(dir: string): Promise<void> {
  const specs: GermanLetterSpec[] = [];
  for (const face of LETTER_FACES)
    for (const dpi of [200, 300] as const)
      for (const colour of ['grey', 'bitonal'] as const) specs.push({ seed: specs.length + 1, face, dpi, colour });
  specs.push({ seed: 99, face: 'serif', dpi: 300, colour: 'grey', turn: 90 });
  const files = await Promise.all(
    specs.map(async (spec) => {
      const letter = germanLetter(spec.seed);
      const path = join(dir, `letter-${spec.seed}.png`);
      writeFileSync(path, await germanLetterScan(letter, spec));
      return { spec, path, words: letter.words };
    }),
  );
  const results = new Map<string, { all: number; umlaut: number }[]>();
  for (const languages of ['deu', 'deu+eng', 'eng']) {
    const service = new DocumentTextService({ dataDir: join(dir, `data-${languages}`), languages, poolSize: 1 });
    const got: { all: number; umlaut: number }[] = [];
    for (const f of files) {
      const r = await service.textOf(f.path);
      if (!r.ok) throw new Error(r.message);
      got.push(
        wordsRight(
          f.words,
          r.pages.flatMap((p) => p.lines.map((l) => l.map((w) => w.text).join(' '))),
        ),
      );
    }
    await service.close();
    results.set(languages, got);
  }
  console.log(
    '\n| face | DPI | colour | words (umlaut/ß) | `deu`: words right | umlaut/ß right | `deu+eng`: words | umlaut/ß | `eng` (before): words | umlaut/ß |\n|---|---|---|---|---|---|---|---|---|---|',
  );
  const langs = ['deu', 'deu+eng', 'eng'];
  const total = { words: 0, umlauts: 0, right: langs.map(() => [0, 0]) };
  files.forEach((f, i) => {
    const umlauts = f.words.filter(hasUmlaut).length;
    total.words += f.words.length;
    total.umlauts += umlauts;
    const cells = langs.map((l, j) => {
      const r = results.get(l)![i]!;
      total.right[j]![0]! += r.all;
      total.right[j]![1]! += r.umlaut;
      return `${r.all} | ${r.umlaut}`;
    });
    const { face, dpi, colour, turn } = f.spec;
    console.log(
      `| ${face}${turn ? ` (turned ${turn}°)` : ''} | ${dpi} | ${colour} | ${f.words.length} (${umlauts}) | ${cells.join(' | ')} |`,
    );
  });
  const sums = total.right.map(([a, u]) => `**${pct(a!, total.words)}** | **${pct(u!, total.umlauts)}**`);
  console.log(`| **all** | | | ${total.words} (${total.umlauts}) | ${sums.join(' | ')} |`);
}

const { values } = parseArgs({ options: { 'skip-accuracy': { type: 'boolean' } } });
const dir = workDir('ocr-languages');
await whichLanguages(dir);
if (!values['skip-accuracy']) await accuracy(dir);
process.exit(0);
