import { describe, expect, it } from 'vitest';
import { appForSuite } from './harness';
import { expectAccessible } from './workspace-helpers';

// Issue #39 item 1: what is sent is one switch per folder and one for dropped files, "Smaller" under it.
describe('what is sent, in Settings', () => {
  const app = appForSuite();

  it('a folder and dropped files are switched to searchable PDFs, smaller for the folder; saved as such', async () => {
    const { page, demo } = app;
    await page.keyboard.press('Alt+5');
    const card = page.getByTestId('folder').first();
    const searchable = card.getByLabel(/Send a searchable PDF/);
    // A folder from before says nothing: the original, and no "Smaller" to choose.
    expect(await searchable.isChecked()).toBe(false);
    expect(await card.getByLabel(/Smaller:/).count()).toBe(0);
    await searchable.check();
    await card.getByLabel(/Smaller:/).check();
    const dropped = page.getByRole('heading', { name: 'Files dropped onto the window' });
    await dropped.waitFor();
    const droppedSwitch = page
      .locator('.settings-section', { has: dropped })
      .getByLabel(/Send a searchable PDF/)
      .last();
    await droppedSwitch.check();
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => demo.core.settings.get().folders[0])
      .toMatchObject({ output: 'searchable-pdf', smallerOutput: true });
    expect(demo.core.settings.get().droppedFiles).toEqual({ output: 'searchable-pdf', smallerOutput: false });
    await app.screenshot('output-settings');
    await expectAccessible(page);

    // Off again: the folder sends the original, and "Smaller" goes with it.
    await searchable.uncheck();
    expect(await card.getByLabel(/Smaller:/).count()).toBe(0);
    await page.getByTestId('settings-save').click();
    await expect
      .poll(() => demo.core.settings.get().folders[0])
      .toMatchObject({ output: 'original', smallerOutput: false });
  });

  it('a folder added in Settings sends searchable PDFs', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+5');
    const before = await page.getByTestId('folder').count();
    await page.getByRole('button', { name: /Add folder/i }).click();
    const added = page.getByTestId('folder').nth(before);
    expect(await added.getByLabel(/Send a searchable PDF/).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });
});

// Issue #48 item 7: searchable output is the default for new folder profiles, the demo's own folder too;
// the choice shows in the folder's settings; a folder saved before keeps what it had.
describe("the demo's folder as shipped", () => {
  const app = appForSuite({ shippedFolder: true });

  it('sends searchable PDFs, and the folder card shows it', async () => {
    const { page, demo } = app;
    expect(demo.core.settings.get().folders[0]).toMatchObject({ id: 'scanner', output: 'searchable-pdf' });
    await page.keyboard.press('Alt+5');
    const card = page.getByTestId('folder').first();
    await expect.poll(() => card.getByLabel(/Send a searchable PDF/).isChecked()).toBe(true);
    expect(await card.getByLabel(/Smaller:/).count()).toBe(1);
    await expectAccessible(page);
  });
});
