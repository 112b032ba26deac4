import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { blindLetters, blindScan } from '../../electron/core/notice-of-loss/test-support/blind-letters';
import { tempDir } from '../../electron/core/util/test-support/temp-dir';
import { appForSuite } from './harness';
import { dropFile, expectAccessible, inLocale, storedCaseData, wordsFound } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #47 (done-when): a case created in Chromium from a letter nobody on the team wrote, in at most six
// clerk actions, and the sandbox holds the letter's values. The letters are from set A (the tuned-on set:
// the held-out sets' letters are not opened): 031, a German DIN 5008 letter about hail on a roof, scanned
// upside down, with three dates and two amounts; 010, an English e-mail about hail on a car at a trade fair
// car park, the writer's home in Copenhagen in the signature. Their truth.json is the author's. Each scan is
// made from the author's HTML as the blind bench makes it (printed by Chromium, rasterised, turned, skewed,
// noise).
const LETTERS = {
  de: { letter: blindLetters('set-a').find((l) => l.id === '031')!, file: 'Schadenmeldung Bäcker.pdf' },
  en: { letter: blindLetters('set-a').find((l) => l.id === '010')!, file: 'hail damage Løkke.pdf' },
} as const;
const SENT = { de: 'wird mit der Schadennummer', en: 'is queued for the platform' } as const;

describe.each(['de', 'en'] as const)('a case from a blind letter, in Chromium (%s)', (lang) => {
  const app = appForSuite({
    ready: async (app) => {
      await inLocale(lang)(app);
      // An office in Germany whose clerk works in English: its post is German, so its admin sets OCR to
      // German (the blind bench's setting; English letters read right with it). The English screen's default,
      // English alone, reads this letter's "München" as "Munchen"; so does "deu+eng" (checked with
      // `intake-agent case-draft --ocr-languages`): a finding of issue #47, in docs/benchmarks.md.
      if (lang === 'en') {
        const settings = app.demo.core.settings.get();
        const r = await dispatch(app.demo.core.handlers, 'settings.update', {
          settings: { ...settings, text: { ...settings.text, languages: 'deu' } },
        });
        expect(r.ok, JSON.stringify(r)).toBe(true);
      }
    },
  });
  const { letter: LETTER, file: name } = LETTERS[lang];

  it('filled and offered values taken in one action, the case created and the letter sent: ≤ 6 actions', async () => {
    const { page, demo, browser } = app;
    // Made into this test's own folder (removed after it): the suite leaves nothing in the temp folder.
    const scan = await blindScan(LETTER, async () => browser, tempDir('blind-scan-'));
    await dropFile(page, name, await readFile(scan), 'application/pdf');
    const row = page.getByTestId('doc-row').filter({ hasText: name });
    await row.waitFor({ timeout: idleMs(20_000) });
    const id = (await row.getAttribute('data-id'))!;
    let actions = 0;
    const act = async (step: () => Promise<unknown>) => {
      actions++;
      await step();
    };

    await act(() => row.click());
    await act(() => page.getByTestId('case-from-letter').click());
    await page.getByTestId('case-draft-summary').waitFor({ timeout: idleMs(120_000) });
    const t = LETTER.truth.fields;
    // The confirmed policy fills; what its kind of evidence does not carry is offered with its source.
    await expect.poll(() => page.locator('#case-policyNumber').inputValue()).toBe(t['policyNumber']);
    expect(
      await page.locator('[data-testid="case-draft-value"][data-path="description"]').getAttribute('data-filled'),
    ).toBe('false');
    await act(() => page.getByTestId('case-draft-take-all').click());
    await expect
      .poll(() => page.locator('#case-damageAddress-postalCode').inputValue())
      .toBe(t['damageAddress.postalCode']);
    await expectAccessible(page);

    await act(() => page.getByTestId('create-case-submit').click());
    await page.getByTestId('case-created').waitFor({ timeout: idleMs(20_000) });
    const caseNumber = (await page.getByTestId('case-number').textContent()) ?? '';
    expect(caseNumber).toMatch(/^CLM-/);
    await act(() => page.getByTestId('case-send-document').click());
    await expect
      .poll(() => page.getByTestId('case-document-sent').textContent(), { timeout: idleMs(20_000) })
      .toContain(SENT[lang]);
    expect((await demo.core.queue.get(id)).metadata.caseNumber).toBe(caseNumber);
    expect(actions).toBeLessThanOrEqual(6);

    // The sandbox holds the case with the author's values.
    const data = await storedCaseData(app.dataDir, caseNumber);
    expect(data).toMatchObject({
      policyNumber: t['policyNumber'],
      accidentDate: t['accidentDate'],
      caseType: t['caseType'],
      damageCause: t['damageCause'],
      estimatedAmount: t['estimatedAmount'],
      claimant: { firstName: t['claimant.firstName'], lastName: t['claimant.lastName'] },
      damageAddress: {
        street: t['damageAddress.street'],
        postalCode: t['damageAddress.postalCode'],
        city: t['damageAddress.city'],
      },
    });
    // The description is the author's damage sentence as OCR read it (an umlaut may come out plain).
    const words = wordsFound(String(data['description']), String(t['description']));
    expect(words.found).toBeGreaterThanOrEqual(words.of * 0.9);
  });
});
