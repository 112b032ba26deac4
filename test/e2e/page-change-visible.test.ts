import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, setClerkLanguage } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #36 item 4: a page tool acts on one click and the only feedback was one quiet line. Still one
// click; now the strip marks the changed page and a notice says what changed, with Undo beside it.
const TEXT = {
  en: {
    turnRight: 'Turn the page right (R)',
    turned: 'Page 2 turned.',
    deleted: 'A page was deleted; page 2 is shown.',
    undo: 'Undo',
  },
  de: {
    turnRight: 'Seite nach rechts drehen (R)',
    turned: 'Seite 2 gedreht.',
    deleted: 'Eine Seite wurde gelöscht; Seite 2 wird gezeigt.',
    undo: 'Rückgängig',
  },
} as const;

async function threePages(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const w of [300, 400, 500]) doc.addPage([w, 700]);
  return doc.save();
}

describe.each(['en', 'de'] as const)('a page change is visible where the clerk looks, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    locale: lang === 'de' ? 'de-DE' : 'en-US',
    ready: async (app) => {
      await setClerkLanguage(app, lang);
    },
  });

  it('one click turns the page; the strip marks it, a notice says so, and its Undo takes it back', async () => {
    const { page, demo } = app;
    const name = `visible-${lang}.pdf`;
    await writeFile(join(demo.scannerFolder, name), await threePages());
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(20_000) });
    await row.click();
    const thumbs = page.getByTestId('page-thumb');
    await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(3);
    const doc = async () => (await demo.core.queue.list({ limit: 5, offset: 0, query: name })).documents[0]!;
    const rotations = async () =>
      (await PDFDocument.load(await readFile((await demo.core.queue.contentFile((await doc()).id)).path)))
        .getPages()
        .map((p) => p.getRotation().angle);
    await thumbs.nth(1).click();
    await page.getByRole('button', { name: text.turnRight }).click();
    const notice = page.getByTestId('page-change-notice');
    await expect.poll(() => notice.textContent(), { timeout: idleMs(15_000) }).toContain(text.turned);
    expect(await rotations()).toEqual([0, 90, 0]);
    // The strip marks the changed page.
    await expect.poll(() => thumbs.nth(1).getAttribute('data-changed'), { timeout: idleMs(15_000) }).toBe('true');
    expect(await thumbs.nth(0).getAttribute('data-changed')).toBeNull();
    await app.screenshot(`page-change-notice-${lang}`);
    await expectAccessible(page);
    await notice.getByRole('button', { name: text.undo }).click();
    await expect.poll(rotations, { timeout: idleMs(15_000) }).toEqual([0, 0, 0]);
    await expect.poll(() => notice.count()).toBe(0);

    // Delete: said too, on the page now shown.
    await expect.poll(() => thumbs.count(), { timeout: idleMs(15_000) }).toBe(3);
    await thumbs.nth(2).click();
    await page.keyboard.press('Delete');
    await expect.poll(() => notice.textContent(), { timeout: idleMs(15_000) }).toContain(text.deleted);
  });
});
