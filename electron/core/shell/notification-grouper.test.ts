import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import { FailureDetector } from './failure-detector';
import { ManualClock } from './test-support/manual-clock';
import type { DesktopNotification } from './notification-grouper';
import { NotificationGrouper, NotificationScheduler } from './notification-grouper';

function failedDoc(n: number, error: Document['error'] = undefined): Document {
  return {
    id: `doc-${n}`,
    fileName: `scan_${String(n).padStart(4, '0')}.pdf`,
    sourceFolder: '/scans',
    size: 10,
    contentType: 'application/pdf',
    sha256: 'x',
    arrivedAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    state: 'failed',
    metadata: {},
    attempts: 1,
    error: error ?? {
      code: 'platform.validation',
      message: 'Rejected',
      retryable: false,
      status: 400,
      platformErrors: [{ message: 'Unknown case number', type: 'validation' }],
    },
  };
}

describe('NotificationGrouper', () => {
  it('turns a burst of 50 rejections into one notification', () => {
    const g = new NotificationGrouper(5_000);
    for (let i = 0; i < 50; i++) g.add({ kind: 'rejected', key: `d${i}`, detail: 'x', documentId: `d${i}` }, i * 50);
    expect(g.flush(4_999, 'en')).toEqual([]);
    const out = g.flush(5_000, 'en');
    expect(out).toEqual([
      { kind: 'rejected', count: 50, title: 'Documents rejected', body: '50 documents were rejected' },
    ]);
    expect(g.flush(100_000, 'en')).toEqual([]);
    expect(g.nextDueAt()).toBeUndefined();
  });

  it('a single rejection names the file and opens that document', () => {
    const g = new NotificationGrouper(5_000);
    g.add({ kind: 'rejected', key: 'd1', detail: 'Unknown case number', documentId: 'd1', fileName: 'a.pdf' }, 0);
    expect(g.flush(5_000, 'en')).toEqual([
      {
        kind: 'rejected',
        count: 1,
        title: 'Document rejected',
        body: '“a.pdf” was rejected: Unknown case number',
        documentId: 'd1',
      },
    ]);
  });

  it('counts the same document once and keeps kinds apart, most urgent first', () => {
    const g = new NotificationGrouper(5_000);
    g.add({ kind: 'rejected', key: 'd1', detail: 'x' }, 0);
    g.add({ kind: 'rejected', key: 'd1', detail: 'x' }, 10);
    g.add({ kind: 'configuration', key: 'auth.invalid_client', detail: 'old' }, 20);
    g.add({ kind: 'configuration', key: 'auth.invalid_client', detail: 'The client secret is wrong.' }, 30);
    const out = g.flush(6_000, 'en');
    expect(out.map((n) => [n.kind, n.count])).toEqual([
      ['configuration', 1],
      ['rejected', 1],
    ]);
    expect(out[0]?.body).toBe('The client secret is wrong.');
  });

  it('speaks German when the clerk does (issue #32 item 5), one document or many', () => {
    const g = new NotificationGrouper(5_000);
    g.add({ kind: 'rejected', key: 'd1', detail: 'Unbekannte Schadennummer', documentId: 'd1', fileName: 'a.pdf' }, 0);
    for (let i = 0; i < 3; i++) g.add({ kind: 'failed', key: `f${i}`, detail: 'x' }, 0);
    g.add({ kind: 'folder_missing', key: 'n1', detail: 'Scanner (/srv)' }, 0);
    g.add({ kind: 'folder_missing', key: 'n2', detail: 'Post (/post)' }, 0);
    expect(g.flush(5_000, 'de')).toEqual([
      {
        kind: 'folder_missing',
        count: 2,
        title: 'Eingangsordner nicht verfügbar',
        body: '2 Eingangsordner sind nicht verfügbar',
      },
      {
        kind: 'rejected',
        count: 1,
        title: 'Dokument abgelehnt',
        body: '„a.pdf“ wurde abgelehnt: Unbekannte Schadennummer',
        documentId: 'd1',
      },
      {
        kind: 'failed',
        count: 3,
        title: 'Dokumente brauchen Aufmerksamkeit',
        body: '3 Dokumente brauchen Aufmerksamkeit',
      },
    ]);
  });

  it('the scheduler writes each group in the language of the moment it is shown', async () => {
    const clock = new ManualClock();
    let locale: 'en' | 'de' = 'en';
    const shown: DesktopNotification[] = [];
    const scheduler = new NotificationScheduler(
      clock,
      (n) => shown.push(n),
      () => locale,
      5_000,
    );
    scheduler.add({ kind: 'failed', key: 'a', detail: 'x' });
    locale = 'de';
    await clock.advance(5_000);
    expect(shown.map((n) => n.title)).toEqual(['Dokument braucht Aufmerksamkeit']);
    scheduler.dispose();
  });

  it('a failure after the window starts a new group', () => {
    const g = new NotificationGrouper(5_000);
    g.add({ kind: 'rejected', key: 'a', detail: 'x' }, 0);
    expect(g.flush(5_000, 'en')).toHaveLength(1);
    g.add({ kind: 'rejected', key: 'b', detail: 'x' }, 7_000);
    expect(g.nextDueAt()).toBe(12_000);
  });
});

