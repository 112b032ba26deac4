import { Notification } from 'electron';
import type { EventBus } from '../core/events/event-bus';
import { FailureDetector } from '../core/shell/failure-detector';
import type { DesktopNotification } from '../core/shell/notification-grouper';
import { NotificationScheduler } from '../core/shell/notification-grouper';
import type { Clock } from '../core/util/clock';
import type { Locale } from '../../shared/i18n/translate';

/**
 * Native notifications for failures that need a person, grouped per burst by the core's scheduler.
 * Clicking one opens the window at the document (or at the failed list when it covers several).
 */
export function startNotifications(
  bus: EventBus,
  clock: Clock,
  iconPath: string,
  locale: () => Locale,
  onClick: (notification: DesktopNotification) => void,
): () => void {
  const detector = new FailureDetector();
  const scheduler = new NotificationScheduler(
    clock,
    (n) => {
      if (!Notification.isSupported()) return;
      const native = new Notification({ title: n.title, body: n.body, icon: iconPath, urgency: 'normal' });
      native.on('click', () => onClick(n));
      native.show();
    },
    locale,
  );
  const unsubscribe = bus.subscribe((event) => {
    for (const alert of detector.fromEvent(event)) scheduler.add(alert);
  });
  return () => {
    unsubscribe();
    scheduler.dispose();
  };
}

/** A plain one-off notice (the first close-to-tray hint). */
export function showNotice(title: string, body: string, iconPath: string): void {
  if (Notification.isSupported()) new Notification({ title, body, icon: iconPath, silent: true }).show();
}
