import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PostgresDocumentStorage } from '../../electron/core/office/postgres-document-storage';
import { arrive, send, upload } from '../../electron/core/office/test-support/office-day';
import type { TestStation } from '../../electron/core/office/test-support/office-fixture';
import { joinTestStation } from '../../electron/core/office/test-support/office-fixture';
import type { PrivatePostgres } from '../../electron/core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../../electron/core/office/test-support/private-postgres';
import { appForSuite } from './harness';
import { expectAccessible, setClerkLanguage } from './workspace-helpers';

// The supervisor's view (issue #50 item 6) in Chromium: a station whose settings name a real private
// PostgreSQL, seeded as two other stations' storage writes it, shows the office's figures, in en and de,
// refreshes them while open, and says plainly when the database does not answer.

/** A table's rows as [row heading, cells …] texts. */
const rows = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent?.trim() ?? '')));

describe('the office overview of a station with an office database, in Chromium', () => {
  let server: PrivatePostgres | undefined;
  const stations: TestStation[] = [];
  const options: { machineSettings?: unknown } = {};
  let bernd: PostgresDocumentStorage;
  beforeAll(async () => {
    server = await startPrivatePostgres();
    const url = await server.createDatabase();
    options.machineSettings = { version: 1, locked: { office: { database: url } } };
    // Two other stations' day: anna's and bernd's, through the office's own storage.
    const b = await joinTestStation(url, 'station-b');
    const c = await joinTestStation(url, 'station-c');
    stations.push(b, c);
    // They beat as running stations do (every quarter lapse), so they stay alive however long the tests take.
    b.station.start();
    c.station.start();
    bernd = new PostgresDocumentStorage(b.db, 'station-b', 'bernd');
    const anna = new PostgresDocumentStorage(c.db, 'station-c', 'anna');
    const hour = 3_600_000;
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const open = await arrive(anna, { folder: '/scans/claims', documentType: 'INV', at: ago(3 * hour) });
    await arrive(bernd, { folder: '/scans/claims', documentType: 'INV', at: ago(hour) });
    await arrive(bernd, { folder: '/scans/post', at: ago(2 * hour) });
    expect(await c.holds.take(open, 'anna')).toMatchObject({ taken: true });
    for (const [storage, n] of [
      [anna, 2],
      [bernd, 1],
    ] as const)
      for (let i = 0; i < n; i++) {
        const d = await arrive(storage, { folder: '/scans/claims', documentType: 'EXP', at: ago(4 * hour) });
        await send(storage, d);
        await upload(storage, d);
      }
  });
  afterAll(async () => {
    for (const s of stations) await s.close().catch(() => undefined);
    await server?.destroy();
  });
  const app = appForSuite({
    get machineSettings() {
      return options.machineSettings;
    },
  });

  it('shows what waits by watched folder and document type, who sent how many today, the stations; axe-clean', async () => {
    const { page } = app;
    // Reached as every screen is: the last of the navigation, Alt+9.
    await page.keyboard.press('Alt+9');
    await page.getByTestId('office-screen').waitFor();
    await expect.poll(() => page.getByTestId('office-waiting').textContent()).toBe('3');
    expect(await page.getByTestId('office-held').textContent()).toBe('1');
    expect(await page.getByTestId('office-queued').textContent()).toBe('0');
    expect(await rows(page, 'office-by-folder')).toEqual([
      ['claims', '2', expect.any(String)],
      ['post', '1', expect.any(String)],
    ]);
    expect(await rows(page, 'office-by-type')).toEqual([
      ['Invoice', '2', expect.any(String)],
      ['No document type yet', '1', expect.any(String)],
    ]);
    expect(await rows(page, 'office-sent-today')).toEqual([
      ['anna', '2'],
      ['bernd', '1'],
    ]);
    expect(await page.getByTestId('office-sent-since').textContent()).toMatch(/: 3 documents\.$/);
    // This station itself joins the office too (in the background, as it starts).
    await expect.poll(async () => (await rows(page, 'office-stations')).length).toBe(3);
    expect(await rows(page, 'office-stations')).toEqual(
      expect.arrayContaining([
        ['PC station-b', 'Alive', expect.any(String), '0', '0'],
        ['PC station-c', 'Alive', expect.any(String), '0', '0'],
      ]),
    );
    // The refresh button is in the keyboard's reach.
    await page.getByTestId('office-refresh').focus();
    await page.keyboard.press('Enter');
    await app.screenshot('office-overview-en');
    await expectAccessible(page);
  });

  it('refreshes by itself while open: a scan another station takes in shows without a click', async () => {
    const { page } = app;
    await page.getByTestId('office-screen').waitFor();
    await arrive(bernd, { folder: '/scans/post' });
    await expect.poll(() => page.getByTestId('office-waiting').textContent()).toBe('4');
    expect(await rows(page, 'office-by-folder')).toEqual([
      ['claims', '2', expect.any(String)],
      ['post', '2', expect.any(String)],
    ]);
  });

  it("in German, in the glossary's words", async () => {
    const { page } = app;
    await setClerkLanguage(app, 'de');
    await page.getByRole('heading', { name: 'Büroübersicht' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Wartend nach Eingangsordner' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Heute gesendet' }).count()).toBe(1);
    expect(await rows(page, 'office-by-type')).toEqual([
      ['Rechnung', '2', expect.any(String)],
      ['Noch keine Dokumentart', '2', expect.any(String)],
    ]);
    expect(await page.getByTestId('office-sent-since').textContent()).toMatch(/: 3 Dokumente\.$/);
    expect(await rows(page, 'office-stations')).toEqual(
      expect.arrayContaining([['PC station-b', 'Aktiv', expect.any(String), '0', '0']]),
    );
    await app.screenshot('office-overview-de');
    await expectAccessible(page);
    await setClerkLanguage(app, 'en');
  });

  it('the database stopped: "cannot be reached", plainly, in place of the figures; back when it answers', async () => {
    const { page } = app;
    await server!.stop('fast');
    const banner = page.getByTestId('office-unreachable');
    await banner.waitFor({ timeout: 60_000 });
    expect(await banner.textContent()).toMatch(/^The office database postgres:\/\/\S+ cannot be reached: /);
    expect(await page.getByTestId('office-by-folder').count()).toBe(0);
    await app.screenshot('office-overview-unreachable-en');
    await expectAccessible(page);
    await server!.start();
    await expect.poll(() => page.getByTestId('office-waiting').textContent(), { timeout: 60_000 }).toBe('4');
    expect(await banner.count()).toBe(0);
  });
});

describe('the office overview of a station without an office database, in Chromium', () => {
  const app = appForSuite({});

  it('says so plainly, not an empty table', async () => {
    const { page } = app;
    await page.getByTestId('nav-office').click();
    const none = page.getByTestId('office-none');
    await none.waitFor();
    expect(await none.textContent()).toMatch(/^This station works without an office database/);
    expect(await page.locator('.office-screen table').count()).toBe(0);
    await expectAccessible(page);
  });
});
