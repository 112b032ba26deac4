import type { Metadata } from '../../../shared/domain/metadata';
import type { DigitalInboxResponse } from '../../../shared/platform/inbox';

export interface InboxUploadRequest {
  filePath: string;
  fileName: string;
  contentType: string;
  size: number;
  metadata: Metadata;
  idempotencyKey?: string;
  signal: AbortSignal;
  onProgress(sent: number, total: number): void;
}

/**
 * The one thing the queue needs from the platform client: `api.uploadToInbox` of
 * electron/core/platform satisfies it as is. It throws IntakeError classified by `kind`.
 */
export interface InboxUploader {
  uploadToInbox(request: InboxUploadRequest): Promise<DigitalInboxResponse>;
}
