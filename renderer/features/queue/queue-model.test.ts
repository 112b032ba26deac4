import { describe, expect, it } from 'vitest';
import { doc } from '../../test-support/document-fixture';
import { historyRequest } from './queue-slice';
import { documentProgress, fraction, overallProgress, pendingCount, queueEntries, RECENT_MS } from './queue-model';

describe('queue model', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  const docs = {
    up: doc('up', { state: 'uploading', progress: { sent: 10, total: 100 } }),
    fail: doc('fail', { state: 'failed' }),
    wait: doc('wait', { state: 'queued' }),
    done: doc('done', { state: 'uploaded', uploadedAt: new Date(now - 1000).toISOString() }),
    old: doc('old', { state: 'uploaded', uploadedAt: new Date(now - RECENT_MS - 1).toISOString() }),
    fresh: doc('fresh', { state: 'new' }),
  };
  it('lists uploading, failed, queued, then recent uploads; hides old uploads and untagged documents', () => {
    expect(queueEntries(docs, now).map((d) => d.id)).toEqual(['up', 'fail', 'wait', 'done']);
  });
  it('prefers live progress events over the stored record and sums the overall progress', () => {
    const live = { up: { sent: 50, total: 100 } };
    expect(documentProgress(docs.up, live)).toEqual({ sent: 50, total: 100 });
    expect(documentProgress(docs.up, {})).toEqual({ sent: 10, total: 100 });
    expect(documentProgress(docs.wait, live)).toBeUndefined();
    expect(overallProgress(Object.values(docs), live)).toEqual({ sent: 50, total: 100 });
    expect(fraction({ sent: 5, total: 0 })).toBeUndefined();
    expect(fraction({ sent: 150, total: 100 })).toBe(1);
  });
  it('counts queued, uploading and failed as pending', () => {
    expect(pendingCount({ queued: 2, uploading: 1, failed: 3, uploaded: 9 })).toBe(6);
    expect(pendingCount(undefined)).toBe(0);
  });
  it('turns the history filter into a request that includes the whole "to" day', () => {
    const r = historyRequest({ query: '  CLM-1 ', from: '2026-03-01', to: '2026-03-01' });
    expect(r.query).toBe('CLM-1');
    expect(Date.parse(r.to ?? '') - Date.parse(r.from ?? '')).toBe(24 * 3600 * 1000);
    expect(historyRequest({ query: '', from: '', to: '' })).toEqual({});
  });
});
