import type { CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from '../../renderer/app/navigation';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { dropFile, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 36 item 1: the most used buttons are never cut. On every screen, at the screen sizes of the office
// (1280×720, 1366×768, 1920×1080) and at 200 % browser zoom (half the CSS viewport at device pixel ratio 2),
// each primary action (Submit, Use the suggestions, Find…, New case…/Create case, and Scan once a screen
// has one) lies fully inside the window, and no panel scrolls sideways: also after a send, when the
// confirmation line appears above the form.
const SIZES = [
  { name: '1280x720', width: 1280, height: 720, scale: 1 },
  { name: '1366x768', width: 1366, height: 768, scale: 1 },
  { name: '1920x1080', width: 1920, height: 1080, scale: 1 },
  { name: '1280x720@200%', width: 640, height: 360, scale: 2 },
  { name: '1366x768@200%', width: 683, height: 384, scale: 2 },
  { name: '1920x1080@200%', width: 960, height: 540, scale: 2 },
] as const;
type Size = (typeof SIZES)[number];

/** Browser zoom as Chromium does it: a smaller CSS viewport drawn with more device pixels per CSS pixel. */
async function setSize(page: Page, cdp: CDPSession, size: Size): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: size.width,
    height: size.height,
    deviceScaleFactor: size.scale,
    mobile: false,
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/**
 * The primary actions shown on the page now. By test id, and the Scan button by its test id or its name
 * (a capture screen may add it; this test checks it from the day it exists).
 */
function primaryActions(page: Page): { name: string; locator: Locator }[] {
  return [
    { name: 'Submit', locator: page.getByTestId('submit') },
    { name: 'Use the suggestions', locator: page.getByTestId('use-suggestions') },
    { name: 'Find…', locator: page.getByTestId('find-policy') },
    { name: 'New case…', locator: page.getByTestId('create-case-for-document') },
    { name: 'Create case', locator: page.getByTestId('create-case-submit') },
    {
      name: 'Scan',
      locator: page.getByTestId('scan').or(page.getByRole('button', { name: /^(scan|scannen)\b/i })),
    },
  ];
}

/** Which of `locator`'s visible elements are not fully inside the window, or covered where they are. */
async function outOfReach(locator: Locator): Promise<string[]> {
  const problems: string[] = [];
  for (const element of await locator.all()) {
    if (!(await element.isVisible())) continue;
    await element.scrollIntoViewIfNeeded();
    problems.push(
      ...(await element.evaluate((e) => {
        const r = e.getBoundingClientRect();
        const [w, h] = [document.documentElement.clientWidth, document.documentElement.clientHeight];
        const where = `${Math.round(r.left)}..${Math.round(r.right)} × ${Math.round(r.top)}..${Math.round(r.bottom)} in ${w}×${h}`;
        if (r.left < 0 || r.top < 0 || r.right > w + 0.5 || r.bottom > h + 0.5) return [`outside the window: ${where}`];
        // Inside the window but cut by a panel that clips it, or under something: each corner (inside the
        // rounded border) must hit the button itself.
        const inset = 4;
        const corners: [number, number][] = [
          [r.left + inset, r.top + inset],
          [r.right - inset, r.top + inset],
          [r.left + inset, r.bottom - inset],
          [r.right - inset, r.bottom - inset],
        ];
        const hidden = corners.flatMap(([x, y]) => {
          const hit = document.elementFromPoint(x, y);
          if (hit && (hit === e || e.contains(hit))) return [];
          return [
            `${Math.round(x)},${Math.round(y)} → ${hit ? hit.tagName.toLowerCase() + '.' + [...hit.classList].join('.') : 'nothing'}`,
          ];
        });
        return hidden.length ? [`cut or covered at ${hidden.join('; ')}: ${where}`] : [];
      })),
    );
  }
  return problems;
}

/** Every element that scrolls sideways: its content is wider than its box (the window's own included). */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the window: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const e of document.querySelectorAll<HTMLElement>('body *')) {
      const overflowX = getComputedStyle(e).overflowX;
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      // A strip meant to scroll sideways (page thumbnails, a zoomed page) says so in its markup.
      if (e.closest('[data-scrolls-sideways]')) continue;
      if (e.clientWidth === 0) continue;
      if (e.scrollWidth > e.clientWidth) {
        const name = `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${[...e.classList].join('.')}`;
        found.push(`${name}: ${e.scrollWidth} > ${e.clientWidth}`);
      }
    }
    return found;
  });
}

/**
 * The sideways scrollers once the page has settled after a resize: the preview draws its page at the new
 * width asynchronously (pdf.js), so a scroller is only reported when it is still there after 3 s.
 */
async function settledSidewaysScrollers(page: Page): Promise<string[]> {
  const until = Date.now() + 3_000;
  for (;;) {
    const found = await sidewaysScrollers(page);
    if (!found.length || Date.now() > until) return found;
    await page.waitForTimeout(100);
  }
}

