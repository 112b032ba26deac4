import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Notice, NoticeCode, NoticeValues } from '../../shared/domain/notice';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { dropFile, expectAccessible, inLocale, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 31 item 4: notices no longer pile up over the form. A scanned batch gives one notice; the stack
// is bounded; informational notices leave by themselves (warnings stay until dismissed); no notice covers
// the form's actions, at 1366×768.
const TEXT = {
  en: { split: 'was split into documents', missing: 'cannot be found' },
  de: { split: 'wurde in Dokumente aufgeteilt', missing: 'ist nicht zu finden' },
} as const;

function raise(app: E2eApp, level: Notice['level'], code: NoticeCode, values: NoticeValues): void {
  app.demo.core.bus.emit({
    type: 'notice.raised',
    notice: { id: randomUUID(), level, code, values, count: 1, at: new Date().toISOString() },
  });
}

describe.each(['en', 'de'] as const)('notices, in Chromium (%s)', (lang) => {
  const app = appForSuite({ ready: inLocale(lang) });

  it(
    'one notice per batch, at most three, informational ones leave, none covers Submit',
    async () => {
      const { page } = app;
      await page.setViewportSize({ width: 1366, height: 768 });
      const name = `notice-doc-${lang}.pdf`;
      await dropFile(page, name, makePdf(['Letter']), 'application/pdf');
      await page
        .getByTestId('doc-row')
        .filter({ hasText: name })
        .click({ timeout: idleMs(20_000) });
      await page.getByTestId('submit').waitFor();
      const toasts = page.getByTestId('toast');

      // A scanned batch: received, then split: one notice, the split one.
      raise(app, 'info', 'capture.received', { file: 'stapel.pdf' });
      await expect.poll(() => toasts.count()).toBe(1);
      raise(app, 'info', 'capture.split', { file: 'stapel.pdf' });
      await expect.poll(() => toasts.first().textContent()).toContain(TEXT[lang].split);
      expect(await toasts.count()).toBe(1);

      // A busy morning: many notices, a bounded stack that keeps the warning.
      raise(app, 'warning', 'folder.missing', { folder: 'Scanner', path: '/srv/scans' });
      for (let i = 0; i < 8; i++) raise(app, 'info', 'capture.received', { file: `scan-${i}.pdf` });
      for (let i = 0; i < 4; i++) raise(app, 'info', 'folder.back', { folder: `Folder ${i}`, path: `/srv/f${i}` });
      await expect.poll(() => toasts.count()).toBe(3);
      expect(await page.locator('[data-testid="toast"][data-level="warning"]').textContent()).toContain(
        TEXT[lang].missing,
      );

      // Nothing covers the form's actions: Submit is where a click lands, and no toast overlaps it.
      const submit = (await page.getByTestId('submit').boundingBox())!;
      for (const box of await toasts.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()))) {
        const b = box as { x: number; y: number; width: number; height: number };
        const overlaps =
          b.x < submit.x + submit.width &&
          submit.x < b.x + b.width &&
          b.y < submit.y + submit.height &&
          submit.y < b.y + b.height;
        expect(overlaps).toBe(false);
      }
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
        { x: submit.x + submit.width / 2, y: submit.y + submit.height / 2 },
      );
      expect(hit).toBe('submit');
      await app.screenshot(`notices-${lang}`);
      await expectAccessible(page);

      // Informational ones leave by themselves; the warning stays until dismissed.
      await expect.poll(() => toasts.count(), { timeout: idleMs(20_000), interval: 500 }).toBe(1);
      expect(await toasts.first().getAttribute('data-level')).toBe('warning');
      await toasts.first().getByRole('button').click();
      await expect.poll(() => toasts.count()).toBe(0);
    },
    idleMs(60_000),
  );
});
