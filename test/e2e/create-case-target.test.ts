import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 item 1: a case made from the Create case screen touches no document, whatever was last selected
// in the inbox; one made for a document names it, and a case number the document already has is replaced
// only when the clerk ticks that, having been told which number it is and that the platform confirmed it.
const HAD = 'CLM-2026-000101';
const TEXT = {
  en: {
    noDocument: 'No document is changed',
    forDocument: 'The new case number will be set on',
    hasConfirmed: `already carries case number ${HAD}, confirmed by the platform`,
    replace: `Replace ${HAD} with the new case number`,
    kept: `keeps case number ${HAD}`,
    tagged: 'now carries case number',
  },
  de: {
    noDocument: 'Kein Dokument wird geändert',
    forDocument: 'Die neue Schadennummer wird bei',
    hasConfirmed: `hat schon die Schadennummer ${HAD}, von der Plattform bestätigt`,
    replace: `${HAD} durch die neue Schadennummer ersetzen`,
    kept: `behält die Schadennummer ${HAD}`,
    tagged: 'trägt jetzt die Schadennummer',
  },
} as const;

/** Fills what the sandbox's case form needs (a policy prefills name and address) and creates the case. */
async function createCase(app: E2eApp, date: string): Promise<string> {
  const { page } = app;
  await page.getByTestId('schema-form').waitFor({ timeout: idleMs(20_000) });
  await page.locator('#case-policy-q').fill('Jörg Müller');
  await page.locator('#case-policy-q').press('Enter');
  await page.getByTestId('case-policy-use').first().click();
  await expect.poll(() => page.locator('#case-claimant-lastName').inputValue()).toBe('Müller');
  await page.locator('#case-accidentDate').fill(date);
  await page.getByTestId('create-case-submit').click();
  await page.getByTestId('case-created').waitFor({ timeout: idleMs(20_000) });
  return (await page.getByTestId('case-number').textContent()) ?? '';
}

describe.each(['en', 'de'] as const)('create case names its document, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });
  const date = lang === 'de' ? '15.01.2026' : '2026-01-15';

  it('never re-tags the last selected document; replaces a number only when the clerk agrees', async () => {
    const { page, demo } = app;
    const name = `invoice-101-${lang}.pdf`;
    await dropFile(page, name, makePdf([`Invoice for claim ${HAD}`]), 'application/pdf');
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(20_000) });
    const doc = (await demo.core.queue.list({ limit: 10, offset: 0, query: name })).documents[0]!;
    const tagged = await dispatch(demo.core.handlers, 'documents.tag', {
      ids: [doc.id],
      metadata: { caseNumber: HAD },
    });
    expect(tagged.ok, JSON.stringify(tagged)).toBe(true);
    await row.click();
    // The platform confirmed the number the page names: the chip says so.
    const chip = page.locator('[data-testid="suggestion-chip"][data-field="caseNumber"][data-check="verified"]');
    await chip.first().waitFor({ timeout: idleMs(30_000) });

    // 1. From the Create case screen (the nav), with the invoice still selected: no document is touched.
    await page.getByTestId('nav-cases').click();
    await expect.poll(() => page.getByTestId('case-document').textContent()).toContain(text.noDocument);
    expect(await page.getByTestId('case-document').textContent()).not.toContain(name);
    const standalone = await createCase(app, date);
    expect(standalone).toMatch(/^CLM-/);
    expect((await demo.core.queue.get(doc.id)).metadata.caseNumber).toBe(HAD);

    // 2. For the invoice: named plainly, its number and the platform's confirmation said, nothing ticked.
    await page.getByTestId('nav-inbox').click();
    await row.click();
    await page.getByTestId('create-case-for-document').click();
    const linked = page.getByTestId('case-document');
    await expect.poll(() => linked.textContent()).toContain(`${text.forDocument} ${name}`);
    const has = page.getByTestId('case-document-has-number');
    expect(await has.textContent()).toContain(text.hasConfirmed);
    expect(await has.getAttribute('data-confirmed')).toBe('true');
    const replace = page.getByTestId('case-replace-number');
    expect(await replace.isChecked()).toBe(false);
    expect(await page.getByLabel(text.replace).count()).toBe(1);
    await app.screenshot(`create-case-target-${lang}`);
    await expectAccessible(page);
    const second = await createCase(app, date);
    expect(second).not.toBe(standalone);
    expect((await demo.core.queue.get(doc.id)).metadata.caseNumber).toBe(HAD);
    expect(await page.getByTestId('case-document-kept').textContent()).toContain(text.kept);

    // 3. Ticked: the invoice now carries the new number, and the screen says so.
    await page.getByTestId('nav-inbox').click();
    await row.click();
    await page.getByTestId('create-case-for-document').click();
    await page.getByTestId('case-replace-number').check();
    const third = await createCase(app, date);
    expect((await demo.core.queue.get(doc.id)).metadata.caseNumber).toBe(third);
    expect(await page.getByTestId('case-document-tagged').textContent()).toContain(text.tagged);
    await expectAccessible(page);
  });
});
