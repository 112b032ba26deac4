import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OfficeDatabase } from '../../electron/core/office/office-database';
import { officeDatabaseOf } from '../../electron/core/office/test-support/office-fixture';
import type { PrivatePostgres } from '../../electron/core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../../electron/core/office/test-support/private-postgres';
import { idleMs } from '../../electron/core/util/test-support/box-pace';
import type { E2eApp } from './harness';
import { launchApp } from './harness';
import { dropFile, expectAccessible, setClerkLanguage } from './workspace-helpers';

// Two clerks never change one document (issue #50 item 3), in Chromium: two stations of one office (two
// real apps on one private PostgreSQL), Anna at FRONT-PC and Ben at BACK-PC. Anna opens a letter; Ben sees
// who has it, in the list and the tagging pane, his form is read-only and Ctrl+Enter says why; Anna moves
// on to the next letter and Ben's form becomes his, live, without a click; Ben closing his window frees it.

const pdf = async () => {
  const d = await PDFDocument.create();
  d.addPage([595, 842]);
  return d.save();
};

/** The list row of a file. */
const row = (page: Page, name: string) => page.getByTestId('doc-row').filter({ hasText: name });

describe('two clerks of one office on one document, in Chromium', () => {
  let server: PrivatePostgres | undefined;
  let db: OfficeDatabase | undefined;
  let anna: E2eApp | undefined;
  let ben: E2eApp | undefined;
  beforeAll(async () => {
    server = await startPrivatePostgres();
    const url = await server.createDatabase();
    db = officeDatabaseOf(url).db;
    await db.open();
    const machineSettings = { version: 1, locked: { office: { database: url } } };
    anna = await launchApp({ machineSettings, officeNames: { station: 'FRONT-PC', clerk: 'Anna' } });
    ben = await launchApp({ machineSettings, officeNames: { station: 'BACK-PC', clerk: 'Ben' } });
    for (const app of [anna, ben]) await app.page.getByTestId('app-version').waitFor();
  });
  afterAll(async () => {
    await anna?.close();
    await ben?.close();
    await db?.close();
    await server?.destroy();
  });

  /** Who has the letter open, as the office database says. */
  const holder = async (fileName: string) =>
    (
      await db!.query<{ clerk: string | null }>(
        'SELECT held_by_clerk AS clerk FROM office_documents WHERE file_name = $1',
        [fileName],
      )
    ).rows[0]?.clerk ?? null;

  it("Anna opens a letter: Ben sees who has it and cannot change it; she moves on: it is Ben's, live", async () => {
    const a = anna!.page;
    const b = ben!.page;
    // Ben looks at the office overview while the letter comes in, so Anna is the one who opens it.
    await b.keyboard.press('Alt+9');
    await b.getByTestId('office-screen').waitFor();
    await dropFile(a, 'letter.pdf', await pdf(), 'application/pdf');
    await row(a, 'letter.pdf').waitFor();
    await expect.poll(() => a.getByTestId('tagging-target').textContent()).toBe('letter.pdf');
    await expect.poll(() => holder('letter.pdf'), { timeout: idleMs(10_000) }).toBe('Anna');
    expect(await a.getByTestId('held-note').count()).toBe(0);
    expect(await a.locator('#tag-caseNumber').isEnabled()).toBe(true);

    // Ben comes to the inbox: the letter is Anna's, said in the row and the pane; his form is read-only.
    await b.keyboard.press('Alt+1');
    const held = /^Open at FRONT-PC by Anna since \d{1,2}:\d{2}/;
    await expect.poll(() => row(b, 'letter.pdf').getByTestId('doc-held').textContent()).toMatch(held);
    await expect.poll(() => b.getByTestId('tagging-target').textContent()).toBe('letter.pdf');
    expect(await b.getByTestId('held-note').textContent()).toMatch(held);
    expect(await b.locator('#tag-caseNumber').isDisabled()).toBe(true);
    expect(await b.getByTestId('submit').isDisabled()).toBe(true);
    // A key does not do nothing silently: Ctrl+Enter says who has it.
    await b.getByTestId('doc-list').focus();
    await b.keyboard.press('Control+Enter');
    await expect
      .poll(() => b.getByTestId('press-note').getByTestId('error-text').textContent())
      .toMatch(/^This document is open at FRONT-PC by Anna since /);
    expect(await holder('letter.pdf')).toBe('Anna');
    const { rows } = await db!.query<{ state: string; metadata: unknown }>(
      'SELECT state, metadata FROM office_documents WHERE file_name = $1',
      ['letter.pdf'],
    );
    expect(rows[0]).toEqual({ state: 'new', metadata: {} });
    await ben!.screenshot('office-held-en');
    await expectAccessible(b);
    // In German, in the glossary's words.
    await setClerkLanguage(ben!, 'de');
    await expect
      .poll(() => row(b, 'letter.pdf').getByTestId('doc-held').textContent())
      .toMatch(/^Geöffnet an FRONT-PC von Anna seit \d{1,2}:\d{2}$/);
    expect(await b.getByTestId('held-note').textContent()).toMatch(/^Geöffnet an FRONT-PC von Anna seit /);
    await ben!.screenshot('office-held-de');
    await expectAccessible(b);
    await setClerkLanguage(ben!, 'en');

    // Anna moves on to the next letter: the first is free, and Ben's window takes it for him, live.
    await dropFile(a, 'second.pdf', await pdf(), 'application/pdf');
    await row(a, 'second.pdf').click();
    await expect.poll(() => a.getByTestId('tagging-target').textContent()).toBe('second.pdf');
    await expect.poll(() => b.getByTestId('held-note').count(), { timeout: idleMs(10_000) }).toBe(0);
    expect(await row(b, 'letter.pdf').getByTestId('doc-held').count()).toBe(0);
    await expect.poll(() => b.locator('#tag-caseNumber').isEnabled()).toBe(true);
    await expect.poll(() => holder('letter.pdf'), { timeout: idleMs(10_000) }).toBe('Ben');
    // Ben types; his values are kept (no refusal), and now Anna's row says Ben has it.
    await b.locator('#tag-caseNumber').fill('CLM-2026-000101');
    await expect
      .poll(() => row(a, 'letter.pdf').getByTestId('doc-held').textContent())
      .toMatch(/^Open at BACK-PC by Ben since /);
    expect(await b.getByTestId('draft-not-kept').count()).toBe(0);
    await expectAccessible(b);

    // Ben closes his window (the app goes on in the tray: the page is hidden): the letter is free for Anna,
    // live; his window shown again takes it back, with what he typed.
    const showBen = (state: 'hidden' | 'visible') =>
      b.evaluate((to) => {
        Object.defineProperty(document, 'visibilityState', { value: to, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await showBen('hidden');
    await expect.poll(() => holder('letter.pdf'), { timeout: idleMs(10_000) }).toBe(null);
    await expect.poll(() => row(a, 'letter.pdf').getByTestId('doc-held').count()).toBe(0);
    await showBen('visible');
    await expect.poll(() => holder('letter.pdf'), { timeout: idleMs(10_000) }).toBe('Ben');
    expect(await b.locator('#tag-caseNumber').inputValue()).toBe('CLM-2026-000101');
  });
});
