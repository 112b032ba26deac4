import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

describe('notification click target', () => {
  it('opens the document a notification names', () => {
    expect(notificationTarget({ kind: 'rejected', documentId: 'd-1' })).toEqual({ screen: 'inbox', documentId: 'd-1' });
  });
  it('sends configuration and folder trouble to the settings', () => {
    expect(notificationTarget({ kind: 'configuration' })).toEqual({ screen: 'settings' });
    expect(notificationTarget({ kind: 'folder_missing' })).toEqual({ screen: 'settings' });
  });
  it('shows the queue for a grouped burst without one document', () => {
    expect(notificationTarget({ kind: 'rejected' })).toEqual({ screen: 'queue' });
  });
});
