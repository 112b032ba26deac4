import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CLIENT } from '../../sandbox';
import { appForSuite } from './harness';
import { dropFile, makePdf } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

/** Every file under `dir`, except the embedded platform's own folder (it is the platform, not the app). */
async function filesOf(dir: string, skip: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (p === skip) continue;
    if (e.isDirectory()) out.push(...(await filesOf(p, skip)));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

/**
 * The web shell's side of "no secret on disk" (the agent's is in electron/cli/agent-station.test.ts): after
 * a document went through the whole app (drop, tag, submit, upload, archive), neither the client secret nor
 * any access token (a JWT) is in a log, settings file, database, spool or archive of the app's data folder.
 */
describe('web shell: no client secret and no access token on disk', () => {
  const app = appForSuite();

  it('after an upload, no file of the app holds the secret or a JWT', async () => {
    const { page } = app;
    await dropFile(page, 'Secret check.pdf', makePdf(['Schadenmeldung']), 'application/pdf');
    await page.getByTestId('doc-row').filter({ hasText: 'Secret check.pdf' }).waitFor();
    await page.getByTestId('doc-list').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.keyboard.type('CLM-2026-000101');
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Alt+2');
    const row = page.getByTestId('queue-row').filter({ hasText: 'Secret check.pdf' });
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-state'), { timeout: idleMs(30_000) }).toMatch(/uploaded|archived/);

    // The document's text is read in the background on arrival (issue #17), which writes into the data
    // folder too (OCR language files, the text cache): wait until it is done, so no file is being written
    // (a temp file renamed away) while the files are read.
    await app.demo.core.textIdle();
    const files = await filesOf(app.dataDir, join(app.dataDir, 'sandbox'));
    // The app really wrote its settings, queue and the document's copy (so the check below saw them).
    const names = files.map((f) => relative(app.dataDir, f));
    expect(names.some((n) => n.endsWith('settings.json'))).toBe(true);
    expect(names.some((n) => /queue\.sqlite/.test(n))).toBe(true);
    for (const f of files) {
      const content = (await readFile(f)).toString('latin1');
      expect(content, relative(app.dataDir, f)).not.toContain(DEMO_CLIENT.secret);
      expect(content, relative(app.dataDir, f)).not.toMatch(/eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]+/);
    }
  });
});
