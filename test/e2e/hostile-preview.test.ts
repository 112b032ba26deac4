import { describe, expect, it } from 'vitest';
import { g4TiffBomb, tiffIfdLoop } from '../../electron/core/capture/test-support/hostile-scans';
import { appForSuite } from './harness';
import { dropFile } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue #27: a hostile scan kept whole reaches the inbox as it is, and the clerk will click it. The preview
// decodes TIFF in the page (utif2): a 12 KB file declaring 100,000 × 100,000 pixels, or directories that
// point back at each other, must end in "no preview", never in a hung or crashed window.
describe('hostile TIFFs in the preview, in Chromium', () => {
  const app = appForSuite();

  it('a pixel bomb and a directory loop each show "no preview" at once, and the window keeps working', async () => {
    const { page } = app;
    const crashed: string[] = [];
    page.on('crash', () => crashed.push('crash'));
    await dropFile(page, 'bomb.tif', g4TiffBomb(), 'image/tiff');
    await dropFile(page, 'loop.tif', tiffIfdLoop(), 'image/tiff');
    for (const name of ['bomb.tif', 'loop.tif']) {
      const row = page.getByTestId('doc-row').filter({ hasText: name });
      await row.waitFor({ timeout: idleMs(20_000) });
      const t0 = Date.now();
      await row.click();
      await page.getByTestId('no-preview').waitFor({ timeout: idleMs(10_000) });
      expect(Date.now() - t0, name).toBeLessThan(10_000);
      // The page still answers: its main thread is not stuck in a decoder.
      expect(await page.evaluate(() => 1 + 1)).toBe(2);
    }
    expect(crashed).toEqual([]);
    // Its memory stayed small: no 40 GB RGBA buffer was asked for.
    const heap = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    );
    expect(heap).toBeLessThan(512 * 1024 * 1024);
  });
});
