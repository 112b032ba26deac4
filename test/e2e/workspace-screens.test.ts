import { describe, expect, it } from 'vitest';
import type { Document } from '../../shared/domain/document';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';

/** Every screen reachable by keyboard, screenshotted, checked by axe; the inbox stays small in the DOM with 10,000 documents. */
describe('clerk workspace: screens, keyboard navigation, accessibility', () => {
  const app = appForSuite();

  const screens = [
    { key: '1', id: 'inbox', heading: 'Inbox' },
    { key: '2', id: 'queue', heading: 'Upload queue' },
    { key: '3', id: 'lookup', heading: 'Policy lookup' },
    { key: '4', id: 'claims', heading: 'Claim viewer' },
    { key: '5', id: 'settings', heading: 'Settings' },
  ];

  it('Alt+1…5 reach every screen; each has no axe violation of any impact', async () => {
    const { page } = app;
    for (const screen of screens) {
      await page.locator('body').focus();
      await page.keyboard.press(`Alt+${screen.key}`);
      await expect.poll(() => page.locator('main').getAttribute('data-screen')).toBe(screen.id);
      await page.getByRole('heading', { level: 2, name: screen.heading }).first().waitFor();
      expect(await page.getByTestId(`nav-${screen.id}`).getAttribute('aria-current')).toBe('page');
      await app.screenshot(`screen-${screen.id}`);
      await expectAccessible(page);
    }
    // Ctrl+digit works too.
    await page.keyboard.press('Control+1');
    await expect.poll(() => page.locator('main').getAttribute('data-screen')).toBe('inbox');
  });

  it('status bar: the platform going offline shows Offline, and Online again when it is back', async () => {
    const { page } = app;
    app.demo.sandbox.setFaults({ offline: true });
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => page.getByTestId('network-state').textContent()).toContain('Offline');
    await app.screenshot('status-offline');
    app.demo.sandbox.clearFaults();
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => page.getByTestId('network-state').textContent()).toContain('Online');
  });

  it('? opens the shortcut help, Escape closes it', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+1');
    await page.locator('body').focus();
    await page.keyboard.press('?');
    const help = page.getByTestId('help-overlay');
    await help.waitFor();
    expect(await help.textContent()).toContain('Ctrl+Enter');
    await app.screenshot('help-overlay');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });

  it('lists 10,000 documents newest first while rendering only a window of rows', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+1');
    const base = Date.parse('2026-03-01T08:00:00Z');
    const documents: Document[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `bulk-${i}`,
      fileName: `bulk_${String(i).padStart(5, '0')}.pdf`,
      sourceFolder: '/srv/scans/front-desk',
      size: 120_000 + i,
      contentType: 'application/pdf',
      sha256: `h${i}`,
      arrivedAt: new Date(base + i * 1000).toISOString(),
      updatedAt: new Date(base + i * 1000).toISOString(),
      state: 'new',
      metadata: {},
      attempts: 0,
    }));
    // Through the real event path: core bus → screen projection → web shell → WebSocket → store.
    app.demo.core.bus.emit({ type: 'documents.changed', documents, removed: [] });
    // The demo's sample scans are listed too; the filter narrows to the bulk ones.
    await page.locator('#inbox-search').fill('bulk_');
    await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe('10,000 documents');
    const rows = page.getByTestId('doc-row');
    expect(await rows.count()).toBeLessThan(60);
    expect(await rows.first().textContent()).toContain('bulk_09999.pdf');
    // Keyboard: End goes to the oldest, and the list scrolls it into view.
    await page.getByTestId('doc-list').focus();
    await page.keyboard.press('End');
    await expect.poll(() => page.locator('.doc-row.is-active').textContent()).toContain('bulk_00000.pdf');
    expect(await rows.count()).toBeLessThan(60);
    // Shift+Up extends the selection: batch tagging of three.
    await page.keyboard.press('Shift+ArrowUp');
    await page.keyboard.press('Shift+ArrowUp');
    await expect.poll(() => page.getByTestId('tagging-target').textContent()).toBe('3 documents selected');
    await app.screenshot('inbox-10000');
    await expectAccessible(page);
    // J/K move one document at a time.
    await page.keyboard.press('Home');
    await page.keyboard.press('j');
    await expect.poll(() => page.locator('.doc-row.is-active').textContent()).toContain('bulk_09998.pdf');
    app.demo.core.bus.emit({ type: 'documents.changed', documents: [], removed: documents.map((d) => d.id) });
    await page.locator('#inbox-search').fill('');
  });

  it('switches to German from the catalogs', async () => {
    const { page } = app;
    expect(await isWired(app, 'settings.get', {})).toBe(true);
    await page.keyboard.press('Alt+5');
    await page.getByTestId('language').selectOption('de');
    await page.getByTestId('settings-save').click();
    await page.getByRole('heading', { level: 2, name: 'Einstellungen' }).waitFor();
    expect(await page.getByTestId('nav-inbox').textContent()).toContain('Eingang');
    await app.screenshot('screen-settings-de');
    await expectAccessible(page);
    await page.getByTestId('language').selectOption('en');
    await page.getByTestId('settings-save').click();
    await page.getByRole('heading', { level: 2, name: 'Settings' }).waitFor();
  });
});
