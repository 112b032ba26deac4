import { z } from 'zod';
import { OfficeOverviewSchema } from '../../domain/office-status';

export const officeInvokes = {
  /**
   * The office database as the supervisor sees it (issue #50 item 6): what waits by watched folder and
   * document type, who sent how many today, the stations; `none` when this station has no office database,
   * `unreachable`/`refused` when it does not answer now.
   */
  'office.status': { request: z.object({}), response: OfficeOverviewSchema },
};
