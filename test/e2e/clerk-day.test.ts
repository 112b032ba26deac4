import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { letters } from '../../electron/core/doctype/test-support/letters';
import type { Letter } from '../../electron/core/doctype/test-support/letters';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible, inLocale, isWired, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 item 10: the 20-letter day, scripted. Yesterday's post (30 letters of five types) was sent with
// the types the clerk chose; today 20 letters arrive in the scanner folder. The clerk works through them
// with the keyboard, and every key and click is counted. The type is suggested from the station's own
// history; the clerk accepts it with the confirmed policy number (Alt+S) and submits (Ctrl+Enter), and
// picks the type by hand wherever the suggestion is missing or wrong. Target: ≤ 3 actions per document
// and no wrong type sent. The figure is recorded in docs/benchmarks.md.
const PDF = (l: Letter) => makePdf(l.lines.map((line) => line.replace(/[äöüÄÖÜß]/g, (c) => ASCII[c] ?? c)));
// makePdf writes Helvetica text with the standard encoding; umlauts as their ASCII spelling keep it simple.
const ASCII: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

describe('the 20-letter day, in Chromium', () => {
  const app = appForSuite({
    ready: async (app) => {
      expect(await isWired(app, 'documents.suggestType', { id: 'x' })).toBe(true);
      await inLocale('de')(app);
    },
  });

  it(
    'takes at most 3 actions per document, and sends no wrong type',
    async () => {
      const { page, demo } = app;
      const queue = demo.core.queue;
      const byName = async (name: string) => (await queue.list({ limit: 5, offset: 0, query: name })).documents[0];

      // Yesterday: 30 letters, read on arrival, sent with the clerk's types.
      const history = letters(6, 101);
      for (const [i, l] of history.entries()) await writeFile(join(demo.scannerFolder, `gestern-${i}.pdf`), PDF(l));
      await expect
        .poll(async () => (await Promise.all(history.map((_, i) => byName(`gestern-${i}.pdf`)))).every(Boolean), {
          timeout: idleMs(60_000),
        })
        .toBe(true);
      await demo.core.textIdle();
      for (const [i, l] of history.entries()) {
        const doc = (await byName(`gestern-${i}.pdf`))!;
        const r = await dispatch(demo.core.handlers, 'documents.submit', {
          ids: [doc.id],
          metadata: { policyNumber: l.policy, documentTypeCode: l.type },
        });
        expect(r.ok, JSON.stringify(r)).toBe(true);
      }
      await expect
        .poll(
          async () =>
            (await Promise.all(history.map((_, i) => byName(`gestern-${i}.pdf`)))).every((d) =>
              ['uploaded', 'archived'].includes(d!.state),
            ),
          {
            timeout: idleMs(90_000),
          },
        )
        .toBe(true);

      // Today: 20 letters.
      const today = letters(4, 202);
      const expected = new Map(today.map((l, i) => [`heute-${String(i).padStart(2, '0')}.pdf`, l]));
      for (const [name, l] of expected) await writeFile(join(demo.scannerFolder, name), PDF(l));
      await expect
        .poll(async () => (await Promise.all([...expected.keys()].map((n) => byName(n)))).every(Boolean), {
          timeout: idleMs(60_000),
        })
        .toBe(true);
      await demo.core.textIdle();
      await page.reload();
      await page.getByTestId('app-version').waitFor();

      let actions = 0;
      let suggestedRight = 0;
      let suggestedWrong = 0;
      let noSuggestion = 0;
      // The clerk's first click: the first letter of the day.
      await page.getByTestId('doc-row').filter({ hasText: 'heute-' }).first().click();
      actions++;
      const done = new Set<string>();
      for (let n = 0; n < expected.size; n++) {
        const target = page.getByTestId('tagging-target');
        // The next letter, not the one just sent: the core queues it before the window has its answer and
        // moves on, so the old name can still be shown for a moment (a busy box made the test read it as the
        // next letter's and expect the old letter's numbers in the next one's form).
        const next = async () => {
          const name = (await target.textContent()) ?? '';
          return /^heute-\d\d\.pdf$/.test(name) && !done.has(name) ? name : undefined;
        };
        await expect.poll(next, { timeout: idleMs(20_000) }).toBeDefined();
        const name = (await next())!;
        done.add(name);
        const letter = expected.get(name)!;
        // The confirmed policy number is there once the letter's text is read (waiting is not an action).
        await page
          .locator('[data-testid="suggestion-chip"][data-field="policyNumber"][data-check="verified"]')
          .first()
          .waitFor({ timeout: idleMs(30_000) });
        const chip = page.getByTestId('type-chip');
        await chip.waitFor({ timeout: idleMs(10_000) }).catch(() => undefined);
        const suggested = (await chip.count()) ? await chip.getAttribute('data-code') : null;
        await page.keyboard.press('Alt+S');
        actions++;
        if (suggested === letter.type) suggestedRight++;
        else {
          if (suggested) suggestedWrong++;
          else noSuggestion++;
          // By hand: the type field, then the type (a select takes the typed code's label).
          await page.locator('#tag-documentTypeCode').selectOption(letter.type);
          actions += 2;
        }
        expect(await page.locator('#tag-policyNumber').inputValue()).toBe(letter.policy);
        expect(await page.locator('#tag-documentTypeCode').inputValue()).toBe(letter.type);
        if (n === 0) await expectAccessible(page);
        await page.keyboard.press('Control+Enter');
        actions++;
        await expect.poll(async () => (await byName(name))?.state, { timeout: idleMs(20_000) }).not.toBe('new');
      }

      // Everything sent, each with its letter's type and policy: no wrong type went out.
      for (const [name, l] of expected) {
        const doc = (await byName(name))!;
        expect(doc.metadata.documentTypeCode, name).toBe(l.type);
        expect(doc.metadata.policyNumber, name).toBe(l.policy);
      }
      const perDocument = actions / expected.size;
      console.info(
        `20-letter day: ${actions} actions for ${expected.size} documents = ${perDocument.toFixed(2)} per document; ` +
          `type suggested right ${suggestedRight}, wrong ${suggestedWrong}, none ${noSuggestion}`,
      );
      expect(perDocument).toBeLessThanOrEqual(3);
      expect(suggestedWrong).toBe(0);
    },
    idleMs(300_000),
  );

  it(
    'says the suggested type in the clerk’s language (en)',
    async () => {
      const { page, demo } = app;
      await inLocale('en')(app);
      const [letter] = letters(1, 303, ['MED']);
      await writeFile(join(demo.scannerFolder, 'befund.pdf'), PDF(letter!));
      const row = page.getByTestId('doc-row').filter({ hasText: 'befund.pdf' });
      await row.waitFor({ timeout: idleMs(20_000) });
      await row.click();
      const chip = page.getByTestId('type-chip');
      await chip.waitFor({ timeout: idleMs(30_000) });
      expect(await chip.textContent()).toContain('Suggested: Medical report (MED)');
      expect(await chip.textContent()).toMatch(/learnt from \d+ sent documents of this type, \d+ ?% sure/);
      // Nothing is filled before the clerk says so.
      expect(await page.locator('#tag-documentTypeCode').inputValue()).toBe('');
      await chip.click();
      expect(await page.locator('#tag-documentTypeCode').inputValue()).toBe('MED');
      await expectAccessible(page);
    },
    idleMs(60_000),
  );
});
