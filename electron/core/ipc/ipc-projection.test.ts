import { describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import { events } from '../../../shared/ipc/contract';
import type { EventChannel } from '../../../shared/ipc/contract';
import type { DomainEvent, DomainEventType } from '../events/domain-events';
import { EventBus } from '../events/event-bus';
import { createDefaultSettings } from '../settings/default-settings';
import { IpcEvents } from './ipc-events';
import { projectForScreen } from './ipc-projection';

const at = '2026-11-26T05:00:00.000Z';
const document: Document = {
  id: 'doc-1',
  fileName: 'CLM-2026-000101_post_p1-2.pdf',
  size: 2048,
  contentType: 'application/pdf',
  sha256: 'a'.repeat(64),
  state: 'queued',
  metadata: { caseNumber: 'CLM-2026-000101' },
  sourceFolder: 'post',
  arrivedAt: at,
  updatedAt: at,
  attempts: 0,
};
const status = {
  paused: false,
  online: true,
  counts: { new: 0, tagged: 0, queued: 1, uploading: 0, uploaded: 0, archived: 0, failed: 0 },
  progress: { sent: 0, total: 0 },
};
const notice = {
  id: 'n-1',
  level: 'warning' as const,
  code: 'folder.missing' as const,
  values: { folder: 'Scanner', path: '/srv/scans' },
  count: 1,
  at,
};
/** A scanned batch being looked through (issue #30 item 6). */
const batch = {
  id: 'b-1',
  fileName: 'stack.pdf',
  sourceFolder: '/srv/scans',
  receivedAt: at,
  pages: 100,
  analysed: 42,
  documents: 5,
};
const held = {
  id: 'b-2',
  fileName: 'stack.pdf',
  sourceFolder: '/srv/scans',
  receivedAt: at,
  pages: [
    { page: 0, role: 'separator' as const },
    { page: 1, role: 'content' as const },
  ],
  documents: [{ pages: [1], metadata: {} }],
};
const settings = createDefaultSettings({ baseUrl: 'http://127.0.0.1:1', tokenUrl: 'http://127.0.0.1:1/token' });

/** One of each domain event, with the IPC event the screen expects for it (renderer/app/wire-events.ts). */
const cases: {
  [T in DomainEventType]: { event: Extract<DomainEvent, { type: T }>; channel: EventChannel; payload: unknown };
} = {
  'documents.changed': {
    event: { type: 'documents.changed', documents: [document], removed: ['doc-0'] },
    channel: 'documents.changed',
    payload: { documents: [document], removed: ['doc-0'] },
  },
  'upload.progress': {
    event: { type: 'upload.progress', id: 'doc-1', sent: 512, total: 2048 },
    channel: 'upload.progress',
    payload: { id: 'doc-1', sent: 512, total: 2048 },
  },
  'queue.changed': { event: { type: 'queue.changed', status }, channel: 'queue.changed', payload: status },
  'notice.raised': { event: { type: 'notice.raised', notice }, channel: 'notice.raised', payload: notice },
  'connection.changed': {
    event: { type: 'connection.changed', state: { network: 'offline', token: 'none' } },
    channel: 'connection.changed',
    payload: { network: 'offline', token: 'none' },
  },
  'settings.saved': { event: { type: 'settings.saved', settings }, channel: 'settings.changed', payload: settings },
  'cases.activity': {
    event: { type: 'cases.activity', caseNumbers: ['CLM-2026-000101'] },
    channel: 'activity.changed',
    payload: { caseNumbers: ['CLM-2026-000101'] },
  },
  'navigation.requested': {
    event: { type: 'navigation.requested', target: { screen: 'inbox', documentId: 'doc-1' } },
    channel: 'app.navigate',
    payload: { screen: 'inbox', documentId: 'doc-1' },
  },
  'capture.progress': {
    event: { type: 'capture.progress', batches: [batch] },
    channel: 'capture.batches',
    payload: { batches: [batch] },
  },
  'capture.held': {
    event: { type: 'capture.held', batches: [held] },
    channel: 'capture.held',
    payload: { batches: [held] },
  },
};

describe('the screen projection of the domain events', () => {
  it.each(Object.values(cases))('$event.type → $channel, a payload the contract accepts as it is', (c) => {
    const projected = projectForScreen(c.event);
    expect(projected).toEqual({ channel: c.channel, payload: c.payload });
    // What the renderer parses at the boundary (shared/ipc/contract.ts): the same object, nothing dropped.
    expect(events[projected.channel].parse(projected.payload)).toEqual(c.payload);
  });

  it('every IPC event the screen listens to has its domain event (none is left without a source)', () => {
    const projected = new Set(Object.values(cases).map((c) => projectForScreen(c.event).channel));
    expect([...projected].sort()).toEqual(Object.keys(events).sort());
  });

  it('IpcEvents hands each domain event, projected, to every transport; a broken one does not stop the others', () => {
    const bus = new EventBus();
    const ipc = new IpcEvents(bus);
    const seen: unknown[] = [];
    ipc.subscribe(() => {
      throw new Error('a window that went away');
    });
    const stop = ipc.subscribe((channel, payload) => seen.push({ channel, payload }));
    bus.emit(cases['queue.changed'].event);
    bus.emit(cases['settings.saved'].event);
    expect(seen).toEqual([
      { channel: 'queue.changed', payload: status },
      { channel: 'settings.changed', payload: settings },
    ]);
    stop();
    bus.emit(cases['queue.changed'].event);
    expect(seen).toHaveLength(2);
  });

  it('after close, no domain event reaches the screen, and the core bus goes on for its own services', () => {
    const bus = new EventBus();
    const ipc = new IpcEvents(bus);
    const seen: string[] = [];
    const core: string[] = [];
    ipc.subscribe((channel) => seen.push(channel));
    bus.on('documents.changed', (e) => core.push(e.documents[0]?.id ?? ''));
    ipc.close();
    bus.emit(cases['documents.changed'].event);
    expect(seen).toEqual([]);
    expect(core).toEqual(['doc-1']);
  });
});
