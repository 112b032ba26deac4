import { execFileSync } from 'node:child_process';
import { mkdir, readdir, rename, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import type { Notice } from '../../../shared/domain/notice';
import type { FolderProfile } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import { silentLogger } from '../util/logger';
import { HotFolderService } from './hot-folder-service';
import { acceptingUploader, fastFolderTimings, hotFolderSuite } from './test-support/hot-folder-suite';

// Rule (docs/intake-pipeline.md, "Links"): a symbolic link in a watched folder is never followed, on any
// path: file events, the rescan, polling and the spool copy. Real links on a real file system here.
const accepting = acceptingUploader();
const FAST = fastFolderTimings();
const t = hotFolderSuite();

const names = async () => {
  const { documents } = await t.fx!.queue.list({ limit: 100, offset: 0 });
  return documents.map((d) => d.fileName).sort();
};

async function foreignTree(dir: string) {
  const outside = join(dir, 'outside');
  await mkdir(join(outside, 'deep'), { recursive: true });
  await writeFile(join(outside, 'secret.pdf'), '%PDF-1.7 not yours');
  for (let i = 0; i < 5; i++) await writeFile(join(outside, 'deep', `foreign_${i}.pdf`), `foreign ${i}`);
  return outside;
}

describe.each([
  ['file events (fs.watch)', { enabled: false, intervalMs: 2_000 }],
  ['polling (chokidar)', { enabled: true, intervalMs: 500 }],
])('symbolic links in a watched folder, %s', (_name, polling) => {
  async function start(links: 'before' | 'after' | 'none') {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const scans = join(t.fx.dir, 'scans');
    await mkdir(scans, { recursive: true });
    const outside = await foreignTree(t.fx.dir);
    const link = async () => {
      await symlink(join(outside, 'secret.pdf'), join(scans, 'looks-like-a-scan.pdf'));
      await symlink(outside, join(scans, 'linked-dir'));
    };
    if (links === 'before') await link();
    const profile: FolderProfile = FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, polling });
    t.service = new HotFolderService(t.fx.queue, new EventBus(), silentLogger, FAST);
    await t.service.start([profile]);
    if (links === 'after') await link();
    return { scans, outside };
  }

  it('a link made while watching: neither the linked file nor the linked folder is imported', async () => {
    const { scans, outside } = await start('after');
    await new Promise((r) => setTimeout(r, 300));
    // A file written into the foreign tree after the link exists: a watcher that descended would see it.
    await writeFile(join(outside, 'deep', 'later.pdf'), 'later');
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(async () => (await names()).includes('real.pdf'), 'the real scan');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await names()).toEqual(['real.pdf']);
  });

  it('links already there at start: the first scan skips them too', async () => {
    const { scans } = await start('before');
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(async () => (await names()).includes('real.pdf'), 'the real scan');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await names()).toEqual(['real.pdf']);
  });

  it('FIFOs stay ignored (and nothing blocks on opening one)', async () => {
    const { scans } = await start('none');
    execFileSync('mkfifo', [join(scans, 'pipe.pdf')]);
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(async () => (await names()).includes('real.pdf'), 'the real scan');
    await new Promise((r) => setTimeout(r, 800));
    expect(await names()).toEqual(['real.pdf']);
  });
});

