import { desktopMessages } from '../../../shared/i18n/desktop-messages';
import type { DesktopMessageKey } from '../../../shared/i18n/desktop-messages';
import { translateFrom } from '../../../shared/i18n/translate';
import type { Locale, MessageValues } from '../../../shared/i18n/translate';
import type { Clock } from '../util/clock';

/** Failures that need a person; everything the queue retries by itself stays out of notifications. */
export type AlertKind = 'rejected' | 'configuration' | 'folder_missing' | 'failed';

export interface Alert {
  kind: AlertKind;
  /** Identity inside a burst: the same document or error counted once. */
  key: string;
  detail: string;
  documentId?: string;
  fileName?: string;
}

export interface DesktopNotification {
  kind: AlertKind;
  title: string;
  body: string;
  count: number;
  /** Set only when the notification is about one document: clicking it opens that document. */
  documentId?: string;
}

export const NOTIFICATION_WINDOW_MS = 5_000;

interface Group {
  dueAt: number;
  alerts: Map<string, Alert>;
}

/**
 * Collects alerts per kind for a window after the first one, then yields one notification per kind: a scanner
 * batch of 50 rejected pages becomes "50 documents were rejected", not 50 toasts. Pure: time is passed in.
 */
export class NotificationGrouper {
  private readonly groups = new Map<AlertKind, Group>();

  constructor(private readonly windowMs: number = NOTIFICATION_WINDOW_MS) {}

  add(alert: Alert, now: number): void {
    let group = this.groups.get(alert.kind);
    if (!group) {
      group = { dueAt: now + this.windowMs, alerts: new Map() };
      this.groups.set(alert.kind, group);
    }
    // The latest detail wins: a configuration error's newest message is the one to act on.
    group.alerts.delete(alert.key);
    group.alerts.set(alert.key, alert);
  }

  /** When the next group is due, or undefined when nothing waits. */
  nextDueAt(): number | undefined {
    let next: number | undefined;
    for (const g of this.groups.values()) if (next === undefined || g.dueAt < next) next = g.dueAt;
    return next;
  }

  /** Notifications whose window has passed, in a stable order (most urgent first), in the clerk's language. */
  flush(now: number, locale: Locale): DesktopNotification[] {
    const out: DesktopNotification[] = [];
    for (const kind of ['configuration', 'folder_missing', 'rejected', 'failed'] as const) {
      const group = this.groups.get(kind);
      if (!group || group.dueAt > now) continue;
      this.groups.delete(kind);
      out.push(summarise(kind, [...group.alerts.values()], locale));
    }
    return out;
  }
}

function summarise(kind: AlertKind, alerts: Alert[], locale: Locale): DesktopNotification {
  const say = (key: DesktopMessageKey, values?: MessageValues) => translateFrom(desktopMessages, locale, key, values);
  const count = alerts.length;
  const last = alerts[alerts.length - 1];
  const only = count === 1 ? last : undefined;
  const name = only?.fileName ? say('notify.fileName', { file: only.fileName }) : say('notify.aDocument');
  switch (kind) {
    case 'configuration':
      return {
        kind,
        count,
        title: say('notify.configuration.title'),
        body: last?.detail ?? say('notify.configuration.body'),
      };
    case 'folder_missing':
      return {
        kind,
        count,
        title: say('notify.folder.title'),
        body: only ? only.detail : say('notify.folder.many', { count }),
      };
    case 'rejected':
      return {
        kind,
        count,
        title: say('notify.rejected.title', { count }),
        body: only ? say('notify.rejected.one', { name, detail: only.detail }) : say('notify.rejected.many', { count }),
        ...(only?.documentId ? { documentId: only.documentId } : {}),
      };
    case 'failed':
      return {
        kind,
        count,
        title: say('notify.failed.title', { count }),
        body: only ? say('notify.failed.one', { name, detail: only.detail }) : say('notify.failed.many', { count }),
        ...(only?.documentId ? { documentId: only.documentId } : {}),
      };
  }
}

/** Drives a grouper with a clock: shows each group when its window ends. */
export class NotificationScheduler {
  private readonly grouper: NotificationGrouper;
  private timer: AbortController | undefined;
  private timerDueAt: number | undefined;

  constructor(
    private readonly clock: Clock,
    private readonly show: (notification: DesktopNotification) => void,
    /** The clerk's language when a group is shown (a change in Settings applies to the next one). */
    private readonly locale: () => Locale,
    windowMs: number = NOTIFICATION_WINDOW_MS,
  ) {
    this.grouper = new NotificationGrouper(windowMs);
  }

  add(alert: Alert): void {
    this.grouper.add(alert, this.clock.now());
    this.schedule();
  }

  dispose(): void {
    this.timer?.abort();
    this.timer = undefined;
  }

  private schedule(): void {
    const due = this.grouper.nextDueAt();
    if (due === undefined || (this.timerDueAt !== undefined && this.timerDueAt <= due)) return;
    this.timer?.abort();
    const timer = new AbortController();
    this.timer = timer;
    this.timerDueAt = due;
    this.clock.sleep(Math.max(0, due - this.clock.now()), timer.signal).then(
      () => {
        this.timer = undefined;
        this.timerDueAt = undefined;
        for (const n of this.grouper.flush(this.clock.now(), this.locale())) this.show(n);
        this.schedule();
      },
      () => {},
    );
  }
}
