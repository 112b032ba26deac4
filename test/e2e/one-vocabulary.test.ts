import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../../renderer/app/navigation';
import { appForSuite } from './harness';
import { dropFile, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 7: one word for one thing on every screen (docs/glossary.md). In German: Schadennummer
// (never Fallnummer), Eingang (never Posteingang), Fall (never Schadenfall), and key hints as a German
// keyboard labels them (Strg, not Ctrl). The create-case form's schema texts are in our words too (the
// schema wording catalog); only a text marked as the platform's own wording is left out (the glossary).
const GLOSSARY = readFileSync(resolve(import.meta.dirname, '../../docs/glossary.md'), 'utf8');
const NEVER_DE = GLOSSARY.split('\n')
  .filter((l) => l.startsWith('|') && !l.startsWith('|---'))
  .slice(1)
  .flatMap((l) => (l.split('|')[4] ?? '').split(',').map((w) => w.trim()))
  .filter(Boolean);
// The Enter key is "Eingabe" on German screens (issue #48 item 9: "Enter" stood beside "Eingabe").
const KEYS = { en: { submit: 'Ctrl+Enter', other: 'Strg' }, de: { submit: 'Strg+Eingabe', other: 'Ctrl' } } as const;

describe.each(['en', 'de'] as const)('one vocabulary on every screen (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });

  it(
    'uses the glossary’s word for each thing, and the keyboard’s key names',
    async () => {
      const { page } = app;
      expect(NEVER_DE).toEqual(
        expect.arrayContaining(['Fallnummer', 'Posteingang', 'Schadenfall', 'Ctrl', 'Enter', 'PageUp', 'Seitenleiste']),
      );
      const name = `wortschatz-${lang}.pdf`;
      await dropFile(page, name, makePdf(['Brief']), 'application/pdf');
      const row = page.getByTestId('doc-row').filter({ hasText: name });
      await row.waitFor({ timeout: idleMs(30_000) });
      await row.click();
      expect(await page.getByTestId('submit').locator('kbd').textContent()).toBe(KEYS[lang].submit);

      const texts: { where: string; text: string }[] = [];
      for (const [i, item] of NAV_ITEMS.entries()) {
        await page.keyboard.press(`Alt+${i + 1}`);
        await page.locator(`.workspace[data-screen="${item.id}"]`).waitFor();
        if (item.id === 'cases') await page.getByTestId('schema-form').waitFor({ timeout: idleMs(20_000) });
        // A text marked as the platform's own wording is its words (docs/glossary.md): everything else is ours.
        const text = await page.evaluate(() => {
          const clone = document.body.cloneNode(true) as HTMLElement;
          clone
            .querySelectorAll(
              ':is(label, legend, .field-label, [data-testid="case-schema-info"]):has([data-testid="platform-wording"]), option[data-platform-wording]',
            )
            .forEach((e) => e.remove());
          return clone.innerText;
        });
        texts.push({ where: item.id, text });
      }
      await page.keyboard.press('Alt+1');
      await page.getByRole('button', { name: lang === 'de' ? 'Tastenkürzel' : 'Keyboard shortcuts' }).click();
      const help = (await page.getByTestId('help-overlay').textContent()) ?? '';
      await page.keyboard.press('Escape');
      texts.push({ where: 'help', text: help });
      expect(help).toContain(KEYS[lang].submit);
      expect(help).not.toContain(KEYS[lang].other);

      if (lang === 'de') {
        const found = texts.flatMap(({ where, text }) =>
          NEVER_DE.filter((w) => new RegExp(`(?<![\\p{L}-])${w}(?![\\p{L}])`, 'u').test(text)).map(
            (w) => `${where}: ${w}`,
          ),
        );
        expect(found).toEqual([]);
      }
    },
    idleMs(120_000),
  );
});