// Rule (docs/security.md, "The watched folder is what was configured"): the configured path itself replaced by
// a link (a junction on Windows) is marked `replaced` and not followed; nothing behind the link is taken.
describe.each([
  ['file events (fs.watch)', { enabled: false, intervalMs: 2_000 }],
  ['polling (chokidar)', { enabled: true, intervalMs: 500 }],
])('the watched folder replaced by a link, %s', (_name, polling) => {
  async function start(options: { reattachMs: number; linkAtStart?: boolean }) {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const scans = join(t.fx.dir, 'scans');
    const outside = await foreignTree(t.fx.dir);
    if (options.linkAtStart) await symlink(outside, scans);
    else await mkdir(scans, { recursive: true });
    const bus = new EventBus();
    const notices: Notice[] = [];
    bus.on('notice.raised', (e) => notices.push(e.notice));
    const profile: FolderProfile = FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, polling });
    t.service = new HotFolderService(t.fx.queue, bus, silentLogger, { ...FAST, reattachMs: options.reattachMs });
    await t.service.start([profile]);
    return { scans, outside, notices };
  }
  const status = () => t.service!.folderStatuses().get('s');
  const foreignLeft = async (outside: string) =>
    [await readdir(outside), await readdir(join(outside, 'deep'))].flat().sort();

  it('replaced while watching: marked replaced with a notice, the linked folder is neither taken nor emptied, and a real folder there again is watched', async () => {
    const { scans, outside, notices } = await start({ reattachMs: 100 });
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(async () => (await names()).includes('real.pdf'), 'the real scan');
    const before = await foreignLeft(outside);
    await rename(scans, join(t.fx!.dir, 'scans-old'));
    await symlink(outside, scans);
    await waitFor(() => status() === 'replaced', 'the folder marked replaced');
    await writeFile(join(outside, 'arrived-behind-the-link.pdf'), 'not ours');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await names()).toEqual(['real.pdf']);
    expect(await foreignLeft(outside)).toEqual([...before, 'arrived-behind-the-link.pdf'].sort());
    expect(notices).toContainEqual(
      expect.objectContaining({ code: 'folder.replaced', values: { folder: 'S', path: scans } }),
    );

    await unlink(scans);
    await mkdir(scans);
    await waitFor(() => status() === 'watching', 'watched again');
    await writeFile(join(scans, 'after.pdf'), 'a scan after the fix');
    await waitFor(async () => (await names()).includes('after.pdf'), 'the scan after the fix');
    expect(await names()).toEqual(['after.pdf', 'real.pdf']);
  });

  it('gone first, then a link in its place: marked missing, then replaced with a notice; nothing behind the link taken', async () => {
    const { scans, outside, notices } = await start({ reattachMs: 100 });
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(async () => (await names()).includes('real.pdf'), 'the real scan');
    await rename(scans, join(t.fx!.dir, 'scans-old'));
    await waitFor(() => status() === 'missing', 'the folder marked missing');
    await symlink(outside, scans);
    await waitFor(() => status() === 'replaced', 'the folder marked replaced');
    expect(notices.map((n) => n.code)).toEqual(['folder.missing', 'folder.replaced']);
    await writeFile(join(outside, 'arrived-behind-the-link.pdf'), 'not ours');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await names()).toEqual(['real.pdf']);
  });

  it('swapped between two presence checks: a file seen through the link is not taken', async () => {
    // Presence checked only once a minute: only the check before each hand-over stands in the way.
    const { scans, outside } = await start({ reattachMs: 60_000 });
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(async () => (await names()).includes('real.pdf'), 'the real scan');
    const before = await foreignLeft(outside);
    await rename(scans, join(t.fx!.dir, 'scans-old'));
    await symlink(outside, scans);
    await writeFile(join(outside, 'arrived-behind-the-link.pdf'), 'not ours');
    await writeFile(join(t.fx!.dir, 'scans-old', 'into-the-old-folder.pdf'), 'an event on the old watcher');
    await waitFor(() => status() === 'replaced', 'the folder marked replaced');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await names()).toEqual(['real.pdf']);
    expect(await foreignLeft(outside)).toEqual([...before, 'arrived-behind-the-link.pdf'].sort());
  });

  it('a link at the configured path at start is not followed', async () => {
    const { scans, outside, notices } = await start({ reattachMs: 100, linkAtStart: true });
    const before = await foreignLeft(outside);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(status()).toBe('replaced');
    expect(await names()).toEqual([]);
    expect(await foreignLeft(outside)).toEqual(before);
    expect(notices).toContainEqual(
      expect.objectContaining({ code: 'folder.replaced', values: { folder: 'S', path: scans } }),
    );
  });
});
