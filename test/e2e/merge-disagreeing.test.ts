import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import type { DocumentDraft } from '../../shared/domain/drafts';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, makePdf, setClerkLanguage } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #36 item 3: merging a document tagged CLM-2026-000102 with one tagged CLM-2026-000103 kept 102
// without a word, and Ctrl+Z with the focus in the list did nothing after a merge.
const TEXT = {
  en: {
    refused: 'Not merged: the documents disagree on Case number (CLM-2026-000102 / CLM-2026-000103).',
    unsent: 'typed and not sent yet (✎)',
  },
  de: {
    refused:
      'Nicht zusammengeführt: Die Dokumente haben verschiedene Werte für Schadennummer (CLM-2026-000102 / CLM-2026-000103).',
    unsent: 'eingegeben und noch nicht gesendet (✎)',
  },
} as const;

async function scanned(app: E2eApp, name: string, caseNumber: string): Promise<string> {
  const { page, demo } = app;
  await writeFile(join(demo.scannerFolder, name), makePdf([name]));
  await page
    .getByTestId('doc-row')
    .filter({ hasText: name })
    .waitFor({ timeout: idleMs(20_000) });
  const id = (await demo.core.queue.list({ limit: 5, offset: 0, query: name })).documents[0]!.id;
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
    expect((await demo.core.queue.get(a)).metadata.caseNumber).toBe('CLM-2026-000102');
    expect((await demo.core.queue.get(b)).metadata.caseNumber).toBe('CLM-2026-000103');
    expect(await row(`-${lang}.pdf`).count()).toBe(2);
  });

  // Issue #48 item 2: two documents whose case numbers the clerk typed but did not send ("✎ Unsent changes")
  // merged with M without a word, and one typed value was gone.
  it('M on two documents with different case numbers typed and not sent is refused; both typed values stay', async () => {
    const { page, demo } = app;
    const names = [`typed102-${lang}.pdf`, `typed103-${lang}.pdf`];
    for (const name of names) await writeFile(join(demo.scannerFolder, name), makePdf([name]));
    for (const [i, name] of names.entries()) {
      await row(name).waitFor({ timeout: idleMs(20_000) });
      await row(name).click();
      await expect.poll(() => page.getByTestId('tagging-target').textContent()).toBe(name);
      await page.locator('#tag-caseNumber').fill(`CLM-2026-00010${2 + i}`);
      await row(name).getByTestId('draft-mark').waitFor();
    }
    const [a, b] = await Promise.all(
      names.map(async (n) => (await demo.core.queue.list({ limit: 5, offset: 0, query: n })).documents[0]!.id),
    );
    await row(names[0]!).click();
    await row(names[1]!).click({ modifiers: ['Control'] });
    await page.keyboard.press('m');
    const refused = page.getByTestId('merge-refused');
    await refused.waitFor();
    const said = (await refused.textContent()) ?? '';
    expect(said).toContain(TEXT[lang].unsent);
    expect(said).toMatch(/CLM-2026-000102 \/ CLM-2026-000103|CLM-2026-000103 \/ CLM-2026-000102/);
    await app.screenshot(`merge-refused-unsent-${lang}`);
    // Nothing merged, nothing lost: both documents and both typed values are there.
    expect(await row(`typed10`).count()).toBe(2);
    const kept = await dispatch(demo.core.handlers, 'drafts.list', {});
    expect(kept.ok).toBe(true);
    const typed = Object.fromEntries(
      (kept.ok ? (kept.value as DocumentDraft[]) : []).map((d) => [d.documentId, d.values.caseNumber]),
    );
    expect(typed).toMatchObject({ [a!]: 'CLM-2026-000102', [b!]: 'CLM-2026-000103' });
    // And the core refuses it too, whatever the window says.
    const merged = await dispatch(demo.core.handlers, 'documents.mergePages', { ids: [a!, b!] });
    expect(merged).toMatchObject({ ok: false, error: { code: 'document.merge_conflict' } });
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
