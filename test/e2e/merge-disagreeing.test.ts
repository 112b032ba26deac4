import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, makePdf, setClerkLanguage } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #36 item 3: merging a document tagged CLM-2026-000102 with one tagged CLM-2026-000103 kept 102
// without a word, and Ctrl+Z with the focus in the list did nothing after a merge.
const TEXT = {
  en: { refused: 'Not merged: the documents disagree on Case number (CLM-2026-000102 / CLM-2026-000103).' },
  de: {
    refused:
      'Nicht zusammengeführt: Die Dokumente haben verschiedene Werte für Schadennummer (CLM-2026-000102 / CLM-2026-000103).',
  },
} as const;

async function scanned(app: E2eApp, name: string, caseNumber: string): Promise<string> {
  const { page, demo } = app;
  await writeFile(join(demo.scannerFolder, name), makePdf([name]));
  await page
    .getByTestId('doc-row')
    .filter({ hasText: name })
    .waitFor({ timeout: idleMs(20_000) });
  const id = demo.core.queue.list({ limit: 5, offset: 0, query: name }).documents[0]!.id;
  const r = await dispatch(demo.core.handlers, 'documents.tag', { ids: [id], metadata: { caseNumber } });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return id;
}

describe.each(['en', 'de'] as const)('a merge of documents that disagree, in Chromium (%s)', (lang) => {
  const app = appForSuite({
    locale: lang === 'de' ? 'de-DE' : 'en-US',
    ready: async (app) => {
      await setClerkLanguage(app, lang);
    },
  });
  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });

  it('M on two documents with different case numbers is refused, naming the field and both values', async () => {
    const { page, demo } = app;
    const a = await scanned(app, `m102-${lang}.pdf`, 'CLM-2026-000102');
    const b = await scanned(app, `m103-${lang}.pdf`, 'CLM-2026-000103');
    await row(`m102-${lang}.pdf`).click();
    await row(`m103-${lang}.pdf`).click({ modifiers: ['Control'] });
    // List order decides which is first: make 102 first for the text.
    const order = await page
      .getByTestId('doc-row')
      .filter({ hasText: `-${lang}.pdf` })
      .allTextContents();
    const first102 = order.findIndex((t) => t.includes('m102')) < order.findIndex((t) => t.includes('m103'));
    await page.keyboard.press('m');
    const refused = page.getByTestId('merge-refused');
    await refused.waitFor();
    const said = (await refused.textContent()) ?? '';
    if (first102) expect(said).toContain(TEXT[lang].refused);
    else expect(said).toContain('CLM-2026-000103 / CLM-2026-000102');
    await app.screenshot(`merge-refused-${lang}`);
    await expectAccessible(page);
    // Nothing merged, nothing lost.
    expect(demo.core.queue.get(a).metadata.caseNumber).toBe('CLM-2026-000102');
    expect(demo.core.queue.get(b).metadata.caseNumber).toBe('CLM-2026-000103');
    expect(await row(`-${lang}.pdf`).count()).toBe(2);
  });

  it('after a merge, Ctrl+Z with the focus in the list brings the parts back', async () => {
    const { page } = app;
    await scanned(app, `same1-${lang}.pdf`, 'CLM-2026-000101');
    await scanned(app, `same2-${lang}.pdf`, 'CLM-2026-000101');
    await row(`same1-${lang}.pdf`).click();
    await row(`same2-${lang}.pdf`).click({ modifiers: ['Control'] });
    await page.keyboard.press('m');
    await expect
      .poll(
        () =>
          row(`same`)
            .filter({ hasText: `-${lang}.pdf` })
            .count(),
        { timeout: idleMs(15_000) },
      )
      .toBe(1);
    // The clerk is still where M was pressed: in the list.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('doc-list');
    await page.keyboard.press('Control+z');
    await expect
      .poll(
        () =>
          row(`same`)
            .filter({ hasText: `-${lang}.pdf` })
            .count(),
        { timeout: idleMs(15_000) },
      )
      .toBe(2);
  });
});
