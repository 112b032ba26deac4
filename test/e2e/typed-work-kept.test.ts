import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../electron/core/secrets/keytar-secret-store';
import { startDemo } from '../../electron/web/demo-app';
import type { RunningDemo } from '../../electron/web/demo-app';
import { launchApp } from './harness';
import type { E2eApp } from './harness';
import { IsolatedKeychain } from './isolated-keychain';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 item 2: what the clerk typed for a document is kept per document, in the data folder: selecting
// another document, switching screens, a reload and a restart of the app lose nothing, a value filled from
// Policy lookup included, and the list marks each document with unsent typed values.
const TEXT = { en: { unsent: 'Unsent changes' }, de: { unsent: 'Ungesendete Eingaben' } } as const;

describe.each(['en', 'de'] as const)('typed work is kept, in Chromium (%s)', (lang) => {
  let app: E2eApp | undefined;
  let restarted: RunningDemo | undefined;
  afterAll(async () => {
    // The first demo was closed for the restart; the browser and the data folder go with app.close().
    await restarted?.close();
    await app?.browser.close();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
  });

  it('keeps typed values across selection, screens, a reload and a restart, and marks them unsent', async () => {
    app = await launchApp();
    const { page } = app;
    await page.getByTestId('app-version').waitFor();
    await inLocale(lang)(app);
    const row = (name: string) => page.getByTestId('doc-row').filter({ hasText: name });
    const a = `brief-a-${lang}.pdf`;
    const b = `brief-b-${lang}.pdf`;
    await dropFile(page, a, makePdf(['Letter A']), 'application/pdf');
    await dropFile(page, b, makePdf(['Letter B']), 'application/pdf');
    await row(a).waitFor({ timeout: idleMs(20_000) });
    await row(b).waitFor({ timeout: idleMs(20_000) });

    // Typed for A; then B gets its policy number from Policy lookup.
    await row(a).click();
    await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
    await page.locator('#tag-itemId').fill('Brief vom 3. März');
    await row(b).click();
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe('');
    await page.keyboard.press('Alt+L');
    await page.locator('#lookup-q').fill('Müller');
    await page
      .getByTestId('choose-policy')
      .first()
      .waitFor({ timeout: idleMs(20_000) });
    const chosen = (await page.getByTestId('choose-policy').first().getAttribute('data-number')) ?? '';
    await page.getByTestId('choose-policy').first().click();
    const policy = await page.locator('#tag-policyNumber').inputValue();
    expect(policy).not.toBe('');
    if (chosen) expect(policy).toBe(chosen);

    // Both rows say they hold unsent typed values, in the clerk's language.
    await expect.poll(() => row(a).getByTestId('draft-mark').textContent()).toContain(TEXT[lang].unsent);
    await expect.poll(() => row(b).getByTestId('draft-mark').textContent()).toContain(TEXT[lang].unsent);
    await expectAccessible(page);

    // Another screen and back; A again.
    await page.getByTestId('nav-queue').click();
    await page.getByTestId('nav-inbox').click();
    await row(a).click();
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe('CLM-2026-000101');
    expect(await page.locator('#tag-itemId').inputValue()).toBe('Brief vom 3. März');

    // A reload of the page.
    await page.reload();
    await row(b).click();
    await expect.poll(() => page.locator('#tag-policyNumber').inputValue()).toBe(policy);
    await expect.poll(() => row(a).getByTestId('draft-mark').count()).toBe(1);

    // A restart of the app on the same data folder.
    await app.demo.close();
    restarted = await startDemo({
      dataDir: app.dataDir,
      version: '0.0.0-e2e',
      sampleScans: false,
      secretStore: new IsolatedKeychain(new KeytarSecretStore(), `e2e ${randomUUID()}`),
    });
    await page.goto(restarted.web.url);
    await page.getByTestId('app-version').waitFor();
    await row(a).click();
    await expect.poll(() => page.locator('#tag-caseNumber').inputValue()).toBe('CLM-2026-000101');
    await row(b).click();
    await expect.poll(() => page.locator('#tag-policyNumber').inputValue()).toBe(policy);
    await app.screenshot(`typed-work-kept-${lang}`);

    // Sent: the values are the document's now, and the mark goes.
    await row(a).click();
    await page.getByTestId('submit').click();
    await expect
      .poll(
        async () =>
          (await restarted!.core.queue.list({ limit: 10, offset: 0, query: a })).documents[0]?.metadata.caseNumber,
      )
      .toBe('CLM-2026-000101');
    await expect.poll(() => row(b).getByTestId('draft-mark').count()).toBe(1);
    expect(await page.getByTestId('draft-mark').count()).toBe(1);
  });
});
