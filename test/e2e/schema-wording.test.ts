import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 7: the create-case form built from the platform's schema speaks the clerk's language where
// our catalog has the wording (the sandbox's German "Schadenart", its options "Property / Motor /
// Liability"), and where nothing has it, shows the platform's text marked as such, never mixed in silently.
const TEXT = {
  en: {
    heading: 'Create case',
    caseType: 'Type of loss',
    caseTypes: ['Property', 'Motor', 'Liability'],
    policyNumber: 'Policy number',
    street: 'Street and number',
    countryDE: 'Germany',
    cause: 'Storm',
    // The platform's German must not reach the English form.
    notShown: ['Schadenart', 'Versicherungsscheinnummer', 'Anspruchsteller', 'Schadenort', 'Schadenfall anlegen'],
    mark: 'platform wording',
    markHint: /no English wording/,
  },
  de: {
    heading: 'Fall anlegen',
    caseType: 'Schadenart',
    caseTypes: ['Sachschaden', 'Kfz-Schaden', 'Haftpflichtschaden'],
    policyNumber: 'Vertragsnummer',
    street: 'Straße und Hausnummer',
    countryDE: 'Deutschland',
    cause: 'Sturm',
    // English option values and the never-word of the glossary (Schadenfall) stay out of the German form.
    notShown: ['Property', 'Motor', 'Liability', 'Schadenfall', 'Versicherungsscheinnummer'],
    mark: 'Wortlaut der Plattform',
    markHint: /deutsche Fassung/,
  },
} as const;

const labelOf = (page: Page, id: string) => page.locator(`label[for="${id}"]`).innerText();
const optionsOf = (page: Page, id: string) =>
  page.locator(`#${id} option`).evaluateAll((os) => os.slice(1).map((o) => o.textContent ?? ''));

describe.each(['en', 'de'] as const)('the platform schema in the clerk’s language, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({ ready: inLocale(lang) });

  const useSchema = async (key: string) => {
    const settings = app.demo.core.settings.get();
    const environments = settings.environments.map((e) =>
      e.id === settings.activeEnvironmentId ? { ...e, caseSchemaKey: key } : e,
    );
    const r = await dispatch(app.demo.core.handlers, 'settings.update', { settings: { ...settings, environments } });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };

  it('labels and options of the sandbox’s create-case schema are ours, in the clerk’s language', async () => {
    const { page } = app;
    await page.getByTestId('nav-cases').click();
    const form = page.getByTestId('schema-form');
    await form.waitFor({ timeout: idleMs(20_000) });
    expect(await page.getByTestId('case-schema-info').innerText()).toContain(text.heading);
    expect(await labelOf(page, 'case-caseType')).toContain(text.caseType);
    expect(await optionsOf(page, 'case-caseType')).toEqual(text.caseTypes);
    expect(await labelOf(page, 'case-policyNumber')).toContain(text.policyNumber);
    expect(await labelOf(page, 'case-damageAddress-street')).toContain(text.street);
    expect(await optionsOf(page, 'case-damageAddress-country')).toContain(text.countryDE);
    expect(await optionsOf(page, 'case-damageCause')).toContain(text.cause);
    // Everything of this schema has our wording: nothing is marked, and none of the other language shows.
    expect(await page.getByTestId('platform-wording').count()).toBe(0);
    const shown = `${await page.getByTestId('case-schema-info').innerText()}\n${await form.innerText()}\n${(
      await form.locator('option').allTextContents()
    ).join('\n')}`;
    for (const word of text.notShown)
      expect(shown, word).not.toMatch(new RegExp(`(?<![\\p{L}-])${word}(?!\\p{L})`, 'u'));
    await expectAccessible(page);
  });

  it('a schema our catalog has no wording for is shown as the platform sends it, and marked so', async () => {
    const { page } = app;
    await useSchema('first-notice-of-loss');
    try {
      // The sandbox's first notice of loss: German titles ("Was ist passiert?") nobody has translated.
      const label = page.locator('label[for="case-description"]');
      await expect.poll(() => label.count(), { timeout: idleMs(20_000) }).toBe(1);
      await expect.poll(() => label.innerText()).toContain('Was ist passiert?');
      const mark = label.getByTestId('platform-wording');
      expect(await mark.innerText()).toBe(text.mark);
      expect(await mark.getAttribute('title')).toMatch(text.markHint);
      // Every title of it is the platform's, each one marked: the form title and all five fields.
      expect(await page.getByTestId('case-schema-info').getByTestId('platform-wording').count()).toBe(1);
      expect(await page.getByTestId('schema-form').getByTestId('platform-wording').count()).toBe(5);
      await app.screenshot(`schema-wording-platform-${lang}`);
      await expectAccessible(page);
    } finally {
      await useSchema('case-create');
    }
    // Back on the create-case schema: our wording again, no mark.
    await expect.poll(() => labelOf(page, 'case-caseType'), { timeout: idleMs(20_000) }).toContain(text.caseType);
    expect(await page.getByTestId('platform-wording').count()).toBe(0);
  });
});
