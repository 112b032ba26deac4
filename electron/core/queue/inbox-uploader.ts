import type { DigitalInboxResponse } from '../../../shared/platform/inbox';
import type { UploadRequest } from '../platform/platform-client';

/** The platform client's upload request, with the queue's cancel signal and progress callback always set. */
export type InboxUploadRequest = UploadRequest & Required<Pick<UploadRequest, 'signal' | 'onProgress'>>;

/**
 * The one thing the queue needs from the platform client: `api.uploadToInbox` of
 * electron/core/platform satisfies it as is. It throws IntakeError classified by `kind`.
 */
export interface InboxUploader {
  uploadToInbox(request: InboxUploadRequest): Promise<DigitalInboxResponse>;
}
