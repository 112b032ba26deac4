import type { Navigate } from '../../../shared/domain/notice';
import type { DesktopNotification } from './notification-grouper';

/** Where a click on a notification leads: the document that needs a person, else the screen to fix it on. */
export function notificationTarget(n: Pick<DesktopNotification, 'kind' | 'documentId'>): Navigate {
  if (n.documentId) return { screen: 'inbox', documentId: n.documentId };
  if (n.kind === 'configuration' || n.kind === 'folder_missing') return { screen: 'settings' };
  return { screen: 'queue' };
}
