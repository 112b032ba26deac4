import type { Settings } from '../../../shared/domain/settings';
import type { Logger } from '../util/logger';

export const OFFICE_PARTS_NOT_YET =
  "office database: this station's documents, their history, drafts and batches are kept in it, every station's clerks see them, a document one clerk has open is not changed by another, and a switched-off station's documents are sent by the others; not yet in this version: capture batches still waiting to be split in this station's own queue when it joined stay there (let a station finish its batches before it is given the database)";

/**
 * Said, not ignored in silence (issue #50): settings that name an office database make the window and the
 * agent say, once at start, what this version keeps in the database (the watched folders' claims, the
 * documents, their history and bytes, drafts, capture's batches: office-engines.ts) and what an office still
 * lacks (a station's own capture batches are not moved by joining)
 * (docs/deployment.md §11).
 */
export function sayOfficePartsNotYet(settings: Pick<Settings, 'office'>, logger: Logger): void {
  if (settings.office) logger.warn(OFFICE_PARTS_NOT_YET, { officeDatabase: settings.office.database });
}
