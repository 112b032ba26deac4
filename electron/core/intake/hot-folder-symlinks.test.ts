import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import type { FolderProfile } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import type { InboxUploader } from '../queue/inbox-uploader';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import { silentLogger } from '../util/logger';
import { HotFolderService } from './hot-folder-service';

// Rule (docs/intake-pipeline.md, "Links"): a symbolic link in a watched folder is never followed, on any
// path: file events, the rescan, polling and the spool copy. Real links on a real file system here.
const accepting: InboxUploader = {
  uploadToInbox: async (r) => {
    r.onProgress(r.size, r.size);
    return { success: true, errors: [], payload: {} };
  },
};
const FAST = {
  stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 },
  reattachMs: 100,
  rescanMs: 400,
};

let fx: QueueFixture | undefined;
let service: HotFolderService | undefined;
afterEach(async () => {
  await service?.stop();
  await fx?.close();
  service = undefined;
  fx = undefined;
});

const names = () =>
  fx!.queue
    .list({ limit: 100, offset: 0 })
    .documents.map((d) => d.fileName)
    .sort();

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
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const scans = join(fx.dir, 'scans');
    await mkdir(scans, { recursive: true });
    const outside = await foreignTree(fx.dir);
    const link = async () => {
      await symlink(join(outside, 'secret.pdf'), join(scans, 'looks-like-a-scan.pdf'));
      await symlink(outside, join(scans, 'linked-dir'));
    };
    if (links === 'before') await link();
    const profile: FolderProfile = FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, polling });
    service = new HotFolderService(fx.queue, new EventBus(), silentLogger, FAST);
    await service.start([profile]);
    if (links === 'after') await link();
    return { scans, outside };
  }

  it('a link made while watching: neither the linked file nor the linked folder is imported', async () => {
    const { scans, outside } = await start('after');
    await new Promise((r) => setTimeout(r, 300));
    // A file written into the foreign tree after the link exists: a watcher that descended would see it.
    await writeFile(join(outside, 'deep', 'later.pdf'), 'later');
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(() => names().includes('real.pdf'), 'the real scan');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(names()).toEqual(['real.pdf']);
  });

  it('links already there at start: the first scan skips them too', async () => {
    const { scans } = await start('before');
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(() => names().includes('real.pdf'), 'the real scan');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(names()).toEqual(['real.pdf']);
  });

  it('FIFOs stay ignored (and nothing blocks on opening one)', async () => {
    const { scans } = await start('none');
    execFileSync('mkfifo', [join(scans, 'pipe.pdf')]);
    await writeFile(join(scans, 'real.pdf'), 'a real scan');
    await waitFor(() => names().includes('real.pdf'), 'the real scan');
    await new Promise((r) => setTimeout(r, 800));
    expect(names()).toEqual(['real.pdf']);
  });
});
