import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idleMs } from '../../electron/core/util/test-support/box-pace';
import { DEFAULT_SEND_GRACE_SECONDS } from '../../shared/domain/settings';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { makePdf } from './workspace-helpers';

// Issue #48 item 1: tagging 20 letters at a trained clerk's pace, 3 of 20 were not sent: Ctrl+Enter on them
// within 1.5 s of the previous document's send was taken as "send the previous one now", with no word.
describe('a trained clerk’s pace: Ctrl+Enter every half second', () => {
  // The clerk's own send grace (an Undo while the document waits): what made a quick press mean "send the
  // last one now".
  const app = appForSuite({ locale: 'en-US', sendGraceSeconds: DEFAULT_SEND_GRACE_SECONDS });

  it(
    '20 letters, each typed and sent with Ctrl+Enter 0.5 s after the last: every one reaches the platform once',
    async () => {
      await tagAtPace(app, 'pace');
    },
    idleMs(300_000),
  );

  it(
    'the same when each send’s answer comes a second late (a busy box): the next letter is shown before it',
    async () => {
      // The core queues a letter and says so before it answers the call, so the window shows the next letter
      // while the send is still under way, and the clerk types there and presses again. A busy box makes that
      // window long; here the answer is held a second after the letter was queued.
      const handlers = app.demo.core.handlers;
      const queueIt = handlers['documents.submit'];
      handlers['documents.submit'] = async (r) => {
        const queued = await queueIt(r);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return queued;
      };
      try {
        await tagAtPace(app, 'late');
      } finally {
        handlers['documents.submit'] = queueIt;
      }
    },
    idleMs(300_000),
  );
});

/** 20 letters named `prefix-NN.pdf`, each typed and sent with Ctrl+Enter at a trained clerk's pace. */
async function tagAtPace(app: E2eApp, prefix: string): Promise<void> {
  const { page, demo } = app;
  const names = Array.from({ length: 20 }, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}.pdf`);
  for (const name of names) await writeFile(join(demo.scannerFolder, name), makePdf([`Letter ${name}`]));
  const byName = async (name: string) =>
    (await demo.core.queue.list({ limit: 5, offset: 0, query: name })).documents[0];
  await expect
    .poll(async () => (await Promise.all(names.map((n) => byName(n)))).every(Boolean), { timeout: idleMs(60_000) })
    .toBe(true);
  await page.keyboard.press('Alt+1');
  // Only these letters in the list.
  await page.locator('#inbox-search').fill(`${prefix}-`);
  // All 20 listed (the list draws only the rows in view).
  await expect
    .poll(() => page.getByTestId('doc-row').first().getAttribute('aria-setsize'), { timeout: idleMs(60_000) })
    .toBe(String(names.length));
  await page.getByTestId('doc-row').first().click();
  const target = page.getByTestId('tagging-target');
  const typed: string[] = [];
  for (let i = 0; i < names.length; i++) {
    // The clerk looks at the form: the next letter, not one just sent (the core queues a sent letter before
    // the window has its answer and moves on, so the old name can still be shown for a moment).
    const next = async () => {
      const shown = (await target.textContent()) ?? '';
      return names.includes(shown) && !typed.includes(shown) ? shown : undefined;
    };
    await expect
      .poll(next, {
        timeout: idleMs(30_000),
        message: `after Ctrl+Enter on ${typed.at(-1) ?? 'nothing'}, no next letter is shown (the key did nothing?)`,
      })
      .toBeDefined();
    typed.push((await next())!);
    await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(500); // the clerk's pace, not a wait for the app
  }
  expect([...typed].sort()).toEqual(names);
  // Every letter leaves the inbox and reaches the platform: none was dropped or taken for another.
  const notSent = async () =>
    (await Promise.all(names.map(async (n) => (await byName(n))!)))
      .filter((d) => d.state !== 'uploaded' && d.state !== 'archived')
      .map((d) => `${d.fileName}: ${d.state}`);
  await expect
    .poll(notSent, { timeout: idleMs(90_000), message: 'letters typed and sent with Ctrl+Enter that did not leave' })
    .toEqual([]);
  const uploads = (await (await fetch(`${demo.sandbox.baseUrl}/__sandbox/uploads`)).json()) as { fileName: string }[];
  // Once each.
  expect(
    uploads
      .map((u) => u.fileName)
      .filter((n) => n.startsWith(`${prefix}-`))
      .sort(),
  ).toEqual(names);
  expect(await page.getByTestId('press-note').count()).toBe(0);
  expect(await page.getByTestId('submit-error').count()).toBe(0);
}
