import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible, isWired } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// From sandbox/seed/seed-claims.ts: service SRV-2026-0001 of claim CLM-2026-000101, partner SP-1001.
const REFERENCE = 'SRV-2026-0001';
const PARTNER_TAX_ID = 'DE811234567';
const OTHER_PARTNER_TAX_ID = 'DE298765432';
const CLAIM_NUMBER = 'CLM-2026-000101';

describe('validate a service partner in Chromium', () => {
  const app = appForSuite({
    sampleScans: true,
    ready: async (app) => {
      expect(
        await isWired(app, 'partners.validate', {
          tenant: 'demo-insurance',
          companyTaxId: PARTNER_TAX_ID,
          referenceNumber: REFERENCE,
        }),
      ).toBe(true);
    },
  });

  it('empty fields are named beside the field and nothing is sent', async () => {
    const { page } = app;
    await page.getByTestId('nav-partners').click();
    // The tenant defaults to the active environment's tenant.
    await expect.poll(() => page.locator('#partner-tenant').inputValue()).toBe('demo-insurance');
    await page.getByTestId('partner-validate').click();
    expect(await page.locator('#partner-companyTaxId').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#partner-companyTaxId-error').textContent()).toBe('Required.');
    expect(await page.locator('#partner-referenceNumber').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('partner-outcome').textContent()).toBe('');
  });

  it('a partner not assigned to the service gets its own clear message', async () => {
    const { page } = app;
    await page.locator('#partner-companyTaxId').fill(OTHER_PARTNER_TAX_ID);
    await page.locator('#partner-referenceNumber').fill(REFERENCE);
    await page.locator('#partner-referenceNumber').press('Enter');
    const rejected = page.getByTestId('partner-rejected');
    await rejected.waitFor();
    expect(await rejected.getAttribute('data-code')).toBe('partner_not_assigned');
    expect(await rejected.textContent()).toContain('this partner is not assigned to it');
    await app.screenshot('partner-rejected');
    await expectAccessible(page);
  });

  it('an unknown reference number is told apart from an unassigned partner', async () => {
    const { page } = app;
    await page.locator('#partner-companyTaxId').fill(PARTNER_TAX_ID);
    await page.locator('#partner-referenceNumber').fill('SRV-1999-9999');
    await page.getByTestId('partner-validate').click();
    await expect.poll(() => page.getByTestId('partner-rejected').getAttribute('data-code')).toBe('reference_not_found');
  });

  it('shows claim, service and partners, and tags the current document with the claim number', async () => {
    const { page } = app;
    // An invoice from the scanner folder is the current document.
    await page.getByTestId('nav-inbox').click();
    const row = page.getByTestId('doc-row').filter({ hasText: 'scan_0042.pdf' });
    await row.waitFor({ timeout: idleMs(30_000) });
    await row.click();

    await page.getByTestId('nav-partners').click();
    await page.locator('#partner-companyTaxId').fill(PARTNER_TAX_ID);
    await page.locator('#partner-referenceNumber').fill(REFERENCE);
    await page.getByTestId('partner-validate').click();
    const valid = page.getByTestId('partner-valid');
    await valid.waitFor();
    expect(await page.getByTestId('partner-claim-number').textContent()).toBe(CLAIM_NUMBER);
    const text = (await valid.textContent()) ?? '';
    expect(text).toContain('Leitungswasser');
    expect(text).toContain('Lindenstraße 12');
    expect(text).toContain(PARTNER_TAX_ID);
    await app.screenshot('partner-valid');
    await expectAccessible(page);

    await page.getByTestId('partner-tag').click();
    expect(await page.getByTestId('partner-tagged').textContent()).toContain(
      `scan_0042.pdf now carries case number ${CLAIM_NUMBER}`,
    );
    await page.getByTestId('nav-inbox').click();
    await expect.poll(() => row.textContent()).toContain(CLAIM_NUMBER);
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe(CLAIM_NUMBER);
  });
});
