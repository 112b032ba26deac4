import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 8: every word in the clerk's language, plurals by the language's rules, no raw codes.
const TEXT = {
  en: {
    one: '1 document',
    invoice: 'Invoice (INV)',
    active: 'Active',
    expired: 'Expired',
    folderMissing: 'The watched folder Scanner (/srv/scans) cannot be found',
    env: 'Local sandbox',
  },
  de: {
    one: '1 Dokument',
    // A shipped type is its German label alone: its code is an English abbreviation (issue #48 item 9).
    invoice: 'Rechnung',
    active: 'Aktiv',
    expired: 'Abgelaufen',
    folderMissing: 'Der überwachte Ordner Scanner (/srv/scans) ist nicht zu finden',
    env: 'Lokale Sandbox',
  },
} as const;

describe.each(['en', 'de'] as const)('texts in the clerk’s language, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  it('plurals, document types and the environment badge', async () => {
    const { page, demo } = app;
    await writeFile(join(demo.scannerFolder, 'brief.pdf'), makePdf(['Brief']));
    await page
      .getByTestId('doc-row')
      .filter({ hasText: 'brief.pdf' })
      .waitFor({ timeout: idleMs(20_000) });
    await expect.poll(() => page.getByTestId('inbox-count').textContent()).toBe(text.one);
    await page.getByTestId('doc-row').filter({ hasText: 'brief.pdf' }).click();
    const options = await page.locator('#tag-documentTypeCode option').allTextContents();
    expect(options).toContain(text.invoice);
    expect(await page.getByTestId('env-badge').textContent()).toBe(text.env);
    await app.screenshot(`texts-inbox-${lang}`);
    await expectAccessible(page);
  });

  it('a policy status is one word in the clerk’s language', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.locator('#lookup-q').fill('HR-100001');
    const active = page.getByTestId('policy-status').first();
    await expect.poll(() => active.textContent(), { timeout: idleMs(10_000) }).toBe(text.active);
    await page.locator('#lookup-q').fill('WG-200002');
    await expect
      .poll(() => page.getByTestId('customer-list').textContent(), { timeout: idleMs(10_000) })
      .toContain('WG-200002');
    expect(await page.getByTestId('policy-status').first().textContent()).toBe(text.expired);
    await app.screenshot(`texts-lookup-${lang}`);
    await expectAccessible(page);
  });

  it('a notice is a sentence with its detail, never the raw code', async () => {
    const { page, demo } = app;
    demo.core.bus.emit({
      type: 'notice.raised',
      notice: {
        id: randomUUID(),
        level: 'warning',
        code: 'folder.missing',
        values: { folder: 'Scanner', path: '/srv/scans' },
        count: 1,
        at: new Date().toISOString(),
      },
    });
    const toast = page.getByTestId('toast').filter({ hasText: '/srv/scans' });
    await expect.poll(() => toast.textContent()).toContain(text.folderMissing);
    expect(await toast.textContent()).not.toContain('folder.missing');
    await app.screenshot(`texts-notice-${lang}`);
    await expectAccessible(page);
  });
});
