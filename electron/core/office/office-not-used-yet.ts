import type { Settings } from '../../../shared/domain/settings';
import type { Logger } from '../util/logger';

export const OFFICE_NOT_USED_YET =
  "office database: the watched folders' files are claimed through it; documents, drafts and history stay in this station's own queue in this version";

/**
 * Said, not ignored in silence (issue #50): settings that name an office database make the window and the
 * agent say, once at start, what is in the database in this version (the watched folders' claims, and
 * `intake-agent status --office`) and what is not (the documents, drafts and history: each station's own
 * queue) (docs/deployment.md §11).
 */
export function sayOfficeNotUsedYet(settings: Pick<Settings, 'office'>, logger: Logger): void {
  if (settings.office) logger.warn(OFFICE_NOT_USED_YET, { officeDatabase: settings.office.database });
}