describe.each(['en', 'de'] as const)('every primary action in reach, at every size and at 200 %% zoom (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });
  /** Which actions were found on which screen: a check that found no button would prove nothing. */
  const seen = new Set<string>();

  /** Each screen at each size: the problems found, as readable lines. */
  async function check(
    page: Page,
    cdp: CDPSession,
    label: string,
    screens: readonly (typeof NAV_ITEMS)[number][] = NAV_ITEMS,
  ): Promise<string[]> {
    const problems: string[] = [];
    for (const size of SIZES) {
      await setSize(page, cdp, size);
      for (const item of screens) {
        const i = NAV_ITEMS.indexOf(item);
        await page.keyboard.press(`Alt+${i + 1}`);
        await page.locator(`.workspace[data-screen="${item.id}"]`).waitFor();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const where = `${label} ${item.id} ${size.name}`;
        // Before anything scrolls: Submit stays in sight while the form scrolls (it is the most used button).
        if (item.id === 'inbox') {
          const submit = await page.getByTestId('submit').evaluate((e) => {
            const r = e.getBoundingClientRect();
            return r.right <= document.documentElement.clientWidth && r.bottom <= document.documentElement.clientHeight;
          });
          if (!submit) problems.push(`${where}: Submit not in sight without scrolling`);
        }
        for (const scroller of await settledSidewaysScrollers(page)) {
          problems.push(`${where}: scrolls sideways: ${scroller}`);
        }
        for (const action of primaryActions(page)) {
          if (await action.locator.first().isVisible()) seen.add(`${item.id}: ${action.name}`);
          for (const p of await outOfReach(action.locator)) problems.push(`${where}: ${action.name} ${p}`);
        }
        // Scrolling an action into view must not have made anything scroll sideways either.
        for (const scroller of await settledSidewaysScrollers(page)) {
          problems.push(`${where}: scrolls sideways: ${scroller}`);
        }
      }
    }
    await page.keyboard.press('Alt+1');
    return problems;
  }

  it(
    'Submit, Use the suggestions, Find… and Create case lie inside the window; no panel scrolls sideways',
    async () => {
      const { page } = app;
      const cdp = await page.context().newCDPSession(page);
      // Two letters with long names: after the first is sent, the form shows the second and the sent line.
      const names = [1, 2].map((n) => `Schadenmeldung mit Kostenvoranschlag Werkstatt Nummer ${n} ${lang}.pdf`);
      for (const name of names) await dropFile(page, name, makePdf([`Brief ${name}`]), 'application/pdf');
      const row = (name: string) => page.getByTestId('doc-row').filter({ hasText: name });
      for (const name of names) await row(name).waitFor({ timeout: idleMs(30_000) });
      await row(names[0]!).click();
      await page.getByTestId('submit').waitFor();
      // The inbox's Create case screen shows its form (Create case) once the schema is loaded.
      await page.keyboard.press(`Alt+${NAV_ITEMS.findIndex((n) => n.id === 'cases') + 1}`);
      await page.getByTestId('create-case-submit').waitFor({ timeout: idleMs(20_000) });
      await page.keyboard.press('Alt+1');

      const before = await check(page, cdp, 'before a send');

      // A send: the first letter goes to the queue, the second is shown with the confirmation line above it.
      // The line stays at least until the send grace is over: the longest grace keeps it for the whole check
      // (10 s, its time without a grace, a loaded box's check outlasts).
      const settings = app.demo.core.settings.get();
      const graced = await dispatch(app.demo.core.handlers, 'settings.update', {
        settings: { ...settings, upload: { ...settings.upload, graceSeconds: 60 } },
      });
      expect(graced.ok, JSON.stringify(graced)).toBe(true);
      await row(names[0]!).click();
      await setSize(page, cdp, SIZES[1]);
      await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
      await page.locator('#tag-documentTypeCode').selectOption('INV');
      await page.getByTestId('submit').click();
      await page.getByTestId('submitted-note').waitFor({ timeout: idleMs(20_000) });
      await expect.poll(() => page.getByTestId('tagging-target').textContent()).toBe(names[1]);
      // The inbox at every size, while the sent line is there.
      const after = await check(page, cdp, 'after a send', [NAV_ITEMS[0]]);
      expect(await page.getByTestId('submitted-note').isVisible(), 'the sent line was shown during the check').toBe(
        true,
      );

      expect([...before, ...after]).toEqual([]);
      expect([...seen].sort()).toEqual(
        ['cases: Create case', 'inbox: Find…', 'inbox: New case…', 'inbox: Submit', 'inbox: Use the suggestions']
          .concat([...seen].filter((s) => s.endsWith(': Scan')))
          .sort(),
      );
      await cdp.detach();
    },
    idleMs(300_000),
  );
});
