import { DEFAULT_CAPTURE_PROFILE } from '../../shared/domain/capture';
import { afterEach, describe, expect, it } from 'vitest';
import { EsclDouble } from '../../electron/core/scanning/test-support/escl-double';
import { scannerPages } from '../../electron/core/scanning/test-support/scan-pages';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';

// Issue #38 item 6: the clerk scans from the inbox. The eSCL double is a real scanner over HTTP; the clerk
// adds it by its address, scans a 4-page feeder batch with a separator sheet, and sees two documents.
for (const [locale, words] of [
  ['en-US', { scan: 'Scan', address: /address/i, start: 'Start scanning', cancel: 'Cancel scan' }],
  ['de-DE', { scan: 'Scannen', address: /Adresse/i, start: 'Scan starten', cancel: 'Scan abbrechen' }],
] as const) {
  describe(`scanning from the desk (${locale})`, () => {
    const app = appForSuite({
      locale,
      ready: async ({ demo, page }) => {
        const settings = demo.core.settings.get();
        await demo.core.settings.save({
          ...settings,
          locale: locale === 'de-DE' ? 'de' : 'en',
          folders: settings.folders.map((f, i) =>
            i === 0 ? { ...f, capture: f.capture ?? DEFAULT_CAPTURE_PROFILE } : f,
          ),
        });
        await page.reload();
        await page.getByTestId('app-version').waitFor();
      },
    });
    let double: EsclDouble | undefined;
    afterEach(async () => {
      await double?.stop();
      double = undefined;
    });

    it('a feeder batch with a separator sheet becomes two documents in the inbox', async () => {
      const { page, demo } = app;
      const count = () => demo.core.queue.list({ limit: 1000, offset: 0 }).total;
      const before = count();
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'L', 'S', 'L']) }).start();
      await page.getByRole('button', { name: words.scan, exact: true }).click();
      await page.getByLabel(words.address).fill(double.url);
      await expectAccessible(page);
      await page.getByRole('button', { name: words.start }).click();
      await expect.poll(() => count() - before, { timeout: 60_000 }).toBe(2);
      expect(double.jobs.at(-1)?.served).toBe(4);
    }, 120_000);

    it('Cancel stops a running scan', async () => {
      const { page } = app;
      double = await new EsclDouble({
        feeder: await scannerPages(['L', 'L', 'L', 'L', 'L']),
        pageIntervalMs: 1500,
      }).start();
      await page.getByLabel(words.address).fill(double.url);
      await page.getByRole('button', { name: words.start }).click();
      await page.getByRole('button', { name: words.cancel }).click();
      await expect.poll(() => double!.jobs.at(-1)?.state, { timeout: 30_000 }).toMatch(/Canceled|Completed|Aborted/);
      expect(double.jobs.at(-1)!.served).toBeLessThan(5);
    }, 120_000);
  });
}
