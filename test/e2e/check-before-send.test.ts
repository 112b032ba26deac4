import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import type { InvokeChannel, InvokeRequest, InvokeResponse } from '../../shared/ipc/contract';
import { appForSuite } from './harness';
import type { E2eApp } from './harness';
import { expectAccessible, isWired, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 1: nothing goes to the queue unchecked; a submit is confirmed quietly with an undo; cancel
// asks first; a failed document says why in the inbox. In English and German.
const TEXT = {
  en: {
    caseOrPolicy: 'case number or a policy number',
    required: 'This folder needs this field',
    unknownCase: 'The platform has no case with this number',
    format: "form of this platform's case numbers",
    unknownPolicy: 'finds no policy with this number',
    sent: 'Sent to the queue: brief.pdf',
    undo: 'Undo',
    confirmTitle: 'Take the document out of the queue?',
    keep: 'Cancel',
    failed: 'Failed:',
    docType: 'Document type',
    pattern: 'Case-number pattern',
  },
  de: {
    caseOrPolicy: 'Schaden- oder Vertragsnummer',
    required: 'Dieser Ordner verlangt dieses Feld',
    unknownCase: 'Die Plattform kennt keinen Schaden mit dieser Nummer',
    format: 'Form der Schadennummern dieser Plattform',
    unknownPolicy: 'findet keinen Vertrag mit dieser Nummer',
    sent: 'In die Warteschlange gestellt: brief.pdf',
    undo: 'Rückgängig',
    confirmTitle: 'Dokument aus der Warteschlange nehmen?',
    keep: 'Abbrechen',
    failed: 'Fehlgeschlagen:',
    docType: 'Dokumentart',
    pattern: 'Muster der Schadennummer',
  },
} as const;

async function call<C extends InvokeChannel>(
  app: E2eApp,
  channel: C,
  request: InvokeRequest<C>,
): Promise<InvokeResponse<C>> {
  const r = await dispatch(app.demo.core.handlers, channel, request);
  if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
  return r.value as InvokeResponse<C>;
}

describe.each(['en', 'de'] as const)('checks before sending, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  let folder = '';
  const app = appForSuite({
    ready: async (app) => {
      expect(await isWired(app, 'documents.check', { metadata: {} })).toBe(true);
      folder = join(app.dataDir, 'claims-scans');
      await mkdir(folder);
      const settings = app.demo.core.settings.get();
      await call(app, 'settings.update', {
        settings: {
          ...settings,
          locale: lang,
          folders: [
            {
              id: 'claims',
              label: 'Claims',
              path: folder,
              requiredFields: ['caseNumber', 'documentTypeCode'],
              defaultMetadata: {},
              autoSubmit: false,
              include: ['*.pdf'],
              exclude: [],
              polling: { enabled: false, intervalMs: 5000 },
              recognizeCompleteFiles: true,
            },
          ],
        },
      });
      // Paused, so the undo and the cancel meet the document still in the queue.
      await call(app, 'queue.pause', {});
    },
  });

  const row = (name: string) => app.page.getByTestId('doc-row').filter({ hasText: name });
  const fieldError = (field: string) => app.page.locator(`#tag-${field}-error`);

  it('refuses a submit with missing required fields, a made-up case number or an unknown policy, at the field', async () => {
    const { page } = app;
    await writeFile(join(folder, 'brief.pdf'), makePdf(['Brief']));
    await row('brief.pdf').waitFor();
    await row('brief.pdf').click();
    await page.locator('#tag-caseNumber').focus();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.getByTestId('form-error').textContent()).toContain(text.caseOrPolicy);
    expect(await fieldError('documentTypeCode').textContent()).toContain(text.required);
    expect(await fieldError('caseNumber').textContent()).toContain(text.required);

    await page.locator('#tag-documentTypeCode').selectOption({ index: 1 });
    await page.locator('#tag-caseNumber').fill('Rechnung');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => fieldError('caseNumber').textContent()).toContain(text.format);

    await page.locator('#tag-caseNumber').fill('CLM-2026-999999');
    await page.locator('#tag-policyNumber').fill('HR-999999');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => fieldError('caseNumber').textContent()).toContain(text.unknownCase);
    expect(await fieldError('policyNumber').textContent()).toContain(text.unknownPolicy);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tag-caseNumber');
    // Nothing was queued.
    expect(await row('brief.pdf').count()).toBe(1);
    await app.screenshot(`check-before-send-refused-${lang}`);
    await expectAccessible(page);
  });

  it('a checked submit is confirmed quietly, and undo brings the document back to the inbox', async () => {
    const { page } = app;
    await page.locator('#tag-caseNumber').fill('CLM-2026-000101');
    await page.locator('#tag-policyNumber').fill('HR-100001');
    await page.keyboard.press('Control+Enter');
    await row('brief.pdf').waitFor({ state: 'detached' });
    const note = page.getByTestId('submitted-note');
    await expect.poll(() => note.textContent()).toContain(text.sent);
    expect(await page.getByRole('status').filter({ has: note }).count()).toBe(1);
    await app.screenshot(`check-before-send-confirmed-${lang}`);
    await expectAccessible(page);
    await page.getByTestId('undo-submit').click();
    await row('brief.pdf').waitFor();
    await note.waitFor({ state: 'detached' });
    const doc = (await call(app, 'documents.list', { limit: 10 })).documents.find((d) => d.fileName === 'brief.pdf');
    expect(doc?.state).toBe('tagged');
    expect(doc?.metadata.caseNumber).toBe('CLM-2026-000101');
  });

  it('cancel in the queue asks first; only a confirmed cancel takes the document out', async () => {
    const { page } = app;
    await row('brief.pdf').click();
    await page.locator('#tag-caseNumber').focus();
    await page.keyboard.press('Control+Enter');
    await row('brief.pdf').waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+2');
    const queued = page.getByTestId('queue-row').filter({ hasText: 'brief.pdf' });
    await queued.getByTestId('cancel-document').click();
    const dialog = page.getByTestId('cancel-confirm');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe(text.confirmTitle);
    await app.screenshot(`check-before-send-cancel-confirm-${lang}`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: text.keep, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await queued.count()).toBe(1);
    await queued.getByTestId('cancel-document').click();
    await dialog.getByTestId('confirm').click();
    await queued.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+1');
    await row('brief.pdf').waitFor();
  });

  it('a failed document shows its reason in the inbox row and the tagging pane', async () => {
    const { page } = app;
    // Past the desk's check (straight through the core), so the platform itself refuses it (422).
    const doc = (await call(app, 'documents.list', { limit: 10 })).documents.find((d) => d.fileName === 'brief.pdf');
    await call(app, 'documents.submit', { ids: [doc!.id], metadata: { caseNumber: 'CLM-2026-888888' } });
    await call(app, 'queue.resume', {});
    const reason = row('brief.pdf').getByTestId('doc-failed-reason');
    await expect.poll(() => reason.textContent(), { timeout: idleMs(20_000) }).toContain(text.failed);
    await row('brief.pdf').click();
    await page.getByTestId('failed-reason').waitFor();
    // The confirmation of the earlier submit does not linger with a claim that is no longer true.
    expect(await page.getByTestId('submitted-note').count()).toBe(0);
    await app.screenshot(`check-before-send-failed-${lang}`);
    await expectAccessible(page);
  });

  it("the folder's required fields and the case-number pattern are set in Settings", async () => {
    const { page, demo } = app;
    await page.keyboard.press('Alt+5');
    const card = page.getByTestId('folder').filter({ has: page.locator(`input[value="${folder}"]`) });
    const required = card.getByTestId('folder-required');
    const docType = required.getByLabel(text.docType, { exact: true });
    await expect.poll(() => docType.isChecked()).toBe(true);
    await docType.uncheck();
    await page.getByLabel(text.pattern).fill('^CLM-\\d{4}-\\d{6}$');
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => demo.core.settings.get().folders.find((f) => f.id === 'claims')?.requiredFields)
      .toEqual(['caseNumber']);
    const env = demo.core.settings.get().environments.find((e) => e.kind === 'local-sandbox');
    expect(env?.caseNumberPattern).toBe('^CLM-\\d{4}-\\d{6}$');
    await app.screenshot(`check-before-send-settings-${lang}`);
    await expectAccessible(page);
  });
});
