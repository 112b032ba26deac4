import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, makePdf, setClerkLanguage } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 3: on a slow line the clerk sees the bytes going out, per document and for the queue (in
// the queue screen and the status bar); during a 503 burst the status bar says the platform is busy and
// when the next try is, instead of "Online".
const TEXT = {
  en: {
    bytesOf: /^([\d.,]+) (B|KB|MB) of ([\d.,]+) MB$/,
    uploading: /^Uploading ([\d.,]+) (B|KB|MB) of ([\d.,]+) MB$/,
    busy: /^Platform busy, retrying at \d{1,2}:\d{2}:\d{2}\s?(AM|PM)$/,
    online: 'Online',
    attempt: 'attempt 3',
    uploaded: 'uploaded',
  },
  de: {
    bytesOf: /^([\d.,]+) (B|KB|MB) von ([\d.,]+) MB$/,
    uploading: /^Hochgeladen: ([\d.,]+) (B|KB|MB) von ([\d.,]+) MB$/,
    busy: /^Plattform ausgelastet, neuer Versuch um \d{2}:\d{2}:\d{2}$/,
    online: 'Online',
    attempt: 'Versuch 3',
    uploaded: 'hochgeladen',
  },
} as const;

const UNIT = { B: 1, KB: 1024, MB: 1024 * 1024 } as const;
/** "1,5 MB" / "1.5 MB" → bytes (approximately: the screen shows one decimal). */
function bytesOf(lang: 'en' | 'de', amount: string, unit: string): number {
  const n = Number(lang === 'de' ? amount.replace(/\./g, '').replace(',', '.') : amount.replace(/,/g, ''));
  return n * UNIT[unit as keyof typeof UNIT];
}

async function submitScan(app: E2eApp, name: string, bytes: Uint8Array): Promise<string> {
  const { page, demo } = app;
  await writeFile(join(demo.scannerFolder, name), bytes);
  await page.keyboard.press('Alt+1');
  await page
    .getByTestId('doc-row')
    .filter({ hasText: name })
    .waitFor({ timeout: idleMs(20_000) });
  const doc = (await demo.core.queue.list({ limit: 10, offset: 0, query: name })).documents[0]!;
  const r = await dispatch(demo.core.handlers, 'documents.submit', {
    ids: [doc.id],
    metadata: { caseNumber: 'CLM-2026-000101', documentType: 'INV' },
  });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return doc.id;
}

describe.each(['en', 'de'] as const)('upload progress and a busy platform, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    locale: lang === 'de' ? 'de-DE' : 'en-US',
    ready: async (app) => {
      await setClerkLanguage(app, lang);
    },
  });

  it('a slow upload shows its bytes in the queue row and the status bar, growing until it is stored', async () => {
    const { page, demo } = app;
    // 12 MB at 1 MB/s: about 12 s on the wire. (On loopback the OS's socket buffers take the first few
    // MB at once, so the file has to be larger than them for the bytes to be seen going out.)
    demo.sandbox.setFaults({ slowUploadBytesPerSec: 1_000_000 });
    try {
      const id = await submitScan(app, `slow-${lang}.pdf`, makePdf(['Slow'], 12_000_000));
      await page.getByTestId('queue-count').click();
      const row = page.getByTestId('queue-row').filter({ hasText: `slow-${lang}.pdf` });
      const rowBytes = row.getByTestId('queue-row-bytes');
      const bar = page.getByTestId('status-upload-progress');
      await rowBytes.waitFor({ timeout: idleMs(20_000) });
      const seen: number[] = [];
      const deadline = Date.now() + 60_000;
      let shot = false;
      while (Date.now() < deadline && (await demo.core.queue.get(id)).state === 'uploading') {
        // Both read in one go (one rendered frame): read one after the other they could straddle an update.
        const [rowText, barText] = await page.evaluate(() =>
          ['queue-row-bytes', 'status-upload-progress'].map((id) =>
            document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim(),
          ),
        );
        if (rowText && barText) {
          const m = text.bytesOf.exec(rowText);
          expect(m, rowText).not.toBeNull();
          expect(Number.parseFloat(m![3]!.replace(',', '.'))).toBeCloseTo(11.4, 0);
          const b = text.uploading.exec(barText);
          expect(b, barText).not.toBeNull();
          // The queue's sum is this one document's bytes.
          expect(b![1]).toBe(m![1]);
          seen.push(bytesOf(lang, m![1]!, m![2]!));
          if (!shot && seen.length >= 3) {
            shot = true;
            await app.screenshot(`upload-progress-${lang}`);
            await expectAccessible(page);
          }
        }
        await page.waitForTimeout(500);
      }
      await expect
        .poll(async () => (await demo.core.queue.get(id)).state, { timeout: idleMs(60_000) })
        .toMatch(/uploaded|archived/);
      // Several different readings that only grow: the bytes come from the body as it goes out.
      expect(new Set(seen).size, JSON.stringify(seen)).toBeGreaterThanOrEqual(3);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      // Stored once, on the first attempt: the slow line was not cut off mid-body.
      expect((await demo.core.queue.get(id)).attempts).toBe(1);
      await bar.waitFor({ state: 'detached', timeout: idleMs(5_000) });
    } finally {
      demo.sandbox.clearFaults();
    }
  });

  it('a 503 burst: the status bar says the platform is busy and when it tries again, then Online', async () => {
    const { page, demo } = app;
    const network = page.getByTestId('network-state');
    await expect.poll(() => network.textContent(), { timeout: idleMs(20_000) }).toBe(text.online);
    demo.sandbox.setFaults({ retryAfter: { status: 503, seconds: 3, count: 2, paths: 'digital-inbox' } });
    try {
      const id = await submitScan(app, `busy-${lang}.pdf`, makePdf(['Busy']));
      await expect
        .poll(async () => (await network.textContent())?.trim(), { timeout: idleMs(20_000) })
        .toMatch(text.busy);
      await app.screenshot(`platform-busy-${lang}`);
      await expect
        .poll(async () => (await demo.core.queue.get(id)).state, { timeout: idleMs(30_000) })
        .toMatch(/uploaded|archived/);
      await expect.poll(() => network.textContent(), { timeout: idleMs(5_000) }).toBe(text.online);
      // The history tells the steps in the clerk's words; the 503's own text only behind Details.
      await page.getByTestId('queue-count').click();
      const history = page.getByTestId('history-table');
      await expect.poll(() => history.innerText(), { timeout: idleMs(10_000) }).toContain(text.attempt);
      const visible = await history.innerText();
      expect(visible).toContain(text.uploaded);
      expect(visible).not.toMatch(/HTTP|503|temporarily|unavailable/);
      await app.screenshot(`queue-history-${lang}`);
      // The history's date filter in the clerk's form (German dd.mm.yyyy), not the browser's mm/dd/yyyy.
      const from = page.locator('#history-from');
      expect(await from.getAttribute('placeholder')).toBe(lang === 'de' ? 'TT.MM.JJJJ' : 'YYYY-MM-DD');
      const today = new Date();
      const [d, m, y] = [today.getDate(), today.getMonth() + 1, today.getFullYear()].map((n) =>
        String(n).padStart(2, '0'),
      );
      await from.fill(lang === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`);
      expect(await from.getAttribute('aria-invalid')).toBeNull();
      await from.fill(lang === 'de' ? `31.02.${y}` : `${y}-02-31`);
      expect(await from.getAttribute('aria-invalid')).toBe('true');
      await from.fill('');
    } finally {
      demo.sandbox.clearFaults();
    }
  });
});
