import type { Settings } from '../../../shared/domain/settings';
import type { QueueStatus } from '../../../shared/domain/queue';

/** Where electron-updater looks, or why it does not look at all. */
export type UpdateFeed =
  | { enabled: false; reason: string }
  | { enabled: true; provider: 'generic'; url: string; channel: 'latest' | 'beta'; allowPrerelease: boolean };

/**
 * Updates are off unless IT (or the user) picks a channel and a server: offices often must approve each
 * version first. The feed must be HTTPS; plain HTTP only on loopback (a local test server).
 */
export function updateFeed(updates: Settings['updates']): UpdateFeed {
  if (updates.channel === 'off') return { enabled: false, reason: 'updates are turned off' };
  if (!updates.url) return { enabled: false, reason: 'no update server is configured' };
  let url: URL;
  try {
    url = new URL(updates.url);
  } catch {
    return { enabled: false, reason: `the update server address is not a URL: ${updates.url}` };
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { enabled: false, reason: 'the update server must use https' };
  }
  const beta = updates.channel === 'beta';
  return {
    enabled: true,
    provider: 'generic',
    url: url.href,
    channel: beta ? 'beta' : 'latest',
    allowPrerelease: beta,
  };
}

export type InstallDecision = { install: true } | { install: false; reason: string };

/**
 * A downloaded update is applied only when no upload can be cut off: nothing uploading, and nothing queued
 * that the worker would start (unless uploads are paused or offline, where nothing starts). Otherwise the
 * update waits, and is installed at the next quit (autoInstallOnAppQuit) after the queue drained.
 */
export function mayInstallUpdate(queue: QueueStatus | undefined): InstallDecision {
  if (!queue) return { install: false, reason: 'the queue has not reported yet' };
  const uploading = queue.counts.uploading ?? 0;
  if (uploading > 0) return { install: false, reason: `${uploading} upload(s) in flight` };
  const queued = queue.counts.queued ?? 0;
  if (queued > 0 && !queue.paused && queue.online)
    return { install: false, reason: `${queued} document(s) about to upload` };
  return { install: true };
}
