import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { truncated } from '../core/capture/test-support/odd-files';
import { letterPdf, letterScan } from '../core/suggestions/test-support/letters';
import { CAPTURE_EXIT_CODES } from './capture-cli';
import { runAgent } from './test-support/run-agent';
import { tempDir } from '../core/util/test-support/temp-dir';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #30 item 5: `intake-agent text FILE`, run as its own process as an admin would. Letters made here:
// a born-digital PDF and its scan (A6 at 200 DPI, so OCR takes a second or two).
const A6: [number, number] = [297.6, 419.5];
const LINES = ['Sehr geehrte Damen und Herren,', 'Versicherungsnummer: HR-100001', 'Vertrag VS12345678'];

async function files() {
  const dir = tempDir('text-cli-');
  const pdf = join(dir, 'brief.pdf');
  const png = join(dir, 'brief.png');
  await writeFile(pdf, await letterPdf({ lines: LINES, fontSize: 12, page: A6 }));
  await writeFile(png, await letterScan({ lines: LINES, fontSize: 12, page: A6 }, { dpi: 200, noise: 10, seed: 4 }));
  return { dir, pdf, png };
}

const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('intake-agent text', () => {
  it(
    'prints each page (source, rotation, text, words with boxes), then the numbers found',
    { timeout: idleMs(120_000) },
    async () => {
      const { pdf, png } = await files();
      const born = await runAgent(['text', pdf], { timeoutMs: 60_000 });
      expect(born.stderr).toBe('');
      expect(born.code).toBe(CAPTURE_EXIT_CODES.done);
      const [page, ...candidates] = lines(born.stdout);
      expect(page).toMatchObject({ page: 0, source: 'pdf-text', rotation: 0 });
      expect(page!.text).toContain('Versicherungsnummer: HR-100001');
      const words = page!.words as Array<{ text: string; box: { x: number; y: number; w: number; h: number } }>;
      const hr = words.find((w) => w.text === 'HR-100001')!;
      expect(hr.box.x).toBeGreaterThan(0.3); // after the word before it, in page fractions
      expect(hr.box.y).toBeLessThan(0.5);
      expect(candidates).toContainEqual({
        field: 'policyNumber',
        value: 'HR-100001',
        page: 0,
        box: expect.any(Object),
      });

      const scanned = await runAgent(['text', png], { timeoutMs: 90_000 });
      expect(scanned.code).toBe(CAPTURE_EXIT_CODES.done);
      const [ocr, ...found] = lines(scanned.stdout);
      expect(ocr).toMatchObject({ page: 0, source: 'ocr', rotation: 0 });
      expect(ocr!.text).toContain('HR-100001');
      expect(found.map((c) => [c.field, c.value])).toContainEqual(['policyNumber', 'HR-100001']);
      // The company's own pattern is not a built-in one: not found without --patterns.
      expect(found.map((c) => c.value)).not.toContain('VS12345678');
    },
  );

  it(
    '--patterns takes the settings file’s text.patterns (looked for first); --pages 0 reads no scan',
    { timeout: idleMs(120_000) },
    async () => {
      const { dir, pdf, png } = await files();
      const settings = join(dir, 'settings.json');
      await writeFile(
        settings,
        JSON.stringify({
          text: { patterns: [{ field: 'policyNumber', pattern: '(?<value>VS\\d{8})', normalize: 'upper' }] },
        }),
      );
      const r = await runAgent(['text', pdf, '--patterns', settings], { timeoutMs: 60_000 });
      expect(r.code).toBe(0);
      const found = lines(r.stdout).filter((l) => 'field' in l);
      expect(found.map((c) => c.value).sort()).toEqual(['HR-100001', 'VS12345678']);

      const none = await runAgent(['text', png, '--pages', '0'], { timeoutMs: 60_000 });
      expect(none.code).toBe(0);
      expect(lines(none.stdout)).toEqual([{ page: 0, source: 'skipped', rotation: 0, text: '', words: [] }]);
    },
  );

  // Issue #46: German read as German with the model the agent ships (no system package); which languages
  // is --ocr-languages, else the system's locale (German: deu).
  it(
    '--ocr-languages deu+eng reads umlauts and ß; without it a German system locale reads German, another English',
    { timeout: idleMs(240_000) },
    async () => {
      const dir = tempDir('text-cli-de-');
      const png = join(dir, 'brief.png');
      const german = ['Sehr geehrter Herr Müller,', 'Schloßstraße 4, 50667 Köln', 'Schaden in der Küche'];
      await writeFile(
        png,
        await letterScan({ lines: german, fontSize: 12, page: A6 }, { dpi: 200, noise: 10, seed: 6 }),
      );
      const textOf = (r: { stdout: string }) => lines(r.stdout)[0]?.text;

      const both = await runAgent(['text', png, '--ocr-languages', 'deu+eng'], { timeoutMs: 90_000 });
      expect(both.code).toBe(CAPTURE_EXIT_CODES.done);
      expect(textOf(both)).toBe(german.join('\n'));

      const inGerman = await runAgent(['text', png], {
        env: { ...process.env, LC_ALL: 'de_DE.UTF-8' },
        timeoutMs: 90_000,
      });
      expect(textOf(inGerman)).toBe(german.join('\n'));
      const inEnglish = await runAgent(['text', png], {
        env: { ...process.env, LC_ALL: 'en_GB.UTF-8' },
        timeoutMs: 90_000,
      });
      expect(textOf(inEnglish)).not.toContain('Müller'); // the English model alone: "Miller", "Kdln"

      const bad = await runAgent(['text', png, '--ocr-languages', 'fra'], { timeoutMs: 30_000 });
      expect(bad.code).toBe(CAPTURE_EXIT_CODES.usage);
      expect(bad.stderr).toContain('--ocr-languages: fra is not deu, eng or deu+eng');
    },
  );

  it(
    'a file that gives no text ends in one JSON line and exit 1; a wrong option is usage, exit 2',
    { timeout: idleMs(120_000) },
    async () => {
      const { dir, pdf } = await files();
      const broken = join(dir, 'cut.pdf');
      await writeFile(broken, truncated(await letterPdf({ lines: LINES, page: A6 })).subarray(0, 40));
      const bad = await runAgent(['text', broken], { timeoutMs: 60_000 });
      expect(bad.code).toBe(CAPTURE_EXIT_CODES.notPages);
      const out = lines(bad.stdout);
      expect(out).toHaveLength(1);
      expect(out[0]).toMatchObject({ file: broken, error: 'unreadable' });
      expect(bad.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace

      const pages = await runAgent(['text', pdf, '--pages', '99'], { timeoutMs: 30_000 });
      expect(pages.code).toBe(CAPTURE_EXIT_CODES.usage);
      expect(pages.stderr).toContain('--pages must be a whole number from 0 to 20');
      expect(pages.stdout).toBe('');

      const patterns = join(dir, 'bad.json');
      await writeFile(patterns, JSON.stringify([{ field: 'policyNumber', pattern: '(?<value' }]));
      const re = await runAgent(['text', pdf, '--patterns', patterns], { timeoutMs: 30_000 });
      expect(re.code).toBe(CAPTURE_EXIT_CODES.usage);
      expect(re.stderr).toContain('not a valid regular expression');

      const missing = await runAgent(['text', join(dir, 'nope.pdf')], { timeoutMs: 30_000 });
      expect(missing.code).toBe(CAPTURE_EXIT_CODES.usage);
    },
  );
});
