import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

const FNOL = 'Schadensmeldung Müller – 2026.pdf';

/** CaseCreated events in the sandbox's feed: what tells whether one case or two were created. */
async function casesCreatedOnPlatform(app: E2eApp): Promise<string[]> {
  const { baseUrl, tokenUrl, demoClient } = app.demo.sandbox;
  const tokenResponse = await fetch(`${tokenUrl}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: demoClient.clientId,
      client_secret: demoClient.secret,
      scope: 'events',
    }),
  });
  const { access_token } = (await tokenResponse.json()) as { access_token: string };
  const numbers: string[] = [];
  let after = '0';
  for (;;) {
    const page = (await (
      await fetch(`${baseUrl}/api/case-events?after=${after}&limit=100`, {
        headers: { authorization: `Bearer ${access_token}` },
      })
    ).json()) as { items: { event: { eventType: string; case: { number?: string } } }[]; nextCursor: string };
    for (const item of page.items) {
      if (item.event.eventType === 'CaseCreated') numbers.push(item.event.case.number ?? '');
    }
    if (page.items.length === 0 || page.nextCursor === after) break;
    after = page.nextCursor;
  }
  return numbers;
}

describe('create a case from a scanned first notice of loss, in Chromium', () => {
  const app = appForSuite({
    sampleScans: true,
    ready: async (app) => {
      expect(await isWired(app, 'cases.schema', {})).toBe(true);
    },
  });

  it('shows a validation error beside its field, then creates exactly one case on a double submit', async () => {
    const { page } = app;
    // The scanned notice arrives through the watched folder; select it in the inbox.
    const row = page.getByTestId('doc-row').filter({ hasText: FNOL });
    await row.waitFor({ timeout: idleMs(30_000) });
    await row.click();

    // The case is for this document: the clerk says so beside its case number (issue #31 item 1).
    await page.getByTestId('create-case-for-document').click();
    await page.getByTestId('schema-form').waitFor();
    expect(await page.getByTestId('case-document').textContent()).toContain(FNOL);
    expect(await page.getByTestId('case-schema-info').textContent()).toContain('case-create');
    // Read-only fields are shown, not dropped.
    expect(await page.locator('[data-path="reportedDate"]').textContent()).toContain('Set by the platform');

    // Prefill from a chosen policy: policy number and the customer's name.
    await page.locator('#case-policy-q').fill('Müller');
    await page.locator('#case-policy-q').press('Enter');
    await page.getByTestId('case-policy-use').first().waitFor();
    await page.getByTestId('case-policy-use').first().click();
    const chosen = await page.getByTestId('case-policy-chosen').textContent();
    const policyNumber = /Policy (\S+)/.exec(chosen ?? '')?.[1] ?? '';
    expect(policyNumber).toMatch(/^[A-Z]{2}-\d{6}$/);
    expect(await page.locator('#case-policyNumber').inputValue()).toBe(policyNumber);
    expect(await page.locator('#case-claimant-lastName').inputValue()).toBe('Müller');

    await page.locator('#case-accidentDate').fill('2026-01-15');
    // The platform's "Leitungswasser", in the clerk's language (issue #36 item 7).
    await page.locator('#case-damageCause').selectOption({ label: 'Escaping water' });
    await page.locator('#case-damageAddress-street').fill('Lindenstraße 12');
    await page.locator('#case-damageAddress-postalCode').fill('20O95'); // letter O: a typo the form must catch
    await page.locator('#case-damageAddress-city').fill('Hamburg');
    await page.getByTestId('add-damagedItems').click();
    await page.locator('#case-damagedItems-0-name').fill('Küchenschrank');

    const before = await casesCreatedOnPlatform(app);
    await page.getByTestId('create-case-submit').click();
    const postal = page.locator('#case-damageAddress-postalCode');
    await expect.poll(() => postal.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await postal.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toContain('case-damageAddress-postalCode-msg');
    expect(await page.locator('#case-damageAddress-postalCode-msg').textContent()).toContain(
      'Not in the expected form',
    );
    expect(await page.getByTestId('case-fix-first').textContent()).toContain('1 field');
    // Focus went to the field that needs attention.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('case-damageAddress-postalCode');
    await app.screenshot('create-case-validation');
    await expectAccessible(page);
    // Nothing was sent.
    expect(await casesCreatedOnPlatform(app)).toEqual(before);

    await postal.fill('20095');
    expect(await postal.getAttribute('aria-invalid')).toBeNull();
    // Two submits in the same tick, then Enter: one form session, one request id, one case.
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="create-case-submit"]');
      button?.click();
      button?.click();
    });
    await page.keyboard.press('Enter').catch(() => undefined);
    await page.getByTestId('case-created').waitFor();
    const caseNumber = (await page.getByTestId('case-number').textContent()) ?? '';
    expect(caseNumber).toMatch(/\S/);
    expect(await page.getByTestId('case-created').textContent()).toContain(FNOL);
    expect(await page.getByTestId('case-self-link').getAttribute('href')).toContain(caseNumber);

    await expect.poll(async () => (await casesCreatedOnPlatform(app)).length).toBe(before.length + 1);
    const after = await casesCreatedOnPlatform(app);
    expect(after.filter((n) => n === caseNumber)).toHaveLength(1);
    await app.screenshot('create-case-created');
    await expectAccessible(page);

    // The core set the document's case number, so it can be queued from the inbox.
    await page.getByTestId('nav-inbox').click();
    await expect.poll(() => row.textContent()).toContain(caseNumber);
  });
});
