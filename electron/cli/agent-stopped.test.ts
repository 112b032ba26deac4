import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../core/util/test-support/temp-dir';
import { filesFingerprint, watchInputs } from './agent-stopped';

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'not yet'> =>
  Promise.race([p, new Promise<'not yet'>((r) => setTimeout(() => r('not yet'), ms))]);

// Under a service, uploads stopped on a wrong client id start again once the settings file is fixed. The
// watch took its first look as the configuration the run had read: a fix written between the run's start
// and that look (a second later; longer on a busy box) was never seen (a loaded clean-clone run: "uploads
// stopped on a wrong client id start again …" waited in vain).
describe('watching the settings while uploads are stopped', () => {
  it('a fix written before the first look is seen, against the files as the run read them', async () => {
    const dir = tempDir('intake-agent-stopped-');
    const settings = join(dir, 'settings.json');
    await writeFile(settings, '{"clientId":"no-such-client"}');
    const before = await filesFingerprint([settings]);
    // The fix comes before the watch's first look.
    await writeFile(settings, '{"clientId":"demo-client", "fixed": true}');
    const watch = watchInputs([settings], () => true, before);
    try {
      // Waited for as the agent waits for it: resolved at the watch's first look.
      await expect(watch.changed).resolves.toBeUndefined();
    } finally {
      watch.dispose();
    }
  });

  it('nothing changed, or a change while uploads run: no restart', async () => {
    const dir = tempDir('intake-agent-stopped-');
    const settings = join(dir, 'settings.json');
    await writeFile(settings, '{"clientId":"demo-client"}');
    let stopped = false;
    const watch = watchInputs([settings], () => stopped, await filesFingerprint([settings]));
    try {
      // Two looks (one a second) with nothing changed.
      expect(await within(watch.changed, 2_500)).toBe('not yet');
      await writeFile(settings, '{"clientId":"demo-client", "edited": true}');
      expect(await within(watch.changed, 2_500)).toBe('not yet');
      // Stopped afterwards, with no further change: the edit made while uploads ran is not news.
      stopped = true;
      expect(await within(watch.changed, 2_500)).toBe('not yet');
    } finally {
      watch.dispose();
    }
  });
});
