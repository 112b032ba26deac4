import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, isWired, makePdf, setClerkLanguage } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #36 item 2: a letter naming CLM-2026-987654 and HR-999999 got no chip and no hint, so "nothing
// could be read" and "read, but unknown" looked the same. Now each is its own chip state: found on its
// page, the platform has no such case / policy; never taken by "Use the suggestions", marked by Alt+V.
const TEXT = {
  en: {
    unknownCase: 'found on page 2 — the platform has no such case',
    unknownPolicy: 'found on page 2 — the platform has no such policy',
    page2: 'Page 2 of 2',
  },
  de: {
    unknownCase: 'auf Seite 2 gefunden — die Plattform kennt diese Schadennummer nicht',
    unknownPolicy: 'auf Seite 2 gefunden — die Plattform kennt diese Vertragsnummer nicht',
    page2: 'Seite 2 von 2',
  },
} as const;

describe.each(['en', 'de'] as const)('numbers the platform does not know, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    locale: lang === 'de' ? 'de-DE' : 'en-US',
    ready: async (app) => {
      expect(await isWired(app, 'documents.suggestions', { id: 'x' })).toBe(true);
      await setClerkLanguage(app, lang);
    },
  });
  const chips = (field: string) => app.page.locator(`[data-testid="suggestion-chip"][data-field="${field}"]`);

  it('shows each as its own chip state with its page; never accepted by itself; Alt+V marks it', async () => {
    const { page } = app;
    const name = `Unbekannt ${lang}.pdf`;
    await dropFile(
      page,
      name,
      // One line per page at 28 pt: both numbers on page 2.
      makePdf(['Sehr geehrte Damen und Herren', 'CLM-2026-987654 HR-999999']),
      'application/pdf',
    );
    await page.getByTestId('doc-row').filter({ hasText: name }).click();
    const unknownCase = chips('caseNumber');
    await expect.poll(() => unknownCase.getAttribute('data-check'), { timeout: idleMs(30_000) }).toBe('unknown');
    expect(await unknownCase.textContent()).toContain('CLM-2026-987654');
    expect(await unknownCase.getByTestId('suggestion-unknown').textContent()).toContain(text.unknownCase);
    const unknownPolicy = chips('policyNumber');
    await expect.poll(() => unknownPolicy.getAttribute('data-check')).toBe('unknown');
    expect(await unknownPolicy.textContent()).toContain('HR-999999');
    expect(await unknownPolicy.getByTestId('suggestion-unknown').textContent()).toContain(text.unknownPolicy);
    await app.screenshot(`unknown-numbers-${lang}`);
    await expectAccessible(page);

    // "Use the suggestions" and Alt+A take nothing the platform does not know.
    const useAll = page.getByTestId('use-suggestions');
    if (await useAll.isVisible()) await useAll.click();
    await page.locator('#tag-caseNumber').focus();
    await page.keyboard.press('Alt+A');
    expect(await page.locator('#tag-caseNumber').inputValue()).toBe('');
    expect(await page.locator('#tag-policyNumber').inputValue()).toBe('');

    // Alt+V on the chip: the preview turns to its page and marks the number there.
    await unknownCase.focus();
    await page.keyboard.press('Alt+V');
    await expect.poll(() => page.getByTestId('page-indicator').textContent()).toBe(text.page2);
    await page.getByTestId('text-mark').waitFor();
  });
});
