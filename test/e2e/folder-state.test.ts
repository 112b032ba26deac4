import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../electron/core/ipc/handler-table';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';
import { idleMs } from '../../electron/core/util/test-support/box-pace';

// Issue 21 item 8: a watched folder that is missing is marked at that folder in Settings, in the clerk's
// language (not as a raw `folder.missing: …` toast), and a typed path is checked as it is typed. The web
// shell cannot open the station's folder dialog, so it offers no Browse button (Electron does, through
// `folders.choose`); the checked path field is its honest equivalent.
const TEXT = {
  en: { missing: 'This folder does not exist', found: 'Folder found', file: 'This is a file, not a folder' },
  de: { missing: 'Diesen Ordner gibt es nicht', found: 'Ordner gefunden', file: 'Das ist eine Datei, kein Ordner' },
} as const;

describe.each(['en', 'de'] as const)('watched folders in Settings, in Chromium (%s)', (lang) => {
  const text = TEXT[lang];
  const app = appForSuite({
    ready: async (app) => {
      const settings = app.demo.core.settings.get();
      const first = settings.folders[0]!;
      const r = await dispatch(app.demo.core.handlers, 'settings.update', {
        settings: {
          ...settings,
          locale: lang,
          folders: [
            ...settings.folders,
            { ...first, id: 'share', label: 'Share', path: join(app.dataDir, 'not-mounted-share') },
          ],
        },
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
    },
  });

  it('marks the missing folder at the folder, checks a typed path, and no raw code shows anywhere', async () => {
    const { page, dataDir } = app;
    await page.keyboard.press('Alt+5');
    const cards = page.getByTestId('folder');
    await expect.poll(() => cards.count(), { timeout: idleMs(10_000) }).toBe(2);
    const share = cards.nth(1);
    const state = share.getByTestId('folder-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: idleMs(10_000) }).toBe('missing');
    expect(await state.textContent()).toContain(text.missing);
    // The scanner's own folder is there.
    await expect.poll(() => cards.nth(0).getByTestId('folder-state').getAttribute('data-state')).toBe('folder');
    expect(await page.locator('body').innerText()).not.toMatch(/folder\.missing|folder\.back/);
    await app.screenshot(`settings-folder-missing-${lang}`);
    await expectAccessible(page);

    // The share comes back: the mark follows within a few seconds, without a reload.
    await mkdir(join(dataDir, 'not-mounted-share'));
    await expect.poll(() => state.getAttribute('data-state'), { timeout: idleMs(10_000) }).toBe('folder');
    expect(await state.textContent()).toContain(text.found);

    // A path typed by hand is checked as it is typed.
    const input = share.locator('input').nth(1);
    await writeFile(join(dataDir, 'a-file.txt'), 'x');
    await input.fill(join(dataDir, 'a-file.txt'));
    await expect.poll(() => state.getAttribute('data-state'), { timeout: idleMs(10_000) }).toBe('not_a_folder');
    expect(await state.textContent()).toContain(text.file);
    // A browser cannot open the station's folder dialog: no Browse button that would not work.
    expect(await share.getByRole('button', { name: /Browse|Durchsuchen/ }).count()).toBe(0);
  });
});
