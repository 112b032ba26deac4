import type { Settings } from '../../../shared/domain/settings';
import type { Logger } from '../util/logger';

export const OFFICE_NOT_USED_YET =
  "the settings name an office database, which this version reads only for status --office: documents stay in this station's own queue";

/**
 * Said, not ignored in silence (issue #50): settings that name an office database make the window and the
 * agent say, once at start, that they still keep the station's own queue; only `intake-agent status
 * --office` reads the office database in this version (docs/deployment.md §11).
 */
export function sayOfficeNotUsedYet(settings: Pick<Settings, 'office'>, logger: Logger): void {
  if (settings.office) logger.warn(OFFICE_NOT_USED_YET, { officeDatabase: settings.office.database });
}
