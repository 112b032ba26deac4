import type { PageEditDeps } from './page-edit-service';
import { PageEditService } from './page-edit-service';

/** The page tools for one data folder, over the queue's parts. */
export function createPageEditService(o: PageEditDeps): PageEditService {
  return new PageEditService({ ...o, logger: o.logger.child({ part: 'pages' }) });
}
