import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 4: errors in plain words in the clerk's language, saying what happens next; the technical
// detail (code, HTTP status, addresses, the platform's own error) only behind "Details".
const TEXT = {
  en: {
    caseNotFound: 'The platform has no case with this case number',
    offline: /connection to the platform broke off|cannot be reached/,
    details: 'Details',
  },
  de: {
    caseNotFound: 'Die Plattform kennt keinen Schaden mit dieser Schadennummer',
    offline: /Verbindung zur Plattform ist abgebrochen|nicht erreichbar/,
    details: 'Details',
  },
} as const;
const TECHNICAL = /HTTP|422|case_not_found|127\.0\.0\.1|EPIPE|UND_ERR|Idempotency|platform\.validation/;

describe.each(['en', 'de'] as const)('errors in plain words, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  it('a document the platform refused says why in plain words; the technical text is behind Details', async () => {
    const { page, demo } = app;
    await writeFile(join(demo.scannerFolder, 'refused.pdf'), makePdf(['Refused']));
    const row = page.getByTestId('doc-row').filter({ hasText: 'refused.pdf' });
    await row.waitFor({ timeout: idleMs(20_000) });
    const doc = (await demo.core.queue.list({ limit: 10, offset: 0, query: 'refused' })).documents[0]!;
    // Past the desk's own check, so the platform answers 422 case_not_found.
    const r = await dispatch(demo.core.handlers, 'documents.submit', {
      ids: [doc.id],
      metadata: { caseNumber: 'CLM-2026-777777' },
    });
    expect(r.ok).toBe(true);
    const reason = row.getByTestId('doc-failed-reason');
    await expect.poll(() => reason.textContent(), { timeout: idleMs(20_000) }).toContain(text.caseNotFound);
    expect(await reason.innerText()).not.toMatch(TECHNICAL);

    await row.click();
    const banner = page.getByTestId('failed-reason');
    await banner.waitFor();
    expect(await banner.getByTestId('error-text').innerText()).toContain(text.caseNotFound);
    // Folded away: the visible text holds nothing technical, and no code line repeats the message.
    expect(await banner.innerText()).not.toMatch(TECHNICAL);
    await app.screenshot(`error-plain-${lang}`);
    await banner.getByText(text.details, { exact: true }).click();
    await expect.poll(() => banner.innerText()).toMatch(/HTTP 422/);
    expect(await banner.innerText()).toContain('case_not_found');
    await app.screenshot(`error-details-${lang}`);
    await expectAccessible(page);
  });

  it('the platform offline: the search says so in plain words, without the address or socket codes', async () => {
    const { page, demo } = app;
    await page.keyboard.press('Alt+3');
    demo.sandbox.setFaults({ offline: true });
    try {
      await page.locator('#lookup-q').fill('Grünwald');
      const banner = page.getByTestId('lookup-error');
      await banner.waitFor({ timeout: idleMs(20_000) });
      expect(await banner.getByTestId('error-text').innerText()).toMatch(text.offline);
      expect(await banner.innerText()).not.toMatch(TECHNICAL);
      await app.screenshot(`error-offline-${lang}`);
      await expectAccessible(page);
    } finally {
      demo.sandbox.clearFaults();
    }
  });
});