describe('NotificationScheduler with the failure detector', () => {
  it('50 failed documents from the queue in a burst show exactly one notification', async () => {
    const clock = new ManualClock();
    const shown: DesktopNotification[] = [];
    const scheduler = new NotificationScheduler(
      clock,
      (n) => shown.push(n),
      () => 'en',
      5_000,
    );
    const detector = new FailureDetector();
    for (let i = 0; i < 50; i++) {
      for (const alert of detector.fromEvent({ type: 'documents.changed', documents: [failedDoc(i)], removed: [] })) {
        scheduler.add(alert);
      }
      await clock.advance(20);
    }
    // The same documents reported again (e.g. a list refresh) do not alert twice.
    for (const alert of detector.fromEvent({
      type: 'documents.changed',
      documents: [failedDoc(3), failedDoc(4)],
      removed: [],
    }))
      scheduler.add(alert);
    expect(shown).toEqual([]);
    await clock.advance(5_000);
    expect(shown).toEqual([
      { kind: 'rejected', count: 50, title: 'Documents rejected', body: '50 documents were rejected' },
    ]);
    scheduler.dispose();
  });
});

describe('FailureDetector', () => {
  it('alerts again only after a document left the failed state', () => {
    const d = new FailureDetector();
    expect(d.fromEvent({ type: 'documents.changed', documents: [failedDoc(1)], removed: [] })).toHaveLength(1);
    expect(d.fromEvent({ type: 'documents.changed', documents: [failedDoc(1)], removed: [] })).toHaveLength(0);
    d.fromEvent({ type: 'documents.changed', documents: [{ ...failedDoc(1), state: 'queued' }], removed: [] });
    const again = d.fromEvent({ type: 'documents.changed', documents: [failedDoc(1)], removed: [] });
    expect(again).toEqual([
      { kind: 'rejected', key: 'doc-1', detail: 'Unknown case number', documentId: 'doc-1', fileName: 'scan_0001.pdf' },
    ]);
  });

  it('classifies a missing file as needing attention and auth failures as configuration', () => {
    const d = new FailureDetector();
    const [missing] = d.fromEvent({
      type: 'documents.changed',
      documents: [failedDoc(2, { code: 'file.missing', message: 'The file is gone.', retryable: false })],
      removed: [],
    });
    expect(missing?.kind).toBe('failed');
    const [auth] = d.fromEvent({
      type: 'documents.changed',
      documents: [failedDoc(3, { code: 'auth.invalid_client', message: 'Wrong secret.', retryable: false })],
      removed: [],
    });
    expect(auth).toMatchObject({ kind: 'configuration', key: 'auth.invalid_client' });
  });

  it('alerts a configuration error once per distinct code, and folder notices as folder_missing', () => {
    const d = new FailureDetector();
    const err = { code: 'auth.invalid_client', message: 'Wrong secret.' };
    expect(
      d.fromEvent({
        type: 'connection.changed',
        state: { network: 'online', token: 'error', configurationError: err },
      }),
    ).toHaveLength(1);
    expect(
      d.fromEvent({
        type: 'connection.changed',
        state: { network: 'online', token: 'error', configurationError: err },
      }),
    ).toHaveLength(0);
    expect(d.fromEvent({ type: 'connection.changed', state: { network: 'online', token: 'valid' } })).toHaveLength(0);
    expect(
      d.fromEvent({
        type: 'connection.changed',
        state: { network: 'online', token: 'error', configurationError: err },
      }),
    ).toHaveLength(1);
    const [folder] = d.fromEvent({
      type: 'notice.raised',
      notice: {
        id: 'n1',
        level: 'error',
        code: 'folder.invalid',
        values: { folder: 'Scanner', path: '\\\\fileserver\\scans', reason: 'not reachable' },
        count: 1,
        at: '2026-01-01T00:00:00Z',
      },
    });
    expect(folder).toMatchObject({ kind: 'folder_missing', detail: 'Scanner (\\\\fileserver\\scans): not reachable' });
    const [paused] = d.fromEvent({
      type: 'notice.raised',
      notice: {
        id: 'n3',
        level: 'error',
        code: 'queue.paused.configuration',
        values: { reason: 'No inbox is set.' },
        count: 1,
        at: '2026-01-01T00:00:00Z',
      },
    });
    expect(paused).toMatchObject({ kind: 'configuration', detail: 'No inbox is set.' });
    const info = { id: 'n2', level: 'info', code: 'storage.ok', values: {}, count: 1, at: 'x' } as const;
    expect(d.fromEvent({ type: 'notice.raised', notice: info })).toEqual([]);
  });
});
