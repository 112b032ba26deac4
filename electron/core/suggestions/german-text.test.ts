import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultOcrLanguages } from '../../../shared/domain/ocr-languages';
import { tempDir } from '../util/test-support/temp-dir';
import { DocumentTextService } from './document-text';
import type { PageText } from './page-text';
import { hashFile } from './text-cache';
import type { GermanLetterSpec } from './test-support/german-letters';
import { germanLetter, germanLetterScan, hasUmlaut, LETTER_FACES, wordsRight } from './test-support/german-letters';
import { letterScan } from './test-support/letters';
import { idleMs } from '../util/test-support/box-pace';

// Issue #46: German letters read as German on any station — the model ships with the app, no system
// package. Letters made here (test-support/german-letters.ts): names, streets, towns and ordinary words
// with umlauts and ß, in a sans, a serif, a typewriter and a handwriting-like face, at 200 and 300 DPI,
// grey and bitonal, one fed turned; read through the app's path (DocumentTextService: text worker,
// upright check, WASM Tesseract) in the languages of a German station (`deu`; `deu+eng` for the English
// letters too, as a setting may choose it).
let dir: string;
let service: DocumentTextService;

beforeAll(() => {
  dir = tempDir('german-text-');
  service = new DocumentTextService({ dataDir: join(dir, 'data'), languages: defaultOcrLanguages('de'), poolSize: 1 });
});
afterAll(() => service.close());

const textOfPages = (pages: PageText[]) => pages.flatMap((p) => p.lines.map((l) => l.map((w) => w.text).join(' ')));

async function scanFile(spec: GermanLetterSpec): Promise<{ path: string; words: string[] }> {
  const letter = germanLetter(spec.seed);
  const path = join(dir, `letter-${spec.seed}.png`);
  writeFileSync(path, await germanLetterScan(letter, spec));
  return { path, words: letter.words };
}

describe('German letters', () => {
  it(
    'reads ≥ 98 % of the words and ≥ 95 % of those with umlauts or ß exactly, in every face, DPI and colour',
    { timeout: idleMs(600_000) },
    async () => {
      const specs: GermanLetterSpec[] = [];
      for (const face of LETTER_FACES)
        for (const dpi of [200, 300] as const)
          for (const colour of ['grey', 'bitonal'] as const) specs.push({ seed: specs.length + 1, face, dpi, colour });
      specs.push({ seed: 99, face: 'serif', dpi: 300, colour: 'grey', turn: 90 });
      let words = 0;
      let umlautWords = 0;
      let right = 0;
      let umlautRight = 0;
      const perPage: string[] = [];
      for (const spec of specs) {
        const letter = await scanFile(spec);
        const r = await service.textOf(letter.path);
        if (!r.ok) throw new Error(r.message);
        const got = wordsRight(letter.words, textOfPages(r.pages));
        const umlauts = letter.words.filter(hasUmlaut).length;
        words += letter.words.length;
        umlautWords += umlauts;
        right += got.all;
        umlautRight += got.umlaut;
        perPage.push(
          `${spec.face} ${spec.dpi} ${spec.colour}${spec.turn ? ` turned ${spec.turn}` : ''}: ${got.all}/${letter.words.length}, ${got.umlaut}/${umlauts}`,
        );
        if (spec.turn) expect(r.pages[0]?.rotation, 'read upright').toBeGreaterThan(0);
        // No page is far off even if the whole set meets the figures.
        expect(got.all / letter.words.length, perPage.at(-1)).toBeGreaterThanOrEqual(0.95);
      }
      expect(umlautWords).toBeGreaterThan(300); // the set is about umlauts: ~1 word in 4
      expect(right / words, perPage.join('\n')).toBeGreaterThanOrEqual(0.98);
      expect(umlautRight / umlautWords, perPage.join('\n')).toBeGreaterThanOrEqual(0.95);
    },
  );

  it(
    'English letters read with German, and with deu+eng, as well as with English alone',
    { timeout: idleMs(300_000) },
    async () => {
      const lines = [
        'Dear Sir or Madam, we refer to the claim named above and ask you to settle the',
        'repair invoice of the garage within fourteen days. The vehicle was damaged on the',
        'motorway near the exit when a truck changed lanes without signalling. Please find',
        'enclosed the police report, the photographs and the estimate of the expert.',
        'Policy number HR-100001, our reference CLM-2026-000101. Kind regards, John Smith',
      ];
      const printed = lines
        .flatMap((l) => l.split(/\s+/))
        .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
      for (const [i, dpi] of [200, 300].entries()) {
        const path = join(dir, `english-${dpi}.png`);
        writeFileSync(path, await letterScan({ lines, fontSize: 10 }, { dpi, noise: 14, blur: 0.5, seed: 5 + i }));
        const eng = await service.textOf(path, undefined, 'eng');
        if (!eng.ok) throw new Error('not read');
        const withEng = wordsRight(printed, textOfPages(eng.pages)).all;
        for (const languages of [defaultOcrLanguages('de'), 'deu+eng']) {
          const r = await service.textOf(path, undefined, languages);
          if (!r.ok) throw new Error('not read');
          const right = wordsRight(printed, textOfPages(r.pages)).all;
          expect(right, `${languages}, ${dpi} DPI`).toBeGreaterThanOrEqual(withEng);
          expect(right / printed.length, `${languages}, ${dpi} DPI`).toBeGreaterThanOrEqual(0.98);
        }
      }
    },
  );

  it(
    'the text cache keys on the languages: a changed setting reads again, the same one answers from the cache',
    async () => {
      const { path } = await scanFile({ seed: 7, face: 'sans', dpi: 200, colour: 'grey' });
      const copy = join(dir, 'same-content.png');
      copyFileSync(path, copy);
      const eng = await service.textOf(path, undefined, 'eng');
      expect(eng).toMatchObject({ ok: true });
      const german = await service.textOf(copy, undefined, 'deu+eng');
      expect(german).toMatchObject({ ok: true, fromCache: false });
      if (!german.ok || !eng.ok) return;
      const words = (pages: PageText[]) => pages.flatMap((p) => p.lines.flat().map((w) => w.text));
      const umlautsRead = (pages: PageText[]) => words(pages).filter(hasUmlaut).length;
      expect(umlautsRead(german.pages)).toBeGreaterThan(umlautsRead(eng.pages) + 10);
      expect(await service.textOf(path, undefined, 'deu+eng')).toMatchObject({ ok: true, fromCache: true });
      const hash = await hashFile(path);
      expect(await service.cachedText(hash, 'deu+eng')).toBeDefined();
      expect(await service.cachedText(hash, 'deu')).toBeUndefined();
    },
    idleMs(120_000),
  );
});
