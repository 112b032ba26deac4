import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseBatch } from '../../electron/core/capture/test-support/case-batch';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible, inLocale } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 item 7: the History said "attempt did not succeed" for every split part's arrival. A scanned
// batch split into parts, and a part split again with the page tools, read as what happened, in the
// clerk's language; only a failed upload is an attempt that did not succeed.
const SCAN = 'CLM-2026-000101_INV_hist.pdf';
const TEXT = {
  en: { part: `part 1 of the scan ${SCAN}`, splitFrom: 'split off from', failed: 'attempt did not succeed' },
  de: { part: `Teil 1 des Scans ${SCAN}`, splitFrom: 'abgetrennt', failed: 'Versuch ohne Erfolg' },
} as const;

describe.each(['en', 'de'] as const)('history of split parts, in Chromium (%s)', (lang) => {
  const app = appForSuite({
    ready: async (app) => {
      await inLocale(lang)(app);
      const settings = app.demo.core.settings.get();
      const [folder, ...others] = settings.folders;
      const capture = {
        separatorPattern: '^CLM-',
        metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$',
        blankPages: 'drop',
      };
      const r = await dispatch(app.demo.core.handlers, 'settings.update', {
        settings: { ...settings, folders: [{ ...folder!, capture } as typeof folder & object, ...others] },
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    },
  });

  it(
    'a part’s arrival and a page split are steps in words, never a failed attempt',
    async () => {
      const { page, demo } = app;
      await writeFile(join(demo.scannerFolder, SCAN), await caseBatch());
      // Parts are named after the batch with their page range (issue #30 item 7): …_hist_p1-2.pdf.
      const parts = async () => (await demo.core.queue.list({ limit: 10, offset: 0, query: 'hist_p' })).documents;
      await expect.poll(async () => (await parts()).length, { timeout: idleMs(90_000) }).toBe(3);
      const part = (await parts()).find((d) => d.fileName.endsWith('_p1-2.pdf'))!;
      // Each part has two pages (CASE_BATCH_PARTS): the second becomes a document of its own.
      const split = await dispatch(demo.core.handlers, 'documents.splitPages', { id: part.id, at: 1 });
      expect(split.ok, JSON.stringify(split)).toBe(true);

      await page.getByTestId('nav-queue').click();
      const table = page.getByTestId('history-table');
      await expect.poll(() => table.textContent(), { timeout: idleMs(20_000) }).toContain(TEXT[lang].part);
      await expect.poll(() => table.textContent()).toContain(TEXT[lang].splitFrom);
      expect(await table.textContent()).not.toContain(TEXT[lang].failed);
      await app.screenshot(`history-steps-${lang}`);
      await expectAccessible(page);
    },
    idleMs(120_000),
  );
});
