import type { PageEditDeps } from './page-edit-service';
import { PageEditService } from './page-edit-service';

/** The page tools for one data folder (before the queue starts: its sweep asks which spool files are kept). */
export function createPageEditService(o: PageEditDeps): PageEditService {
  return new PageEditService({ ...o, logger: o.logger.child({ part: 'pages' }) });
}
