import { describe, expect, it } from 'vitest';
import type { StationStatus } from './station-status';
import { HEALTH_LIMITS, healthOf } from './station-status';

const now = Date.parse('2026-11-24T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

function status(
  over: Partial<StationStatus> = {},
  connection: Partial<StationStatus['connection']> = {},
): StationStatus {
  return {
    pid: 1,
    version: '0.1.0',
    startedAt: ago(3_600_000),
    updatedAt: ago(2_000),
    counts: { new: 0, tagged: 0, queued: 2, uploading: 1, uploaded: 0, archived: 40, failed: 0 },
    oldestWaiting: { id: 'd1', fileName: 'scan.pdf', since: ago(60_000) },
    lastSuccessAt: ago(30_000),
    connection: { online: true, paused: false, ...connection },
    ...over,
  };
}

describe('healthOf', () => {
  it('healthy: running, reporting, online, nothing failed, nothing waiting long', () => {
    expect(healthOf(status(), true, now)).toEqual({ level: 'healthy', reasons: [] });
  });

  it('failing when no agent holds the folder, whatever the last status file says', () => {
    expect(healthOf(status(), false, now).level).toBe('failing');
    expect(healthOf(undefined, true, now).level).toBe('failing');
  });

  it('the office database out of reach: degraded, failing after the offline limit; refusing the station: failing', () => {
    const office = (state: 'connected' | 'unreachable' | 'refused', since: number) => ({
      office: { database: 'postgres://intake@db:5432/office', state, since: ago(since), reason: 'ECONNREFUSED' },
    });
    expect(healthOf(status(office('connected', 60_000)), true, now)).toEqual({ level: 'healthy', reasons: [] });
    expect(healthOf(status(office('unreachable', 120_000)), true, now)).toEqual({
      level: 'degraded',
      reasons: ['office database postgres://intake@db:5432/office unreachable for 2 min: nothing new is taken'],
    });
    expect(healthOf(status(office('unreachable', HEALTH_LIMITS.offlineFailingAfterMs + 60_000)), true, now).level).toBe(
      'failing',
    );
    const refused = healthOf(status(office('refused', 1_000)), true, now);
    expect(refused.level).toBe('failing');
    expect(refused.reasons[0]).toMatch(/^office database .* refuses this station: ECONNREFUSED; nothing new is taken$/);
  });

  it('failing when the running agent stopped reporting (hung)', () => {
    const h = healthOf(status({ updatedAt: ago(HEALTH_LIMITS.staleAfterMs + 1_000) }), true, now);
    expect(h.level).toBe('failing');
    expect(h.reasons[0]).toMatch(/has not reported/);
  });

  it('failing on a configuration stop, with its code and message', () => {
    const h = healthOf(
      status({}, { paused: true, stopReason: { code: 'auth.invalid_client', message: 'wrong secret' } }),
      true,
      now,
    );
    expect(h).toEqual({ level: 'failing', reasons: ['uploads stopped: auth.invalid_client: wrong secret'] });
  });

  it('offline: degraded at first, failing after the limit', () => {
    expect(healthOf(status({}, { online: false, offlineSince: ago(60_000) }), true, now).level).toBe('degraded');
    expect(
      healthOf(
        status({}, { online: false, offlineSince: ago(HEALTH_LIMITS.offlineFailingAfterMs + 60_000) }),
        true,
        now,
      ).level,
    ).toBe('failing');
  });

  it('degraded: failed documents, a paused queue, a document waiting too long', () => {
    const failed = status({ counts: { ...status().counts, failed: 3 } });
    expect(healthOf(failed, true, now)).toEqual({ level: 'degraded', reasons: ['3 document(s) failed'] });
    expect(healthOf(status({}, { paused: true }), true, now).level).toBe('degraded');
    const old = status({
      oldestWaiting: { id: 'd', fileName: 'old.pdf', since: ago(HEALTH_LIMITS.waitingDegradedAfterMs + 60_000) },
    });
    expect(healthOf(old, true, now).reasons[0]).toMatch(/^old\.pdf waits for 31 min$/);
  });

  it('degraded for a day after a document went as scanned where a searchable PDF was asked for (issue #45)', () => {
    const last = { id: 'd', fileName: 'letter-07.pdf', reason: 'the text reader crashed reading it', at: ago(60_000) };
    expect(healthOf(status({ sentAsScanned: { count: 2, last } }), true, now)).toEqual({
      level: 'degraded',
      reasons: [
        '2 document(s) sent as scanned, not searchable; the last: letter-07.pdf (the text reader crashed reading it)',
      ],
    });
    const dayOld = { ...last, at: ago(HEALTH_LIMITS.sentAsScannedDegradedForMs + 60_000) };
    expect(healthOf(status({ sentAsScanned: { count: 2, last: dayOld } }), true, now).level).toBe('healthy');
  });
});
