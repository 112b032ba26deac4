import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OfficeDatabase } from '../../electron/core/office/office-database';
import { officeDatabaseOf } from '../../electron/core/office/test-support/office-fixture';
import type { PrivatePostgres } from '../../electron/core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../../electron/core/office/test-support/private-postgres';
import { idleMs, waitForProgress } from '../../electron/core/util/test-support/box-pace';
import { SHARED_RUN_TEST_TIMEOUT_MS, documentsMade, sharedRun, sharedRunBase } from '../reliability/shared-run';
import type { E2eApp } from './harness';
import { launchApp } from './harness';
import { makePdf } from './workspace-helpers';

// Issue #50, done when: "three agents and two clerks (Chromium) on one office database and one scan folder:
// 300 scans, each sent once, none tagged by two clerks at once". Three real agents (own processes) claim the
// scans of one folder through one private PostgreSQL; their folder does not send by itself, so every scan
// waits in the office inbox. Two clerks, Anna and Ben, each at a station of the same office (two real apps
// in Chromium), work that one inbox as clerks do: each takes the letter shown, types its case number and
// sends it with Ctrl+Enter; a letter the other has open is skipped (Alt+Down). The station that made a
// document sends it once a clerk sent it (the platform here stores every upload: a second one would show).

const FILES = 300;
const CASE = 'CLM-2026-000101';

interface Clerk {
  name: string;
  app: E2eApp;
  /** The letters this clerk pressed Ctrl+Enter on and the office's history says they sent. */
  sent: string[];
  /** Presses the window refused (the other clerk had taken the letter first): said on screen. */
  refused: number;
}

