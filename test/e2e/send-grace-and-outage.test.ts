import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, makePdf, setClerkLanguage } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #36 item 9: a short grace before an upload leaves ("Sending in 5 s · Undo"; Ctrl+Enter twice sends
// at once); item 5: after an outage the queue says when it asks again, live, with "Retry now" beside it,
// and goes on within 5 s of the platform answering.
const TEXT = {
  en: {
    sending: (name: string) => new RegExp(`^Sending ${name} in (\\d+) s$`),
    undo: 'Undo',
    nextTry: /Asking the platform again in (\d+) s\./,
    nextAttempt: /^next attempt in (\d+) s$/,
    retryNow: 'Retry now',
    grace: 'Wait before sending (seconds, 0 = at once)',
  },
  de: {
    sending: (name: string) => new RegExp(`^${name} wird in (\\d+) s gesendet$`),
    undo: 'Rückgängig',
    nextTry: /Die Plattform wird in (\d+) s wieder gefragt\./,
    nextAttempt: /^nächster Versuch in (\d+) s$/,
    retryNow: 'Jetzt erneut versuchen',
    grace: 'Wartezeit vor dem Senden (Sekunden, 0 = sofort)',
  },
} as const;

async function setGrace(app: E2eApp, graceSeconds: number): Promise<void> {
  const settings = app.demo.core.settings.get();
  const r = await dispatch(app.demo.core.handlers, 'settings.update', {
    settings: { ...settings, upload: { ...settings.upload, graceSeconds } },
  });
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

async function scan(app: E2eApp, name: string): Promise<string> {
  const { page, demo } = app;
  await writeFile(join(demo.scannerFolder, name), makePdf([name]));
  await page.keyboard.press('Alt+1');
  await page
    .getByTestId('doc-row')
    .filter({ hasText: name })
    .waitFor({ timeout: idleMs(20_000) });
  return (await demo.core.queue.list({ limit: 10, offset: 0, query: name })).documents[0]!.id;
}

async function tagInForm(app: E2eApp, name: string): Promise<void> {
  const { page } = app;
  await page.getByTestId('doc-row').filter({ hasText: name }).click();
  await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
  await page
    .locator('#tag-documentTypeCode')
    .fill('INV')
    .catch(async () => page.locator('#tag-documentTypeCode').selectOption({ index: 1 }));
}

const uploadsNamed = async (app: E2eApp, name: string) =>
  ((await (await fetch(`${app.demo.sandbox.baseUrl}/__sandbox/uploads`)).json()) as { fileName: string }[]).filter(
    (u) => u.fileName === name,
  ).length;

describe.each(['en', 'de'] as const)('send grace and the queue after an outage, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    locale: lang === 'de' ? 'de-DE' : 'en-US',
    ready: async (app) => {
      await setClerkLanguage(app, lang);
    },
  });

  it('Submit says "Sending in N s" with Undo, counting down; Undo takes it back and nothing is sent', async () => {
    const { page, demo } = app;
    await setGrace(app, 20);
    const name = `grace-undo-${lang}.pdf`;
    const id = await scan(app, name);
    await tagInForm(app, name);
    await page.getByTestId('submit').click();
    const note = page.getByTestId('submitted-note');
    await expect.poll(() => note.getAttribute('data-waiting')).toBe('true');
    const first = Number(text.sending(name).exec((await note.locator('span').first().textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(10);
    expect(first).toBeLessThanOrEqual(20);
    // Live: the count goes down while the clerk looks.
    await expect
      .poll(
        async () => Number(text.sending(name).exec((await note.locator('span').first().textContent()) ?? '')?.[1]),
        {
          timeout: idleMs(5_000),
        },
      )
      .toBeLessThan(first);
    expect((await demo.core.queue.get(id)).state).toBe('queued');
    await app.screenshot(`send-grace-${lang}`);
    await expectAccessible(page);
    await note.getByRole('button', { name: text.undo }).click();
    await expect.poll(async () => (await demo.core.queue.get(id)).state).toBe('tagged');
    expect(await uploadsNamed(app, name)).toBe(0);
  });

  it('Ctrl+Enter twice sends at once, long before the grace is over', async () => {
    const { page, demo } = app;
    await setGrace(app, 60);
    const name = `grace-twice-${lang}.pdf`;
    const id = await scan(app, name);
    await tagInForm(app, name);
    await page.keyboard.press('Control+Enter');
    // The second press follows as soon as the window says "Sending …" (a double press, within
    // SECOND_PRESS_MS): expect.poll's growing intervals let more than that pass on a loaded box.
    await page.locator('[data-testid="submitted-note"][data-waiting="true"]').waitFor();
    expect((await demo.core.queue.get(id)).state).toBe('queued');
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(async () => (await demo.core.queue.get(id)).state, { timeout: idleMs(10_000) })
      .toMatch(/^(uploaded|archived)$/);
    expect(await uploadsNamed(app, name)).toBe(1);
  });

  it('the grace is a setting in Settings, in the clerk’s language', async () => {
    const { page } = app;
    await setGrace(app, 7);
    await page.keyboard.press('Alt+5');
    const field = page.getByLabel(text.grace);
    await expect.poll(() => field.inputValue()).toBe('7');
    await setGrace(app, 0);
  });

  it('offline: the queue says when it asks again (live) with Retry now; back, queued documents go out within 5 s', async () => {
    const { page, demo } = app;
    await setGrace(app, 0);
    const name = `outage-${lang}.pdf`;
    const id = await scan(app, name);
    demo.sandbox.setFaults({ offline: true });
    try {
      const r = await dispatch(demo.core.handlers, 'documents.submit', {
        ids: [id],
        metadata: { caseNumber: 'CLM-2026-000101', documentType: 'INV' },
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      await page.keyboard.press('Alt+2');
      const banner = page.getByTestId('queue-offline');
      await banner.waitFor({ timeout: idleMs(20_000) });
      await expect
        .poll(async () => text.nextTry.test((await banner.textContent()) ?? ''), { timeout: idleMs(10_000) })
        .toBe(true);
      const seconds = Number(text.nextTry.exec((await banner.textContent()) ?? '')?.[1]);
      expect(seconds).toBeLessThanOrEqual(3);
      await expect(banner.getByRole('button', { name: text.retryNow }).isVisible()).resolves.toBe(true);
      await app.screenshot(`queue-offline-${lang}`);
      await expectAccessible(page);
    } finally {
      demo.sandbox.clearFaults();
    }
    const back = Date.now();
    await expect
      .poll(async () => (await demo.core.queue.get(id)).state, { timeout: idleMs(15_000) })
      .toMatch(/^(uploaded|archived)$/);
    expect(Date.now() - back).toBeLessThan(5_000);
  });

  it('a document waiting out a busy platform shows "next attempt in N s", live, and Retry now sends it', async () => {
    const { page, demo } = app;
    await setGrace(app, 0);
    const name = `busy-${lang}.pdf`;
    const id = await scan(app, name);
    demo.sandbox.setFaults({ retryAfter: { status: 503, seconds: 120, count: 1, paths: 'digital-inbox' } });
    const r = await dispatch(demo.core.handlers, 'documents.submit', {
      ids: [id],
      metadata: { caseNumber: 'CLM-2026-000101', documentType: 'INV' },
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    await page.keyboard.press('Alt+2');
    const row = page.getByTestId('queue-row').filter({ hasText: name });
    const next = row.getByTestId('queue-row-next');
    await expect
      .poll(async () => text.nextAttempt.test((await next.textContent().catch(() => '')) ?? ''), {
        timeout: idleMs(15_000),
      })
      .toBe(true);
    const before = Number(text.nextAttempt.exec((await next.textContent()) ?? '')?.[1]);
    expect(before).toBeGreaterThan(100);
    await expect
      .poll(async () => Number(text.nextAttempt.exec((await next.textContent()) ?? '')?.[1]), {
        timeout: idleMs(5_000),
      })
      .toBeLessThan(before);
    await row.getByRole('button', { name: new RegExp(`^${text.retryNow}`) }).click();
    await expect
      .poll(async () => (await demo.core.queue.get(id)).state, { timeout: idleMs(10_000) })
      .toMatch(/^(uploaded|archived)$/);
  });
});
