import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 6: "Open claim" from a case number opens that claim where the platform's data allows (the
// local sandbox can tell a case's claim), or says plainly why it cannot (the platform's interface opens
// claims by their id only); and the claim viewer's files can be opened.
const TEXT = {
  en: {
    claim: 'Claim 1001',
    noLookup: 'The platform offers no way to find a claim by its case number (CLM-2026-000101)',
    notFound: 'The local sandbox has no case CLM-2026-999999',
    elsewhere: 'Sent from elsewhere',
    open: 'Open',
  },
  de: {
    claim: 'Schaden 1001',
    noLookup: 'Die Plattform bietet keinen Weg, einen Schaden über seine Schadennummer (CLM-2026-000101) zu finden',
    notFound: 'Die lokale Sandbox kennt keinen Schaden CLM-2026-999999',
    elsewhere: 'Von anderswo gesendet',
    open: 'Öffnen',
  },
} as const;

describe.each(['en', 'de'] as const)('open claim from a case number, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  it('opens the claim of the case number typed in the tagging form, and its files open', async () => {
    const { page, demo } = app;
    // A scan this station sent to the case: its archived copy is what the claim viewer can open.
    const sentName = `sent-${lang}.pdf`;
    await dropFile(page, sentName, makePdf(['Sent to the case']), 'application/pdf');
    await page
      .getByTestId('doc-row')
      .filter({ hasText: sentName })
      .waitFor({ timeout: idleMs(20_000) });
    const sent = (await demo.core.queue.list({ limit: 10, offset: 0, query: sentName })).documents[0]!;
    const r = await dispatch(demo.core.handlers, 'documents.submit', {
      ids: [sent.id],
      metadata: { caseNumber: 'CLM-2026-000101', documentType: 'INV' },
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    await expect
      .poll(async () => (await demo.core.queue.get(sent.id)).state, { timeout: idleMs(20_000) })
      .toBe('archived');

    // The clerk types the case number of another scan and clicks "Open claim".
    const name = `letter-${lang}.pdf`;
    await dropFile(page, name, makePdf(['Letter']), 'application/pdf');
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(20_000) });
    await row.click();
    await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
    await page.getByTestId('open-claim').click();
    const view = page.getByTestId('claim-view');
    await view.waitFor({ timeout: idleMs(20_000) });
    expect(await view.locator('h3').first().textContent()).toContain(text.claim);

    const files = page.getByTestId('claim-files');
    // The seeded files were sent from elsewhere: said plainly, no dead link.
    expect(await files.getByTestId('claim-file-elsewhere').first().textContent()).toContain(text.elsewhere);
    const ours = files.locator('tr').filter({ hasText: sentName });
    await ours.getByTestId('claim-file-open').click();
    await page.getByTestId('pdf-canvas').waitFor({ timeout: idleMs(20_000) });
    await expect.poll(() => page.getByTestId('page-indicator').textContent(), { timeout: idleMs(10_000) }).toMatch(/1/);
    await app.screenshot(`claim-file-open-${lang}`);
    await expectAccessible(page);
  });

  it('a case number the sandbox does not know, and an environment that cannot look one up, are said plainly', async () => {
    const { page, demo } = app;
    await page.keyboard.press('Alt+4');
    await page.locator('#claim-case').fill('CLM-2026-999999');
    await page.getByTestId('find-claim-submit').click();
    const note = page.getByTestId('claim-lookup-note');
    await expect.poll(() => note.textContent(), { timeout: idleMs(10_000) }).toContain(text.notFound);

    // Another environment: the platform's interface has no lookup by case number.
    const settings = demo.core.settings.get();
    const production = settings.environments.find((e) => e.kind === 'production')!;
    const r = await dispatch(demo.core.handlers, 'settings.update', {
      settings: { ...settings, activeEnvironmentId: production.id },
    });
    expect(r.ok).toBe(true);
    try {
      await page.locator('#claim-case').fill('CLM-2026-000101');
      await page.getByTestId('find-claim-submit').click();
      await expect.poll(() => note.textContent(), { timeout: idleMs(10_000) }).toContain(text.noLookup);
      expect(await note.getAttribute('data-reason')).toBe('no_lookup');
      await app.screenshot(`claim-no-lookup-${lang}`);
    } finally {
      await dispatch(demo.core.handlers, 'settings.update', { settings });
    }
  });
});