describe('an office day: three agents and two clerks on one office database', () => {
  let server: PrivatePostgres | undefined;
  let db: OfficeDatabase | undefined;
  let url = '';
  const clerks: Clerk[] = [];
  beforeAll(async () => {
    server = await startPrivatePostgres();
    url = await server.createDatabase();
    db = officeDatabaseOf(url).db;
    await db.open();
    const machineSettings = { version: 1, locked: { office: { database: url } } };
    for (const [station, clerk] of [
      ['FRONT-PC', 'Anna'],
      ['BACK-PC', 'Ben'],
    ] as const) {
      const app = await launchApp({ machineSettings, officeNames: { station, clerk } });
      await app.page.getByTestId('app-version').waitFor();
      clerks.push({ name: clerk, app, sent: [], refused: 0 });
    }
  }, idleMs(120_000));
  afterAll(async () => {
    for (const c of clerks) await c.app.close();
    await db?.close();
    await server?.destroy();
  });

  /** Scans not sent yet (in the inbox or being tagged), and all that arrived. */
  const inbox = async () => {
    const { rows } = await db!.query<{ waiting: number; arrived: number }>(
      `SELECT count(*) FILTER (WHERE state IN ('new', 'tagged', 'failed'))::int AS waiting, count(*)::int AS arrived
         FROM office_documents WHERE file_name LIKE 'scan\\_%'`,
    );
    return rows[0]!;
  };

  it(
    '300 scans: each reaches the platform once, sent by its station, tagged by one clerk; both clerks send',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS + idleMs(300_000) },
    async () => {
      const r = await sharedRun({
        ...sharedRunBase({ files: FILES, arrivalMs: 20_000 }),
        officeDatabase: url,
        leftForClerks: true,
        bytesOf: (i) => makePdf([`Notice of loss ${i}`, `Page two of letter ${i}`]),
        // The clerks start as the first scans arrive, and work until every scan was sent.
        during: { afterUploads: 0, run: () => Promise.all(clerks.map((c) => work(c))).then(() => undefined) },
      });
      const said = r.logs.flatMap((log, i) =>
        log
          .split('\n')
          .filter((l) => /"level":"error"/.test(l))
          .map((l) => `agent ${i}: ${l}`),
      );
      expect(r.timedOut, said.join('\n')).toBe(false);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(FILES);
      expect(documentsMade(r.split)).toBe(FILES);
      expect(r.leftInFolder).toEqual([]);
      expect(said).toEqual([]);
      // Every upload carries the case number a clerk typed (the folder gives none).
      expect(r.uploads.filter((u) => u.metadata.caseNumber !== CASE).map((u) => u.fileName)).toEqual([]);

      // The office's history: each document's clerk steps (tagged, sent) name one clerk, never two.
      const { rows } = await db!.query<{ file_name: string; clerks: string[] }>(
        `SELECT d.file_name, array_agg(DISTINCT h.clerk) AS clerks
           FROM office_documents d JOIN office_history h ON h.document_id = d.id
          WHERE h.clerk IS NOT NULL AND d.file_name LIKE 'scan\\_%'
          GROUP BY d.file_name`,
      );
      expect(rows).toHaveLength(FILES);
      expect(rows.filter((row) => row.clerks.length !== 1)).toEqual([]);
      // Both clerks did their share, and each letter a clerk saw leave is theirs in the history.
      for (const c of clerks) {
        const theirs = new Set(rows.filter((row) => row.clerks[0] === c.name).map((row) => row.file_name));
        expect(theirs.size).toBeGreaterThan(0);
        expect(c.sent.filter((name) => !theirs.has(name))).toEqual([]);
      }
      console.info(
        `office day: ${clerks.map((c) => `${c.name} sent ${c.sent.length}, refused ${c.refused}`).join('; ')}; ${Math.round(r.ms / 1000)} s`,
      );
    },
  );

  /**
   * One clerk's day: the letter in the form is taken (opening it takes it); it is typed and sent, or, when
   * the other clerk has it, skipped. Both work from the top of the one list. Waits for letters
   * while scans still arrive; done when every scan arrived and none waits.
   */
  async function work(clerk: Clerk): Promise<void> {
    const page = clerk.app.page;
    await page.keyboard.press('Alt+1');
    await page.locator('#inbox-search').fill('scan_');
    const target = page.getByTestId('tagging-target');
    await waitForProgress(
      `${clerk.name} to send every letter they could`,
      async () => {
        const now = await inbox();
        if (now.arrived < FILES || now.waiting > 0) await sendOne(clerk, page);
        return {
          ...now,
          sent: clerk.sent.length,
          refused: clerk.refused,
          shown: (await target.allTextContents())[0] ?? '',
        };
      },
      (now) => now.arrived >= FILES && now.waiting === 0,
      { stallMs: 90_000, ceilingMs: SHARED_RUN_TEST_TIMEOUT_MS, pauseMs: 50 },
    );
  }

  /** The letter shown, typed and sent; or another free letter opened when it is the other clerk's. */
  async function sendOne(clerk: Clerk, page: Page): Promise<void> {
    const target = page.getByTestId('tagging-target');
    const shown = ((await target.allTextContents())[0] ?? '').trim();
    const held = (await page.getByTestId('held-note').count()) > 0;
    const mine = shown.startsWith('scan_') && !held && !clerk.sent.includes(shown);
    if (!mine || !(await page.locator('#tag-caseNumber').isEnabled())) {
      // Another letter: the first free row of the list (both clerks work from the top: they meet often).
      const free = page.getByTestId('doc-row').filter({ hasNot: page.getByTestId('doc-held') });
      const count = await free.count();
      if (count === 0) return;
      const row = free.first();
      await row.click({ timeout: idleMs(5_000) }).catch(() => undefined);
      return;
    }
    await page.locator('#tag-caseNumber').fill(CASE);
    await page.keyboard.press('Control+Enter');
    // Sent by this clerk (the office's history names them), or refused on screen (the other clerk took the
    // letter a moment before this window heard of it): never a press that does nothing.
    const outcome = await waitForProgress(
      `${clerk.name}'s Ctrl+Enter on ${shown} to be answered`,
      async () => {
        const error =
          (await page.getByTestId('press-note').count()) + (await page.getByTestId('submit-error').count()) > 0;
        const { rows } = await db!.query<{ state: string; mine: boolean }>(
          `SELECT d.state, EXISTS (SELECT 1 FROM office_history h WHERE h.document_id = d.id AND h.clerk = $2) AS mine
             FROM office_documents d WHERE d.file_name = $1`,
          [shown, clerk.name],
        );
        return { error, state: rows[0]?.state, mine: rows[0]?.mine === true };
      },
      (s) => s.error || (s.mine && s.state !== 'new' && s.state !== 'tagged'),
      { stallMs: 60_000, ceilingMs: idleMs(120_000), pauseMs: 50 },
    );
    if (outcome.mine && outcome.state !== 'new' && outcome.state !== 'tagged') clerk.sent.push(shown);
    else clerk.refused++;
  }
});
