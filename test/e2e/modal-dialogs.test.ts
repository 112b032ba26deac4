import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';

// Issue #48 item 8: Tab walked out of the help overlay and the production confirmation (both marked modal) to
// the page behind; the help overlay was 794 px tall, did not scroll, and its Close button sat below a 1366×768
// window; the Scan button was drawn as a bar across the whole list pane, flush with the window's edge.

/** Where the focus is after each of `presses` Tabs (Shift+Tab with `back`): inside the dialog or not. */
async function tabWalk(app: E2eApp, dialogTestId: string, presses: number, back = false): Promise<string[]> {
  const { page } = app;
  const outside: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const where = await page.evaluate((id) => {
      const at = document.activeElement;
      const inside = !!at?.closest(`[data-testid="${id}"]`);
      return inside ? '' : `${at?.tagName ?? 'none'}#${at?.id ?? ''}.${at?.className ?? ''}`;
    }, dialogTestId);
    if (where) outside.push(`after ${i + 1}: ${where}`);
  }
  return outside;
}

describe.each(['en', 'de'] as const)('modal dialogs at 1366×768 (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });

  it('the help fits the window, its list scrolls, Close is in view, and Tab stays inside', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Alt+1');
    await page.locator('body').focus();
    await page.keyboard.press('?');
    const help = page.getByTestId('help-overlay');
    await help.waitFor();
    try {
      await checkHelp();
    } finally {
      // Closed whatever happened: the next test's clicks must not land on its backdrop.
      if (await help.count()) await page.keyboard.press('Escape');
    }
    await help.waitFor({ state: 'detached' });
  });

  async function checkHelp(): Promise<void> {
    const { page } = app;
    const help = page.getByTestId('help-overlay');
    const box = (await help.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    const close = help.getByRole('button');
    const closeBox = (await close.boundingBox())!;
    expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(768);
    // The last row of the list can be scrolled into view inside the dialog.
    const lastRow = help.locator('tr').last();
    await lastRow.scrollIntoViewIfNeeded();
    const rowBox = (await lastRow.boundingBox())!;
    expect(rowBox.y + rowBox.height).toBeLessThanOrEqual(box.y + box.height);
    expect((await close.boundingBox())!.y).toBe(closeBox.y); // Close stayed where it was
    await app.screenshot(`help-1366x768-${lang}`);
    await expectAccessible(page);
    expect(await tabWalk(app, 'help-overlay', 6)).toEqual([]);
    expect(await tabWalk(app, 'help-overlay', 6, true)).toEqual([]);
    // Close is reached by the keyboard and closes it.
    await close.focus();
    await page.keyboard.press('Enter');
    await help.waitFor({ state: 'detached' });
  }

  it('Tab and Shift+Tab stay inside the production confirmation', async () => {
    const { page, demo } = app;
    const settings = demo.core.settings.get();
    const production = {
      ...settings.environments[0]!,
      id: `prod-modal-${lang}`,
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
    await page.locator(`.env-item[data-env-id="prod-modal-${lang}"] input[type="radio"]`).click();
    const dialog = page.getByTestId('confirm-production');
    await dialog.waitFor();
    expect(await tabWalk(app, 'confirm-production', 5)).toEqual([]);
    expect(await tabWalk(app, 'confirm-production', 5, true)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('the Scan button is a button of its own size, in from the list pane’s edge', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Alt+1');
    const pane = (await page.locator('.inbox-list-pane').boundingBox())!;
    const scan = (await page.getByTestId('scan').boundingBox())!;
    expect(scan.width).toBeLessThan(pane.width / 2);
    expect(scan.x).toBeGreaterThan(pane.x + 4);
  });
});
