import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 4: the page tools change the document, zoom only the view; they are two toolbars, apart
// and each named where the clerk sees it, the page tools still one click away, at 1366×768 too.
const TEXT = {
  en: { tools: 'Page tools', view: 'Preview controls', turn: 'Turn the page right', zoomIn: 'Zoom in' },
  de: { tools: 'Seitenwerkzeuge', view: 'Vorschau-Steuerung', turn: 'Seite nach rechts drehen', zoomIn: 'Vergrößern' },
} as const;

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error(`not shown: ${String(l)}`);
  return b;
};

/** The toolbar's name as the clerk reads it on screen: the visible element that names it (aria-labelledby). */
async function visibleName(page: Page, toolbar: Locator): Promise<string | undefined> {
  const ids = await toolbar.getAttribute('aria-labelledby');
  if (!ids) return undefined;
  const caption = page.locator(`[id="${ids}"]`);
  return (await caption.isVisible()) ? ((await caption.innerText()) ?? '').trim() : undefined;
}

describe.each(['en', 'de'] as const)('page tools apart from zoom, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  it('two named toolbars, the page tools visibly their own, zoom not among them; the layout holds at 1366×768', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1366, height: 768 });
    const name = `werkzeuge-${lang}.pdf`;
    await dropFile(page, name, makePdf(['One', 'Two', 'Three']), 'application/pdf');
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(30_000) });
    await row.click();

    const tools = page.getByRole('toolbar', { name: text.tools, exact: true });
    const view = page.getByRole('toolbar', { name: text.view, exact: true });
    await tools.waitFor({ timeout: idleMs(20_000) });
    await view.waitFor();
    await page
      .locator('.page-thumb')
      .first()
      .waitFor({ timeout: idleMs(20_000) });

    // Distinct: neither holds the other, zoom is in the view's toolbar only, the page tools in theirs.
    expect(await tools.locator('[role="toolbar"]').count()).toBe(0);
    expect(await view.locator('[role="toolbar"]').count()).toBe(0);
    expect(await tools.getByRole('button', { name: text.zoomIn }).count()).toBe(0);
    expect(await tools.getByTestId('zoom-fit').count()).toBe(0);
    expect(await view.getByRole('button', { name: text.zoomIn }).count()).toBe(1);
    expect(await view.getByRole('button', { name: text.turn }).count()).toBe(0);
    expect(await tools.getByRole('button', { name: text.turn }).count()).toBe(1);

    // Visibly their own: the page tools' name is on screen (not only for a screen reader), in a frame of
    // their own that does not touch the zoom row.
    expect(await visibleName(page, tools)).toBe(text.tools);
    const [t, v] = [await box(tools), await box(view)];
    const apart = t.y + t.height <= v.y || v.y + v.height <= t.y || t.x + t.width <= v.x || v.x + v.width <= t.x;
    expect(apart, `page tools ${JSON.stringify(t)} and zoom ${JSON.stringify(v)} overlap`).toBe(true);
    const framed = await tools.evaluate((e) => {
      const s = getComputedStyle(e);
      return parseFloat(s.borderTopWidth) > 0 || parseFloat(s.borderLeftWidth) > 0;
    });
    expect(framed, 'the page tools are framed as one group').toBe(true);

    // The layout holds: both rows and every page tool inside the window, nothing scrolls sideways.
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const b of [t, v]) expect(b.x + b.width).toBeLessThanOrEqual(width + 0.5);
    for (const button of await tools.getByRole('button').all()) {
      const b = await box(button);
      expect(b.x >= 0 && b.x + b.width <= width + 0.5 && b.y >= 0 && b.y + b.height <= 768.5).toBe(true);
    }
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    const stripScrolls = await page
      .getByTestId('page-strip')
      .evaluate((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible');
    expect(stripScrolls).toBe(false);

    await app.screenshot(`page-tools-apart-${lang}`);
    await expectAccessible(page);
    // Still one click: turning the page works from the toolbar at once.
    await tools.getByRole('button', { name: text.turn }).click();
    await page.getByTestId('page-change-notice').waitFor({ timeout: idleMs(20_000) });
  });
});
