import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { analysePage } from '../../electron/core/capture/analysis/analyse-page';
import { openPages } from '../../electron/core/capture/pages/open-pages';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #38 item 7: separator and cover sheets are printed from the inbox and from the claim view; the PDF
// the browser saves carries the codes capture reads (read here with capture's own page reader).
const TEXT = {
  en: {
    open: 'Print sheets…',
    cover: 'Cover sheet with a case number',
    caseNumber: 'Case number',
    copies: 'Number of sheets',
    make: 'Make PDF',
    made: 'separator-sheets.pdf is saved (3 sheets)',
    refused: 'not in the form of this platform’s case numbers',
    claimButton: 'Print cover sheet',
  },
  de: {
    open: 'Blätter drucken…',
    cover: 'Deckblatt mit Schadennummer',
    caseNumber: 'Schadennummer',
    copies: 'Anzahl Blätter',
    make: 'PDF erstellen',
    made: 'separator-sheets.pdf ist gespeichert (3 Blätter)',
    refused: 'nicht die Form der Schadennummern dieser Plattform',
    claimButton: 'Deckblatt drucken',
  },
} as const;

/** The codes on each page of a saved PDF, as capture reads them. */
async function codesOf(path: string): Promise<string[][]> {
  const opened = await openPages(new Uint8Array(await readFile(path)));
  if (!opened.ok) throw new Error(opened.problem.message);
  const out: string[][] = [];
  try {
    for (let i = 0; i < opened.source.pageCount; i++)
      out.push(
        (await analysePage(opened.source, i, { dpi: 200, blankThreshold: 0.002 })).barcodes.map((b) => b.text).sort(),
      );
  } finally {
    opened.source.close();
  }
  return out.map((codes) => [...new Set(codes)]);
}

async function downloaded(page: Page, act: () => Promise<void>): Promise<{ name: string; path: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: idleMs(20_000) }), act()]);
  return { name: download.suggestedFilename(), path: await download.path() };
}

describe.each(['en', 'de'] as const)('printing separator and cover sheets, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  it('from the inbox, with the keyboard: separator sheets; a cover sheet refused for a wrong number, then made', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+1');
    const open = page.getByRole('button', { name: text.open });
    await open.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('sheets-panel');
    await panel.waitFor();
    await panel.getByLabel(text.copies).fill('3');
    await panel.getByLabel(text.copies).press('Tab');
    const separators = await downloaded(page, () => panel.getByRole('button', { name: text.make }).press('Enter'));
    expect(separators.name).toBe('separator-sheets.pdf');
    expect(await codesOf(separators.path)).toEqual([['PATCHT'], ['PATCHT'], ['PATCHT']]);
    await expect.poll(() => page.getByTestId('sheets-status').textContent()).toContain(text.made);

    await panel.getByLabel(text.cover).check();
    await panel.getByLabel(text.caseNumber, { exact: true }).fill('CLM-26-1');
    await panel.getByLabel(text.copies).fill('1');
    await panel.getByLabel(text.caseNumber, { exact: true }).press('Enter');
    await expect
      .poll(() => page.getByTestId('sheets-error').textContent(), { timeout: idleMs(10_000) })
      .toContain(text.refused);
    await app.screenshot(`print-sheets-refused-${lang}`);
    await expectAccessible(page);

    await panel.getByLabel(text.caseNumber, { exact: true }).fill('CLM-2026-000102');
    const cover = await downloaded(page, () => panel.getByLabel(text.caseNumber, { exact: true }).press('Enter'));
    expect(cover.name).toBe('cover-sheet_CLM-2026-000102.pdf');
    expect(await codesOf(cover.path)).toEqual([['CLM-2026-000102', 'PATCHT']]);
    expect(await page.getByTestId('sheets-error').count()).toBe(0);
    await app.screenshot(`print-sheets-${lang}`);
    await expectAccessible(page);
  });

  it('from the claim view: the claim’s cover sheet', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.locator('#claim-id').fill('1001');
    await page.getByTestId('open-claim-submit').click();
    await page.getByTestId('claim-view').waitFor({ timeout: idleMs(15_000) });
    const button = page.getByRole('button', { name: text.claimButton });
    const cover = await downloaded(page, () => button.click());
    expect(cover.name).toMatch(/^cover-sheet_CLM-\d{4}-\d{6}\.pdf$/);
    const number = /cover-sheet_(.+)\.pdf$/.exec(cover.name)![1]!;
    expect(await codesOf(cover.path)).toEqual([[number, 'PATCHT'].sort()]);
    await app.screenshot(`claim-cover-sheet-${lang}`);
    await expectAccessible(page);
  });
});
