import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { a11yViolations, dropFile, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 6: focus goes back to the environment list when the production switch is cancelled; the
// first PageDown pressed while a PDF is still loading turns the page; "✓ Confirmed" on a selected inbox
// row passes axe's colour contrast, in both languages and both themes.
const TEXT = {
  en: { page2: 'Page 2 of 3', confirmed: 'Confirmed' },
  de: { page2: 'Seite 2 von 3', confirmed: 'Bestätigt' },
} as const;

describe.each(['en', 'de'] as const)('focus and keys (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });
  const text = TEXT[lang];

  it('cancelling the switch to production puts the focus back on the environment chosen', async () => {
    const { page, demo } = app;
    const settings = demo.core.settings.get();
    const production = {
      ...settings.environments[0]!,
      id: `prod-${lang}`,
      name: 'Production',
      kind: 'production' as const,
      baseUrl: 'https://platform.example.com',
      tokenUrl: 'https://login.example.com',
    };
    const added = await dispatch(demo.core.handlers, 'settings.update', {
      settings: { ...settings, environments: [...settings.environments, production] },
    });
    expect(added.ok, JSON.stringify(added)).toBe(true);
    await page.getByTestId('nav-settings').click();
    const radio = page.locator(`.env-item[data-env-id="prod-${lang}"] input[type="radio"]`);
    const dialog = page.getByTestId('confirm-production');
    const focused = () =>
      page.evaluate(() => document.activeElement?.closest('.env-item')?.getAttribute('data-env-id'));
    // Cancel by Escape, and by Enter on the focused Cancel: focus is on the radio again, not on <body>.
    for (const key of ['Escape', 'Enter']) {
      await radio.click();
      await dialog.waitFor();
      await page.keyboard.press(key);
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await focused(), `after ${key}`).toBe(`prod-${lang}`);
      expect(await radio.isChecked()).toBe(false);
    }
  });

  /**
   * Drops a three-page PDF whose bytes come late (a slow share), clicks its row, lets `beforePageDown` run
   * while the PDF is still loading, then presses PageDown and lets the bytes through: page 2 must show.
   */
  async function pageDownWhileLoading(name: string, beforePageDown: () => Promise<void>): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+1');
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/documents/*/content', async (route) => {
      await held;
      await route.continue();
    });
    try {
      // Dropped after the route is set: the list may choose a new document by itself and start loading it.
      await dropFile(page, name, makePdf(['Eins', 'Zwei', 'Drei']), 'application/pdf');
      const row = page.getByTestId('doc-row').filter({ hasText: name });
      await row.waitFor({ timeout: idleMs(30_000) });
      await row.click();
      await beforePageDown();
      expect(await page.getByTestId('page-indicator').count(), 'nothing loaded yet').toBe(0);
      await page.keyboard.press('PageDown');
      release();
      await expect
        .poll(() => page.getByTestId('page-indicator').textContent(), { timeout: idleMs(15_000) })
        .toBe(text.page2);
    } finally {
      release();
      await page.unroute('**/api/documents/*/content');
    }
  }

  it('the first PageDown pressed while a PDF is still loading turns the page', async () => {
    await pageDownWhileLoading(`drei-seiten-${lang}.pdf`, async () => {
      const canvas = app.page.locator('.preview-canvas');
      await canvas.waitFor();
      await canvas.focus();
    });
  });

  it('the first PageDown in the list while the PDF chosen there is still loading turns its page', async () => {
    // The focus stays in the list, where the click left it.
    await pageDownWhileLoading(`liste-${lang}.pdf`, async () => undefined);
  });

  it('"✓ Confirmed" on a selected inbox row is axe-clean in the light and the dark theme', async () => {
    const { page, demo } = app;
    const name = `bestaetigt-${lang}.pdf`;
    await page.keyboard.press('Alt+1');
    await dropFile(page, name, makePdf(['Bestaetigt']), 'application/pdf');
    await page
      .getByTestId('doc-row')
      .filter({ hasText: name })
      .waitFor({ timeout: idleMs(30_000) });
    const doc = async () => (await demo.core.queue.list({ limit: 5, offset: 0, query: name })).documents[0]!;
    const sent = await dispatch(demo.core.handlers, 'documents.submit', {
      ids: [(await doc()).id],
      metadata: { caseNumber: 'CLM-2026-000101', documentTypeCode: 'INV' },
    });
    expect(sent.ok, JSON.stringify(sent)).toBe(true);
    await expect.poll(async () => (await doc()).state, { timeout: idleMs(30_000) }).toMatch(/uploaded|archived/);
    // The platform names it in an AttachmentsAdded event: read the feed now rather than at the next poll.
    await expect
      .poll(
        async () => {
          await dispatch(demo.core.handlers, 'activity.refresh', {});
          return (await doc()).confirmedAt;
        },
        { timeout: idleMs(30_000) },
      )
      .toBeTruthy();
    await page.locator('#inbox-filter').selectOption('all');
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.click();
    await expect.poll(() => row.getAttribute('class')).toContain('is-selected');
    expect(await row.getByTestId('confirmed-mark').textContent()).toContain(text.confirmed);
    try {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme });
        expect(await a11yViolations(page), theme).toEqual([]);
      }
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
      await page.locator('#inbox-filter').selectOption('open');
    }
  });
});
