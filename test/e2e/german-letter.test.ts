import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { letterScan } from '../../electron/core/suggestions/test-support/letters';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { PageWordsSchema } from '../../shared/domain/page-words';
import { appForSuite } from './harness';
import { inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #46: on a German station (the app in German, no tesseract-ocr-deu on the machine: the model comes
// with the app) a scanned German letter is read as German — the preview's Ctrl+F finds "Müller", "koln"
// finds "Köln" (find ignores case and accents, docs/capture.md), and the inbox search finds the street.
// A small page (A6 at 200 DPI) so its OCR takes a second or two.
const A6: [number, number] = [297.6, 419.5];

describe('a scanned German letter on a German station, in Chromium', () => {
  const app = appForSuite({ ready: inLocale('de') });
  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });

  it(
    'Ctrl+F "Müller" finds the name in the preview; "koln" finds Köln; the inbox search finds the street',
    async () => {
      const { page, demo } = app;
      const png = await letterScan(
        {
          lines: ['Sehr geehrter Herr Müller,', 'Schloßstraße 4, 50667 Köln', 'der Schaden in der Küche'],
          fontSize: 12,
          page: A6,
        },
        { dpi: 200, noise: 12, blur: 0.5, seed: 46 },
      );
      await writeFile(join(demo.scannerFolder, 'Brief Köln.png'), png);
      await row('Brief Köln.png').waitFor({ timeout: idleMs(20_000) });
      await row('Brief Köln.png').click();
      const layer = page.getByTestId('text-layer');
      await layer.locator('span', { hasText: 'Müller' }).waitFor({ timeout: idleMs(60_000) });
      expect(await layer.getAttribute('data-source')).toBe('ocr');

      await page.locator('.preview-canvas').focus();
      await page.keyboard.press('Control+f');
      const input = page.getByTestId('find-input');
      await input.waitFor();
      const count = page.getByTestId('find-count');
      await page.keyboard.type('Müller');
      await expect.poll(() => count.textContent(), { timeout: idleMs(10_000) }).toBe('1 von 1');
      await input.fill('Köln');
      await expect.poll(() => count.textContent()).toBe('1 von 1');
      await input.fill('koln');
      await expect.poll(() => count.textContent()).toBe('1 von 1');
      await input.fill('Straße');
      await expect.poll(() => count.textContent()).toBe('1 von 1');
      await page.keyboard.press('Escape');

      await page.locator('#inbox-search').fill('Schloßstraße 4');
      await expect.poll(() => page.getByTestId('doc-row').count()).toBe(1);
      expect(await page.getByTestId('doc-text-match').textContent()).toContain('schloßstraße 4, 50667 köln');
    },
    idleMs(120_000),
  );

  it(
    'Settings: German is read by default; choosing English is saved (the page limit kept) and the letter is read again in it',
    async () => {
      const { page, demo } = app;
      await page.keyboard.press('Alt+5');
      await expect.poll(() => page.getByTestId('ocr-languages').textContent()).toBe('Deutsch (deu)');
      const choice = page.getByTestId('ocr-languages-input');
      expect(await choice.inputValue()).toBe('');
      await choice.selectOption('eng');
      await page.getByTestId('ocr-pages-input').fill('2'); // keeps the language chosen (it once replaced all of text)
      await page.getByTestId('settings-save').click();
      await expect.poll(() => demo.core.settings.get().text).toEqual({ ocrPages: 2, languages: 'eng' });
      // The cache keys on the languages: the same letter is read again, now with English alone.
      const id = (await demo.core.queue.list({ limit: 5, offset: 0, query: 'Brief Köln' })).documents[0]!.id;
      const r = await dispatch(demo.core.handlers, 'documents.pageWords', { id, page: 0, read: true });
      expect(r).toMatchObject({ ok: true, value: { state: 'read', source: 'ocr' } });
      const answer = r.ok ? PageWordsSchema.parse(r.value) : undefined;
      const words = answer?.state === 'read' ? answer.words.map((w) => w.text) : [];
      expect(words).toContain('Herr');
      expect(words.join(' ')).not.toContain('Müller'); // English alone: "Miller"
      expect(words.join(' ')).not.toContain('Köln');
    },
    idleMs(120_000),
  );
});
