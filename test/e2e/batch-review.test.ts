import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { CASE_BATCH_CASES, CASE_BATCH_PROFILE, caseBatch } from '../../electron/core/capture/test-support/case-batch';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #38 item 8: a folder that asks for review holds the batch; the inbox shows its planned split; the
// clerk, with the keyboard only, takes the blank page back, moves a boundary onto it and releases the
// batch; the documents are made exactly as shown.
const SCAN = 'CLM-2026-000101_INV_post.pdf';
const TEXT = {
  en: {
    summary: '9 pages → 3 documents, 1 blank page left out',
    afterUndrop: '9 pages → 3 documents, 0 blank pages left out',
    warning: 'You expect 4 documents; this split makes 3.',
    release: 'Release: make 3 documents',
    page4: 'Page 4, blank, starts document 2',
    notice: `The scan ${SCAN} waits for your check`,
  },
  de: {
    summary: '9 Seiten → 3 Dokumente, 1 leere Seite weggelassen',
    afterUndrop: '9 Seiten → 3 Dokumente, 0 leere Seiten weggelassen',
    warning: 'Sie erwarten 4 Dokumente; diese Aufteilung ergibt 3.',
    release: 'Freigeben: 3 Dokumente erstellen',
    page4: 'Seite 4, leer, beginnt Dokument 2',
    notice: `Der Scan ${SCAN} wartet auf Ihre Prüfung`,
  },
} as const;

describe.each(['en', 'de'] as const)('batch review in the inbox, keyboard only, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    ready: async (a) => {
      await inLocale(lang)(a);
      const settings = a.demo.core.settings.get();
      const folders = settings.folders.map((f, i) =>
        i === 0 ? { ...f, capture: { ...CASE_BATCH_PROFILE.capture, review: true } } : f,
      );
      const r = await dispatch(a.demo.core.handlers, 'settings.update', { settings: { ...settings, folders } });
      expect(r.ok).toBe(true);
    },
  });

  it('shows the held split, warns on an unexpected count, and releases the split as changed', async () => {
    const { page, demo } = app;
    await page.keyboard.press('Alt+1');
    await writeFile(join(demo.scannerFolder, SCAN), await caseBatch());
    const review = page.getByTestId('batch-review');
    await review.waitFor({ timeout: idleMs(60_000) });
    const summary = review.getByTestId('review-summary');
    expect(await summary.textContent()).toBe(text.summary);
    // One notice for the batch: "waits for your check" takes the place of "being looked through".
    await expect
      .poll(() => page.getByTestId('toast').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(text.notice)]));
    expect(await page.getByTestId('doc-row').count(), 'nothing made while held').toBe(0);
    const tiles = review.getByTestId('review-page');
    expect(await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-document')))).toEqual([
      '1',
      '1',
      '',
      '',
      '2',
      '2',
      '',
      '3',
      '3',
    ]);

    // The expected count, typed: a warning while it differs.
    await review.getByTestId('review-expected').focus();
    await page.keyboard.type('4');
    await expect.poll(() => review.getByTestId('review-warning').textContent()).toBe(text.warning);
    await page.keyboard.press('Backspace');
    await page.keyboard.type('3');
    await expect.poll(() => review.getByTestId('review-warning').count()).toBe(0);

    // Into the pages (Tab), to page 4 (the blank back), take it back (Space): it joins document 1.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-page'))).toBe('0');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await expect.poll(() => summary.textContent()).toBe(text.afterUndrop);
    // To page 5, and its document's start one page earlier (Alt+←): page 4 now starts document 2.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(() => tiles.nth(3).locator('.visually-hidden').textContent()).toBe(text.page4);
    expect(await tiles.evaluateAll((els) => els.map((e) => e.getAttribute('data-document')))).toEqual([
      '1',
      '1',
      '',
      '2',
      '2',
      '2',
      '',
      '3',
      '3',
    ]);
    await app.screenshot(`batch-review-${lang}`);
    await expectAccessible(page);

    // Tab leaves the pages for the release button; Enter releases.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text.release);
    await page.keyboard.press('Enter');
    const rows = page.getByTestId('doc-row').filter({ hasText: 'post_p' });
    await expect.poll(() => rows.count(), { timeout: idleMs(60_000) }).toBe(3);
    await expect.poll(() => review.count()).toBe(0);
    const docs = (await demo.core.queue.list({ limit: 10, offset: 0 })).documents.sort((a, b) =>
      a.fileName.localeCompare(b.fileName, 'en', { numeric: true }),
    );
    expect(docs.map((d) => d.fileName)).toEqual([
      'CLM-2026-000101_INV_post_p1-2.pdf',
      'CLM-2026-000101_INV_post_p4-6.pdf',
      'CLM-2026-000101_INV_post_p8-9.pdf',
    ]);
    expect(docs.map((d) => d.metadata.caseNumber)).toEqual([...CASE_BATCH_CASES]);
    const counts = await Promise.all(
      docs.map(async (d) =>
        (await PDFDocument.load(await readFile((await demo.core.queue.contentFile(d.id)).path))).getPageCount(),
      ),
    );
    expect(counts).toEqual([2, 3, 2]);
    await expectAccessible(page);
  });
});
