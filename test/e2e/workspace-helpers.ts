import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import type { InvokeChannel, InvokeRequest } from '../../shared/ipc/contract';
import { fold } from '../../electron/core/notice-of-loss/notice-lines';
import type { E2eApp } from './harness';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

/**
 * Whether the demo's core answers a channel (a channel without a handler answers app.unavailable). Tests
 * assert it first, so an unwired channel fails loudly instead of timing out somewhere in the UI.
 */
export async function isWired<C extends InvokeChannel>(
  app: E2eApp,
  channel: C,
  request: InvokeRequest<C>,
): Promise<boolean> {
  const result = await dispatch(app.demo.core.handlers, channel, request);
  return result.ok || result.error.code !== 'app.unavailable';
}

/**
 * axe-core in the page: every violation, whatever its impact (minor ones included: issue #21 asks for
 * 0 violations), as "rule (impact): target" lines (empty = pass).
 */
export async function a11yViolations(page: Page): Promise<string[]> {
  // The app's CSP (script-src 'self') blocks addScriptTag's inline script; evaluating the source through
  // the DevTools protocol is not subject to the page's CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; impact?: string; nodes: { target: unknown[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
  return violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(', ')}`);
}

export async function expectAccessible(page: Page): Promise<void> {
  expect(await a11yViolations(page)).toEqual([]);
}

/** Drops a file onto the window the way the OS does: a real File in a DataTransfer. */
export async function dropFile(page: Page, name: string, bytes: Uint8Array, type: string): Promise<void> {
  await page.evaluate(
    ({ name, data, type }) => {
      const file = new File([new Uint8Array(data)], name, { type });
      const dt = new DataTransfer();
      dt.items.add(file);
      for (const kind of ['dragenter', 'dragover', 'drop']) {
        document.body.dispatchEvent(new DragEvent(kind, { dataTransfer: dt, bubbles: true, cancelable: true }));
      }
    },
    { name, data: [...bytes], type },
  );
}

/**
 * A small valid PDF with one text line per page, built by hand so no fixture file is needed. `padBytes`
 * puts a comment of that many bytes after the header: a large file whose pages need only a few ranges.
 */
export function makePdf(pages: readonly string[], padBytes = 0): Uint8Array {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pages.forEach((text, i) => {
    const stream = `BT /F1 28 Tf 72 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n' + (padBytes > 0 ? `%${'x'.repeat(padBytes)}\n` : '');
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

/**
 * A suite's `ready` hook that switches the app to `locale` through the real settings.update handler, and
 * waits until the window speaks it (its `<html lang>`): the change reaches the window as an event, and a
 * test that read the screen at once on a busy box found it still English (issue #45 item 3).
 */
export function inLocale(locale: 'en' | 'de'): (app: E2eApp) => Promise<void> {
  return async (app) => {
    const settings = app.demo.core.settings.get();
    const r = await dispatch(app.demo.core.handlers, 'settings.update', { settings: { ...settings, locale } });
    expect(r.ok).toBe(true);
    // In a suite's beforeAll, where expect.poll is not allowed: the browser waits.
    await app.page.waitForFunction((want) => document.documentElement.lang === want, locale, {
      timeout: idleMs(20_000),
    });
  };
}

/** The clerk's language set in Settings (through the one dispatch), as a suite's `ready` step. */
export async function setClerkLanguage(app: E2eApp, lang: 'en' | 'de'): Promise<void> {
  await inLocale(lang)(app);
}

interface SandboxClaims {
  claims: { caseNumber: string; caseData: Record<string, unknown> | null }[];
}

/** The case data the demo's sandbox holds for `caseNumber` (its claims.json), once it is written there. */
export async function storedCaseData(dataDir: string, caseNumber: string): Promise<Record<string, unknown>> {
  const claimsFile = join(dataDir, 'sandbox', 'claims.json');
  const stored = async () =>
    (JSON.parse(await readFile(claimsFile, 'utf8')) as SandboxClaims).claims.find((c) => c.caseNumber === caseNumber)
      ?.caseData ?? null;
  await expect.poll(stored, { timeout: idleMs(10_000) }).not.toBeNull();
  return (await stored())!;
}

/**
 * How many of `expected`'s words `actual` holds, and of how many: words folded (case, accents), as OCR may
 * read an umlaut plain.
 */
export function wordsFound(actual: string, expected: string): { found: number; of: number } {
  const words = (s: string) =>
    fold(s)
      .toLowerCase()
      .match(/[\p{L}\d]+/gu) ?? [];
  const have = new Set(words(actual));
  const want = words(expected);
  return { found: want.filter((w) => have.has(w)).length, of: want.length };
}
