import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Notice } from '../../../shared/domain/notice';
import { isIntakeError } from '../errors';
import { acceptingUploader, eaccesError, lockedScan, startedQueue } from './test-support/queue-fixture';

describe('DocumentQueue and a file that cannot be read', () => {
  it('marks it failed (file.unreadable, with the OS error), says so, and completes the same document once it can be read', async () => {
    const fx = await startedQueue(acceptingUploader);
    const notices: Pick<Notice, 'code' | 'values'>[] = [];
    fx.bus.on('notice.raised', ({ notice: { code, values } }) => notices.push({ code, values }));
    const folder = join(fx.dir, 'scans');
    await mkdir(folder, { recursive: true });
    const file = await lockedScan(folder);
    const path = file.sourcePath;

    const failed = await fx.queue.failUnreadable(file, eaccesError(path));
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'file.unreadable' } });
    expect(failed.error?.message).toContain('EACCES: permission denied');
    expect(notices).toEqual([{ code: 'file.unreadable', values: { file: 'locked.pdf', reason: 'EACCES' } }]);
    expect((await fx.queue.history({ limit: 10 }))[0]?.step).toMatchObject({
      code: 'unreadable',
      values: { reason: expect.stringContaining('EACCES') as unknown },
    });
    // Reported again (after a restart): the same document, not a second one.
    await fx.queue.failUnreadable(file, eaccesError(path));
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(1);
    // Retry cannot help until the file can be read: a clear refusal, not an upload of nothing.
    let refused: unknown;
    try {
      await fx.queue.retry([failed.id]);
    } catch (e) {
      refused = e;
    }
    expect(isIntakeError(refused) && refused.code).toBe('file.unreadable');

    // Readable now (permission fixed): the watcher hands it over and the same document goes on.
    const r = await fx.queue.ingest(file);
    expect(r).toMatchObject({ outcome: 'created', document: { id: failed.id, state: 'queued', size: file.size } });
    expect(r.outcome === 'created' && r.document.error).toBeUndefined();
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(1);
    await fx.queue.drained(20);
    expect((await fx.queue.get(failed.id)).state).toBe('archived');
  });
});
