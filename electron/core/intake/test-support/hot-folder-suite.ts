import { afterEach } from 'vitest';
import type { InboxUploader, InboxUploadRequest } from '../../queue/inbox-uploader';
import type { QueueFixture } from '../../queue/test-support/queue-fixture';
import type { HotFolderService } from '../hot-folder-service';

/** Uploads are not the point of the folder tests: a stand-in that accepts everything keeps files moving. */
export function acceptingUploader(onUpload?: (r: InboxUploadRequest) => void): InboxUploader {
  return {
    uploadToInbox: async (r) => {
      onUpload?.(r);
      r.onProgress(r.size, r.size);
      return { success: true, errors: [], payload: {} };
    },
  };
}

/** Timings short enough for a test and long enough for a loaded box: a file is stable after `stableMs`. */
export function fastFolderTimings(stableMs = 300) {
  return {
    stability: { pollMs: 40, stableMs, emptyStableMs: 2 * stableMs, lockedRetryMs: 100 },
    reattachMs: 100,
    rescanMs: stableMs + 100,
  };
}

/** One queue and one folder service per test, stopped (the service first) and removed after it, passed or failed. */
export function hotFolderSuite(): { fx?: QueueFixture; service?: HotFolderService } {
  const t: { fx?: QueueFixture; service?: HotFolderService } = {};
  afterEach(async () => {
    await t.service?.stop();
    await t.fx?.close();
    t.service = undefined;
    t.fx = undefined;
  });
  return t;
}
