// The screenshots of the first start in docs/screenshots/ (README, "The demo"): the demo as `./run demo`
// starts it (its sample scans in the inbox), in English and German, at 1366×768 and 1920×1080.
// Needs a Secret Service like the tests (scripts/test.mjs): run inside
//   dbus-run-session -- sh -c 'echo -n x | gnome-keyring-daemon --unlock --components=secrets >/dev/null;
//     npx vite build --config vite.renderer.config.ts && npx tsx scripts/doc-screenshots.ts'
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { dispatch } from '../electron/core/ipc/handler-table';
import { launchApp } from '../test/e2e/harness';

const OUT = resolve(import.meta.dirname, '../docs/screenshots');
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

await mkdir(OUT, { recursive: true });
for (const locale of ['en', 'de'] as const) {
  const app = await launchApp({ sampleScans: true });
  try {
    const settings = app.demo.core.settings.get();
    const r = await dispatch(app.demo.core.handlers, 'settings.update', { settings: { ...settings, locale } });
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const { page } = app;
    await page.getByTestId('app-version').waitFor();
    await page.getByTestId('doc-row').first().waitFor({ timeout: 60_000 });
    await page.emulateMedia({ colorScheme: 'light' });
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(500);
      const path = resolve(OUT, `first-start-${locale}-${size.width}x${size.height}.png`);
      await page.screenshot({ path });
      console.info(path);
    }
  } finally {
    await app.close();
  }
}
