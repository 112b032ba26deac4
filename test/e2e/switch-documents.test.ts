import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../electron/core/samples/sample-scans';
import { appForSuite } from './harness';
import { makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 8: switching documents while their PDFs still load cancels the old load; the pdf.js
// worker being stopped for it is expected, never a console error or an unhandled rejection.
describe('switching documents while PDFs load, in Chromium', () => {
  const app = appForSuite();

  it(
    'leaves no console error or page error behind over many quick switches (PDFs, a photo, a large PDF)',
    async () => {
      const { page, demo } = app;
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}\n${e.stack ?? ''}`));
      // The shell runs in this process: a preview read cut off must close its file, not leave it to the
      // garbage collector ("Closing file descriptor N on garbage collection", DEP0137).
      const fileWarnings: string[] = [];
      const onWarning = (w: Error & { code?: string }) => {
        if (w.code === 'DEP0137' || /garbage collection/.test(w.message)) fileWarnings.push(w.message);
      };
      process.on('warning', onWarning);
      const files: { name: string; bytes: Uint8Array }[] = [
        // Padding makes each load take several range reads, so a switch lands while one is pending.
        ...[1, 2, 3].map((n) => ({
          name: `switch-${n}.pdf`,
          bytes: makePdf([`Doc ${n}`, 'Second', 'Third'], 2_000_000),
        })),
        { name: 'switch-photo.png', bytes: makePng(640, 480, 5) },
        // 40 MB: pdf.js reads only the ranges it needs, so it is still loading whenever the clerk moves on.
        { name: 'switch-large.pdf', bytes: makePdf(['Large', 'Two', 'Three', 'Four'], 40_000_000) },
      ];
      for (const f of files) await writeFile(join(demo.scannerFolder, f.name), f.bytes);
      const row = (name: string) => page.getByTestId('doc-row').filter({ hasText: name });
      for (const f of files) await row(f.name).waitFor({ timeout: idleMs(30_000) });
      // The first document to arrive is opened by itself, before the reads below are held; the photo is
      // opened first so that each PDF clicked in the first round is a new load (CI, under load: switch-1
      // arrived alone, was already open, and its click read nothing).
      await row('switch-photo.png').click();
      await page.getByTestId('image-preview').waitFor({ timeout: idleMs(30_000) });

      // Every byte range pdf.js asks for answers late (the preview's first bytes come at once, so pdf.js is
      // started): each PDF is still loading when the next document is chosen, however fast this machine is.
      let pendingReads = 0;
      let readsSeen = 0;
      await page.route('**/api/documents/*/content', async (route) => {
        const from = /^bytes=(\d+)-/.exec((await route.request().headerValue('range')) ?? '')?.[1];
        if (!from || from === '0') return route.continue();
        pendingReads++;
        readsSeen++;
        await new Promise((r) => setTimeout(r, 250));
        pendingReads--;
        await route.continue().catch(() => undefined);
      });
      try {
        const order = files.map((f) => f.name);
        for (let round = 0; round < 4; round++)
          for (const name of round % 2 ? [...order].reverse() : order) {
            const before = readsSeen;
            await row(name).click();
            // Every other round the clerk moves on only once pdf.js is mid-load (a range read held), the
            // others at once (pdf.js not started or just starting).
            if (round % 2 === 0 && name.endsWith('.pdf'))
              await expect.poll(() => readsSeen, { timeout: idleMs(15_000) }).toBeGreaterThan(before);
          }
        // And by keyboard in the list, faster still.
        for (let i = 0; i < 8; i++) await page.keyboard.press(i < 4 ? 'ArrowUp' : 'ArrowDown');
        // Left last on the large PDF while it loads: it shows in full, loading went on normally after all the
        // cancellations.
        await row('switch-large.pdf').click();
        expect(readsSeen, 'the switches happened while reads were held').toBeGreaterThan(5);
        const canvas = page.getByTestId('pdf-canvas');
        await expect.poll(() => canvas.getAttribute('class'), { timeout: idleMs(30_000) }).not.toContain('is-pending');
        await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe('Page 1 of 4');
        // Every held read has answered (or was cut off) and pdf.js has had its turn to report late rejections.
        await expect.poll(() => pendingReads, { timeout: idleMs(15_000) }).toBe(0);
        await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
        setFlagsFromString('--expose-gc');
        (runInNewContext('gc') as () => void)();
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        await page.unroute('**/api/documents/*/content');
        process.off('warning', onWarning);
      }
      expect(errors.filter((e) => !/favicon/i.test(e))).toEqual([]);
      expect(fileWarnings).toEqual([]);
    },
    idleMs(240_000),
  );
});
