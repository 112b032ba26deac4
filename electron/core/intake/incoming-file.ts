import type { CaptureProfile } from '../../../shared/domain/capture';
import type { Document } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import type { MetadataField } from '../../../shared/platform/inbox';

/**
 * A complete, stable file in a watched folder, as the watcher hands it over (to an IntakeTarget,
 * hot-folder-service.ts: capture, which passes the files it does not split on to the queue's intake).
 */
export interface IncomingFile {
  sourcePath: string;
  /** Absolute path of the watched folder. */
  folder: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  /** Folder + NFC relative path + size + mtime: the same file never becomes two documents. */
  seenKey: string;
  metadata: Metadata;
  autoSubmit: boolean;
  /** The file is the user's, not a scanner's: never moved or deleted after the upload (CLI `upload`). */
  keepSource?: boolean;
  /**
   * The folder splits scanned batches (its profile's `capture`): the file goes to capture, not straight into
   * the queue. `autoSubmit` is the folder's (and its name pattern's) say; required fields are checked on
   * each part's own metadata.
   */
  capture?: { profile: CaptureProfile; autoSubmit: boolean; requiredFields: MetadataField[] };
  /** A scan from a watched folder: its Idempotency-Key is derived from these and its content (scan-key.ts). */
  scan?: { folder: string; name: string };
  /** The station that took it from a shared folder: its history says so. */
  station?: string;
  /** Where the file was in the watched folder, when it is taken from elsewhere (a shared folder's `.intake/taken/`). */
  pathInFolder?: string;
}

export type IngestResult =
  | { outcome: 'created'; document: Document }
  | { outcome: 'seen' }
  /** The file changed or vanished while we copied it: the watcher looks at it again. */
  | { outcome: 'changed' };
