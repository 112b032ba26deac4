import { writeFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { letterScan } from '../../electron/core/suggestions/test-support/letters';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, inLocale, isWired, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #39 item 7: the preview shows the text the app read. A scanned letter's OCR words lie as
// transparent text over the page image, a born-digital PDF page has pdf.js's own text layer: a selection
// drawn over the page takes the words, Ctrl+C copies them. Ctrl+F finds in the document: every match
// marked, the count said and announced, Enter / Shift+Enter move, Esc closes and gives focus back.
// The letter is a small page (A6 at 200 DPI) so its OCR takes a second or two.
const A6: [number, number] = [297.6, 419.5];

/** Drags a selection across the element, from just inside its left edge to just inside its right one. */
async function selectAcross(page: Page, target: Locator): Promise<string> {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
  return page.evaluate(() => window.getSelection()?.toString() ?? '');
}

const activeClass = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');

describe('the preview shows the text read from a scanned letter, in Chromium', () => {
  const app = appForSuite({
    ready: async (app) => {
      expect(await isWired(app, 'documents.pageWords', { id: 'x', page: 0 })).toBe(true);
    },
  });
  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });

  it(
    'the OCR words are selectable and copied with Ctrl+C; Ctrl+F counts, moves, closes',
    async () => {
      const { page, demo } = app;
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.web.url });
      const png = await letterScan(
        {
          lines: [
            'Sehr geehrte Damen und Herren,',
            'der Schaden vom 12.03. war ein Schaden',
            'am Auto. Der Schaden ist gemeldet.',
            'Versicherungsnummer: HR-100001',
          ],
          fontSize: 12,
          page: A6,
        },
        { dpi: 200, noise: 12, blur: 0.5, seed: 5 },
      );
      await writeFile(join(demo.scannerFolder, 'Brief Schaden.png'), png);
      await row('Brief Schaden.png').waitFor({ timeout: idleMs(20_000) });
      await row('Brief Schaden.png').click();
      const layer = page.getByTestId('text-layer');
      // Read on arrival and for the tagging form's suggestions: the layer comes once the text is there.
      const word = layer.locator('span', { hasText: 'HR-100001' });
      await word.waitFor({ timeout: idleMs(60_000) });
      expect(await layer.getAttribute('data-source')).toBe('ocr');
      expect(await page.getByTestId('text-status').count()).toBe(0);
      // The word lies on the page image where it was read: in its lower half (the 4th of 4 lines), inside.
      const [w, img] = [(await word.boundingBox())!, (await page.getByTestId('image-preview').boundingBox())!];
      expect(w.x).toBeGreaterThan(img.x);
      expect(w.x + w.width).toBeLessThan(img.x + img.width);
      expect(w.y).toBeGreaterThan(img.y);

      // A selection drawn over the line takes its words, and Ctrl+C copies them.
      const line = layer.locator('span', { hasText: 'Versicherungsnummer' });
      const selected = await selectAcross(page, line);
      expect(selected).toContain('Versicherungsnummer');
      const both = await page.evaluate(() => {
        const spans = [...document.querySelectorAll('[data-testid="text-layer"] span')];
        const first = spans.find((s) => s.textContent?.startsWith('Versicherungsnummer'));
        const last = spans.find((s) => s.textContent?.includes('HR-100001'));
        const range = document.createRange();
        range.setStartBefore(first!);
        range.setEndAfter(last!);
        const sel = window.getSelection()!;
        sel.removeAllRanges();
        sel.addRange(range);
        return sel.toString();
      });
      expect(both).toBe('Versicherungsnummer: HR-100001');
      await page.keyboard.press('Control+c');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Versicherungsnummer: HR-100001');

      // "Show text" (a toggle, by keyboard): the words read, readable over the scan; still selectable.
      const show = page.getByTestId('show-text');
      expect(await show.getAttribute('aria-pressed')).toBe('false');
      await show.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => layer.getAttribute('class')).toContain('shown');
      expect(await show.getAttribute('aria-pressed')).toBe('true');
      expect(await word.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgba(0, 0, 0, 0)');
      await expectAccessible(page);
      await page.keyboard.press('Enter');
      await expect.poll(() => layer.getAttribute('class')).toBe('word-layer');
      expect(await word.evaluate((el) => getComputedStyle(el).color)).toBe('rgba(0, 0, 0, 0)');

      // Ctrl+F with the preview focused: the find box, focus in it.
      await page.locator('.preview-canvas').focus();
      await page.keyboard.press('Control+f');
      const input = page.getByTestId('find-input');
      await input.waitFor();
      expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
      const count = page.getByTestId('find-count');
      expect(await count.getAttribute('aria-live')).toBe('polite');
      // Case and accents do not matter: SCHÄDEN finds the three "Schaden".
      await page.keyboard.type('SCHÄDEN');
      await expect.poll(() => count.textContent(), { timeout: idleMs(10_000) }).toBe('1 of 3');
      expect(await page.getByTestId('find-mark').count()).toBe(2);
      expect(await page.getByTestId('find-mark-current').count()).toBe(1);
      const firstAt = (await page.getByTestId('find-mark-current').boundingBox())!;
      await page.keyboard.press('Enter');
      await expect.poll(() => count.textContent()).toBe('2 of 3');
      const secondAt = (await page.getByTestId('find-mark-current').boundingBox())!;
      // The second "Schaden" is on the same line, to the right of the first.
      expect(secondAt.x).toBeGreaterThan(firstAt.x + firstAt.width);
      await page.keyboard.press('Enter');
      await expect.poll(() => count.textContent()).toBe('3 of 3');
      await page.keyboard.press('Enter');
      await expect.poll(() => count.textContent()).toBe('1 of 3');
      await page.keyboard.press('Shift+Enter');
      await expect.poll(() => count.textContent()).toBe('3 of 3');
      await app.screenshot('preview-find-scan');
      await expectAccessible(page);
      await input.fill('Schadenersatz');
      await expect.poll(() => count.textContent()).toBe('No match');
      expect(await page.getByTestId('find-mark').count()).toBe(0);

      // Esc closes the box and gives focus back to where it was.
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('find-box').count()).toBe(0);
      expect(await page.getByTestId('find-mark').count()).toBe(0);
      expect(await activeClass(page)).toContain('preview-canvas');
      // The document is still open (Esc closed only the box).
      expect(await row('Brief Schaden.png').getAttribute('aria-selected')).toBe('true');

      // From the tagging form too: Ctrl+F in a field opens it, Esc goes back to the field.
      await page.locator('#tag-itemId').focus();
      await page.keyboard.press('Control+f');
      await input.waitFor();
      await page.keyboard.type('hr-100001');
      await expect.poll(() => count.textContent()).toBe('1 of 1');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('#tag-itemId').evaluate((el) => el === document.activeElement)).toBe(true);
    },
    idleMs(120_000),
  );

  it(
    "a scanned PDF: the OCR words lie over pdf.js's drawing of the page, and find counts them",
    async () => {
      const { page, demo } = app;
      const png = await letterScan(
        { lines: ['Sehr geehrte Damen und Herren,', 'Kennzeichen HH-AB 1234 und HH-AB 1234'], fontSize: 12, page: A6 },
        { dpi: 200, noise: 12, blur: 0.5, seed: 7 },
      );
      const pdf = await PDFDocument.create();
      const image = await pdf.embedPng(png);
      pdf.addPage(A6).drawImage(image, { x: 0, y: 0, width: A6[0], height: A6[1] });
      await writeFile(join(demo.scannerFolder, 'Scan Kennzeichen.pdf'), await pdf.save());
      await row('Scan Kennzeichen.pdf').waitFor({ timeout: idleMs(20_000) });
      await row('Scan Kennzeichen.pdf').click();
      const layer = page.getByTestId('text-layer');
      const word = layer.locator('span', { hasText: 'Kennzeichen' });
      await word.waitFor({ timeout: idleMs(60_000) });
      expect(await layer.getAttribute('data-source')).toBe('ocr');
      // Over the canvas pdf.js drew, inside it.
      const [w, canvas] = [(await word.boundingBox())!, (await page.getByTestId('pdf-canvas').boundingBox())!];
      expect(w.x).toBeGreaterThan(canvas.x);
      expect(w.y).toBeGreaterThan(canvas.y);
      expect(w.y + w.height).toBeLessThan(canvas.y + canvas.height / 2);
      expect(await selectAcross(page, word)).toContain('Kennzeichen');
      await page.keyboard.press('Control+f');
      await page.getByTestId('find-input').waitFor();
      await page.keyboard.type('hh-ab 1234');
      await expect.poll(() => page.getByTestId('find-count').textContent(), { timeout: idleMs(10_000) }).toBe('1 of 2');
      // One match over two words: two marks for it.
      expect(await page.getByTestId('find-mark-current').count()).toBe(2);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('find-box').count()).toBe(0);
    },
    idleMs(90_000),
  );
});

