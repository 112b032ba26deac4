import type { Document } from '../../../shared/domain/document';
import type { ConnectionState } from '../../../shared/domain/connection';
import type { Notice, NoticeValues } from '../../../shared/domain/notice';
import type { DomainEvent, DomainEventOf } from '../events/domain-events';
import type { Alert } from './notification-grouper';

/**
 * Turns the core's events into alerts for a person. A document alerts once when it becomes failed (not on
 * every later change while it stays failed) and again only after it left that state; a configuration error
 * alerts when its code changes. Retryable trouble (offline, 503) is the queue's job, not a notification.
 */
export class FailureDetector {
  private readonly failed = new Set<string>();
  private configurationCode: string | undefined;

  fromEvent(event: DomainEvent): Alert[] {
    switch (event.type) {
      case 'documents.changed':
        return this.fromDocuments(event);
      case 'connection.changed':
        return this.fromConnection(event.state);
      case 'notice.raised':
        return this.fromNotice(event.notice);
      default:
        return [];
    }
  }

  private fromDocuments(payload: DomainEventOf<'documents.changed'>): Alert[] {
    const alerts: Alert[] = [];
    for (const id of payload.removed) this.failed.delete(id);
    for (const doc of payload.documents) {
      if (doc.state !== 'failed') {
        this.failed.delete(doc.id);
        continue;
      }
      if (this.failed.has(doc.id)) continue;
      this.failed.add(doc.id);
      alerts.push(documentAlert(doc));
    }
    return alerts;
  }

  private fromConnection(payload: ConnectionState): Alert[] {
    const error = payload.configurationError;
    const previous = this.configurationCode;
    this.configurationCode = error?.code;
    if (!error || error.code === previous) return [];
    return [{ kind: 'configuration', key: error.code, detail: error.message }];
  }

  private fromNotice(notice: Notice): Alert[] {
    if (notice.level !== 'error') return [];
    const kind = notice.code.startsWith('folder.')
      ? 'folder_missing'
      : notice.code === 'queue.paused.configuration'
        ? 'configuration'
        : 'failed';
    // A configuration notice repeats what connection.changed says; key it by kind so the burst counts once.
    const key = kind === 'configuration' ? 'configuration-notice' : notice.id;
    return [
      {
        kind,
        key,
        detail: noticeDetail(notice.values),
        ...(notice.documentId ? { documentId: notice.documentId } : {}),
      },
    ];
  }
}

function documentAlert(doc: Document): Alert {
  const code = doc.error?.code ?? 'unknown';
  const detail = doc.error?.platformErrors?.[0]?.message ?? doc.error?.message ?? 'Upload failed.';
  const kind =
    code.startsWith('auth.') || code.startsWith('configuration')
      ? 'configuration'
      : code.startsWith('platform.') || doc.error?.status !== undefined
        ? 'rejected'
        : 'failed';
  return {
    kind,
    key: kind === 'configuration' ? code : doc.id,
    detail,
    documentId: doc.id,
    fileName: doc.fileName,
  };
}

/** A notification shows what the notice names (a folder, a file) and why, as the core wrote them. */
function noticeDetail(values: NoticeValues): string {
  const subject = values['folder'] ? `${values['folder']} (${values['path'] ?? ''})` : values['file'];
  return [subject, values['reason']].filter(Boolean).join(': ');
}
