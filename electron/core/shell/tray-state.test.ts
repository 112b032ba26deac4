import { describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../../shared/domain/connection';
import type { QueueStatus } from '../../../shared/domain/queue';
import { deriveTrayView, trayMenuModel } from './tray-state';

function queue(counts: Partial<QueueStatus['counts']>, extra: Partial<QueueStatus> = {}): QueueStatus {
  return {
    paused: false,
    online: true,
    counts: { new: 0, tagged: 0, queued: 0, uploading: 0, uploaded: 0, archived: 0, failed: 0, ...counts },
    progress: { sent: 0, total: 0 },
    ...extra,
  };
}
const online: ConnectionState = { network: 'online', token: 'valid' };

describe('deriveTrayView', () => {
  it('is idle when nothing waits', () => {
    const v = deriveTrayView(queue({ uploaded: 12 }), online, 'en');
    expect(v).toMatchObject({ state: 'idle', pending: 0, icon: 'tray-idle.png' });
  });

  it('counts queued and uploading documents while uploading', () => {
    const v = deriveTrayView(queue({ queued: 3, uploading: 2, new: 9 }), online, 'en');
    expect(v).toMatchObject({ state: 'uploading', pending: 5 });
    expect(v.tooltip).toBe('Intake Desk: uploading 5 documents');
  });

  it('shows offline with the waiting count when the network is gone', () => {
    const v = deriveTrayView(queue({ queued: 1 }, { online: false }), { network: 'offline', token: 'valid' }, 'en');
    expect(v).toMatchObject({ state: 'offline', pending: 1, tooltip: 'Intake Desk: offline, 1 document waiting' });
  });

  it('failed documents win over offline and uploading', () => {
    const v = deriveTrayView(queue({ queued: 4, failed: 2 }, { online: false }), online, 'en');
    expect(v).toMatchObject({ state: 'failed', failed: 2, tooltip: 'Intake Desk: 2 documents need attention' });
  });

  it('a configuration error is a failure even with no failed document', () => {
    const v = deriveTrayView(
      queue({ queued: 4 }),
      {
        ...online,
        token: 'error',
        configurationError: { code: 'auth.invalid_client', message: 'The client id or secret is wrong.' },
      },
      'en',
    );
    expect(v.state).toBe('failed');
    expect(v.tooltip).toContain('The client id or secret is wrong.');
  });

  it('shows paused when the clerk paused uploads', () => {
    expect(deriveTrayView(queue({ queued: 2 }, { paused: true }), online, 'en').state).toBe('paused');
  });

  it('keeps the tooltip within the Windows limit', () => {
    const v = deriveTrayView(
      queue({}),
      {
        ...online,
        configurationError: { code: 'x', message: 'x'.repeat(300) },
      },
      'en',
    );
    expect(v.tooltip.length).toBeLessThanOrEqual(127);
  });

  it('before the queue reports, the tray is idle and unknown network is not offline', () => {
    expect(deriveTrayView(undefined, { network: 'unknown', token: 'none' }, 'en').state).toBe('idle');
  });
});

describe('trayMenuModel', () => {
  const actions = (items: ReturnType<typeof trayMenuModel>) =>
    items.flatMap((i) => (i.type === 'action' ? [{ label: i.label, kind: i.action.kind, enabled: i.enabled }] : []));

  it('offers open, pause, the inbox folder and quit', () => {
    const items = trayMenuModel(
      deriveTrayView(queue({ queued: 1 }), online, 'en'),
      [{ label: 'Scanner', path: '/scans' }],
      'en',
    );
    expect(actions(items)).toEqual([
      { label: 'Open Intake Desk', kind: 'open', enabled: true },
      { label: 'Pause uploads', kind: 'pause', enabled: true },
      { label: 'Open inbox folder', kind: 'open-folder', enabled: true },
      { label: 'Quit Intake Desk', kind: 'quit', enabled: true },
    ]);
    expect(items[0]).toEqual({ type: 'label', label: 'uploading 1 document' });
  });

  it('offers resume while paused, one entry per folder, and a disabled entry with no folder', () => {
    const paused = deriveTrayView(queue({}, { paused: true }), online, 'en');
    const two = actions(
      trayMenuModel(
        paused,
        [
          { label: 'Post room', path: '/a' },
          { label: 'Claims', path: '/b' },
        ],
        'en',
      ),
    );
    expect(two.map((a) => a.label)).toContain('Resume uploads');
    expect(two.map((a) => a.label)).toContain('Open folder “Claims”');
    const none = actions(trayMenuModel(paused, [], 'en'));
    expect(none.find((a) => a.label === 'Open inbox folder')?.enabled).toBe(false);
  });
});

// Issue #32 item 5: the tray speaks the clerk's language, as the window does.
describe('the tray in German', () => {
  it('says the state and the counts in German, with its plurals', () => {
    expect(deriveTrayView(queue({ queued: 3, uploading: 2 }), online, 'de').tooltip).toBe(
      'Intake Desk: lädt 5 Dokumente hoch',
    );
    expect(deriveTrayView(queue({ queued: 1 }), online, 'de').status).toBe('lädt 1 Dokument hoch');
    expect(deriveTrayView(queue({ failed: 1 }), online, 'de').status).toBe('1 Dokument braucht Aufmerksamkeit');
    expect(deriveTrayView(queue({ queued: 2 }, { online: false }), online, 'de').status).toBe(
      'offline, 2 Dokumente warten',
    );
    expect(deriveTrayView(queue({}, { paused: true }), online, 'de').status).toBe('Hochladen angehalten');
    expect(deriveTrayView(queue({}), online, 'de').status).toBe('alle Dokumente hochgeladen');
  });

  it('labels the menu in German', () => {
    const items = trayMenuModel(
      deriveTrayView(queue({}, { paused: true }), online, 'de'),
      [
        { label: 'Post', path: '/a' },
        { label: 'Schaden', path: '/b' },
      ],
      'de',
    );
    expect(items.map((i) => (i.type === 'separator' ? '-' : i.label))).toEqual([
      'Hochladen angehalten',
      '-',
      'Intake Desk öffnen',
      'Hochladen fortsetzen',
      'Ordner „Post“ öffnen',
      'Ordner „Schaden“ öffnen',
      '-',
      'Intake Desk beenden',
    ]);
  });
});
