import { describe, expect, it } from 'vitest';
import type { QueueStatus } from '../../../shared/domain/queue';
import { mayInstallUpdate, updateFeed } from './update-policy';

const status = (counts: Partial<QueueStatus['counts']>, extra: Partial<QueueStatus> = {}): QueueStatus => ({
  paused: false,
  online: true,
  counts: { new: 0, tagged: 0, queued: 0, uploading: 0, uploaded: 0, archived: 0, failed: 0, ...counts },
  progress: { sent: 0, total: 0 },
  ...extra,
});

describe('updateFeed', () => {
  it('is disabled by default and without a server', () => {
    expect(updateFeed({ channel: 'off', url: 'https://updates.example.com' })).toMatchObject({ enabled: false });
    expect(updateFeed({ channel: 'stable' })).toEqual({ enabled: false, reason: 'no update server is configured' });
  });
  it('uses the generic provider with the channel from settings', () => {
    expect(updateFeed({ channel: 'stable', url: 'https://updates.example.com/intake/' })).toEqual({
      enabled: true,
      provider: 'generic',
      url: 'https://updates.example.com/intake/',
      channel: 'latest',
      allowPrerelease: false,
    });
    expect(updateFeed({ channel: 'beta', url: 'https://u.example.com' })).toMatchObject({
      channel: 'beta',
      allowPrerelease: true,
    });
  });
  it('refuses plain http except on loopback, and garbage', () => {
    expect(updateFeed({ channel: 'stable', url: 'http://updates.example.com' })).toMatchObject({ enabled: false });
    expect(updateFeed({ channel: 'stable', url: 'http://127.0.0.1:8080/' })).toMatchObject({ enabled: true });
    expect(updateFeed({ channel: 'stable', url: 'not a url' })).toMatchObject({ enabled: false });
  });
});

describe('mayInstallUpdate', () => {
  it('never while an upload is in flight, even when paused or offline', () => {
    expect(mayInstallUpdate(status({ uploading: 1 })).install).toBe(false);
    expect(mayInstallUpdate(status({ uploading: 1 }, { paused: true, online: false })).install).toBe(false);
  });
  it('not while queued documents are about to start', () => {
    expect(mayInstallUpdate(status({ queued: 3 }))).toEqual({
      install: false,
      reason: '3 document(s) about to upload',
    });
  });
  it('yes when idle, or when queued documents cannot start (paused or offline)', () => {
    expect(mayInstallUpdate(status({ uploaded: 40, failed: 2 }))).toEqual({ install: true });
    expect(mayInstallUpdate(status({ queued: 3 }, { paused: true })).install).toBe(true);
    expect(mayInstallUpdate(status({ queued: 3 }, { online: false })).install).toBe(true);
  });
  it('not before the queue reported', () => {
    expect(mayInstallUpdate(undefined).install).toBe(false);
  });
});
