import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 7: numbers and dates in the clerk's language, the schema's title in the header, the
// policyholder's address from the chosen policy, no leftover errors, and a form that lets go of a document
// already sent, with a result that does not contradict itself.
const TEXT = {
  en: {
    amount: '1,200.50',
    amountShown: '1,200.50',
    date: '2026-01-15',
    datePlaceholder: 'YYYY-MM-DD',
    badDate: '31.02.2026',
    formTitle: 'Create case',
    alreadySent: 'has already been sent to the platform',
    tagged: 'now carries case number',
    notTagged: 'could not take case number',
  },
  de: {
    amount: '1.200,50',
    amountShown: '1.200,50',
    date: '15.01.2026',
    datePlaceholder: 'TT.MM.JJJJ',
    badDate: '31.02.2026',
    formTitle: 'Fall anlegen',
    alreadySent: 'wurde schon an die Plattform gesendet',
    tagged: 'trägt jetzt die Schadennummer',
    notTagged: 'konnte die Schadennummer',
  },
} as const;

describe.each(['en', 'de'] as const)('create case, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  it('locale numbers and dates, the title, the address from the policy; a sent document is let go', async () => {
    const { page, demo } = app;
    // What the renderer sends: the cases.create frame over the web shell's socket.
    const sent: string[] = [];
    page.on('websocket', (ws) => ws.on('framesent', (f) => typeof f.payload === 'string' && sent.push(f.payload)));
    await page.reload();
    await page.getByTestId('app-version').waitFor();

    const name = `notice-${lang}.pdf`;
    await dropFile(page, name, makePdf(['Notice']), 'application/pdf');
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(20_000) });
    await row.click();
    await page.getByTestId('create-case-for-document').click();
    await page.getByTestId('schema-form').waitFor({ timeout: idleMs(20_000) });
    expect(await page.getByTestId('case-document').textContent()).toContain(name);

    // The header names the form by its title (in the clerk's language, #36 item 7), never by the raw
    // $schema URL.
    const info = (await page.getByTestId('case-schema-info').textContent()) ?? '';
    expect(info).toContain(text.formTitle);
    expect(info).not.toMatch(/https?:|json-schema/);

    // Picking a policy fills name and address.
    await page.locator('#case-policy-q').fill('Jörg Müller');
    await page.locator('#case-policy-q').press('Enter');
    await page.getByTestId('case-policy-use').first().click();
    await expect.poll(() => page.locator('#case-claimant-lastName').inputValue()).toBe('Müller');
    expect(await page.locator('#case-damageAddress-street').inputValue()).toBe('Lindenstraße 12');
    expect(await page.locator('#case-damageAddress-postalCode').inputValue()).toBe('20095');
    expect(await page.locator('#case-damageAddress-city').inputValue()).toBe('Hamburg');

    // Dates and amounts as the clerk writes them.
    const dateField = page.locator('#case-accidentDate');
    expect(await dateField.getAttribute('placeholder')).toBe(text.datePlaceholder);
    await dateField.fill(text.badDate);
    const amount = page.locator('#case-estimatedAmount');
    await amount.fill(text.amount);
    await amount.blur();
    expect(await amount.inputValue()).toBe(text.amountShown);
    // A date that does not exist is refused at its field; fixed, the error goes at once.
    await page.getByTestId('create-case-submit').click();
    await expect.poll(() => dateField.getAttribute('aria-invalid')).toBe('true');
    await dateField.fill(text.date);
    await expect.poll(() => dateField.getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => page.getByTestId('case-fix-first').count()).toBe(0);
    await app.screenshot(`create-case-locale-${lang}`);
    await expectAccessible(page);

    // Meanwhile the document is sent from elsewhere (another clerk, auto-submit) and archived.
    const doc = (await demo.core.queue.list({ limit: 10, offset: 0, query: name })).documents[0]!;
    const r = await dispatch(demo.core.handlers, 'documents.submit', {
      ids: [doc.id],
      metadata: { caseNumber: 'CLM-2026-000101', documentType: 'INV' },
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    await expect
      .poll(async () => (await demo.core.queue.get(doc.id)).state, { timeout: idleMs(20_000) })
      .toBe('archived');
    await expect.poll(() => page.getByTestId('case-document').textContent()).toContain(text.alreadySent);

    await page.getByTestId('create-case-submit').click();
    const created = page.getByTestId('case-created');
    await created.waitFor({ timeout: idleMs(20_000) });
    const outcome = (await page.getByTestId('case-outcome').textContent()) ?? '';
    // Nothing contradicts: neither "now carries" nor "could not be tagged" for a document not linked.
    expect(outcome).not.toContain(text.tagged);
    expect(outcome).not.toContain(text.notTagged);
    expect(outcome).not.toContain('could not be tagged');
    await app.screenshot(`create-case-created-${lang}`);

    const frame = sent.find((f) => f.includes('cases.create'));
    expect(frame, 'the cases.create frame').toBeDefined();
    const data = JSON.stringify(frame);
    expect(data).toContain('\\"estimatedAmount\\":1200.5');
    expect(data).toContain('\\"accidentDate\\":\\"2026-01-15\\"');
    expect(data).not.toContain('documentId');
  });
});