describe('the preview shows the text of a born-digital PDF, in German', () => {
  const app = appForSuite({ ready: inLocale('de') });
  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });

  it(
    "pdf.js's text layer is selectable; Strg+F finds across pages and turns to them",
    async () => {
      const { page } = app;
      const pdf = makePdf(['Schaden am Auto, Schaden', 'HR-100001 zum Schaden']);
      await dropFile(page, 'Schadenmeldung.pdf', pdf, 'application/pdf');
      await row('Schadenmeldung.pdf').click();
      await expect
        .poll(() => page.getByTestId('page-indicator').textContent(), { timeout: idleMs(20_000) })
        .toBe('Seite 1 von 2');
      const layer = page.getByTestId('text-layer');
      const run = layer.locator('span', { hasText: 'Schaden am Auto' });
      await run.waitFor({ timeout: idleMs(30_000) });
      expect(await layer.getAttribute('data-source')).toBe('pdf');
      expect(await selectAcross(page, run)).toContain('Schaden am Auto');

      await page.locator('.preview-canvas').focus();
      await page.keyboard.press('Control+f');
      const count = page.getByTestId('find-count');
      await page.getByTestId('find-input').waitFor();
      await page.keyboard.type('schaden');
      // The words of every page, as read for the suggestions: 2 on page 1, 1 on page 2.
      await expect.poll(() => count.textContent(), { timeout: idleMs(30_000) }).toBe('1 von 3');
      expect(await page.getByTestId('find-mark').count()).toBe(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => count.textContent()).toBe('2 von 3');
      await page.keyboard.press('Enter');
      await expect.poll(() => count.textContent()).toBe('3 von 3');
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Seite 2 von 2');
      expect(await page.getByTestId('find-mark-current').count()).toBe(1);
      await page.keyboard.press('Shift+Enter');
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Seite 1 von 2');
      await expect.poll(() => count.textContent()).toBe('2 von 3');
      await app.screenshot('preview-find-pdf-de');
      await expectAccessible(page);
      await page.getByTestId('find-input').fill('Unfall');
      await expect.poll(() => count.textContent()).toBe('Kein Treffer');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('find-box').count()).toBe(0);
      expect(await activeClass(page)).toContain('preview-canvas');

      // The help names the key as a German keyboard labels it.
      await page.keyboard.press('?');
      await expect.poll(() => page.getByTestId('help-overlay').textContent()).toContain('Strg+F');
      await page.keyboard.press('Escape');

      // A page edit makes new content, not read yet: the preview has it read and finds in it.
      await page.getByTestId('page-thumb').first().focus();
      await page.keyboard.press('Delete');
      await expect.poll(() => page.getByTestId('page-thumb').count(), { timeout: idleMs(15_000) }).toBe(1);
      await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Seite 1 von 1');
      await page.locator('.preview-canvas').focus();
      await page.keyboard.press('Control+f');
      await page.getByTestId('find-input').waitFor();
      // The page shown (page 1) was deleted: the other page's one "Schaden" is left, its number with it.
      await page.keyboard.type('schaden');
      await expect.poll(() => count.textContent(), { timeout: idleMs(30_000) }).toBe('1 von 1');
      await page.getByTestId('find-input').fill('HR-100001');
      await expect.poll(() => count.textContent()).toBe('1 von 1');
      await page.keyboard.press('Escape');
    },
    idleMs(90_000),
  );
});
