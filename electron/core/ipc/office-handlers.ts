import type { OfficeOverview } from '../../../shared/domain/office-status';
import { isIntakeError } from '../errors';
import type { OfficeDatabase } from '../office/office-database';
import { readOfficeStatus } from '../office/office-status';
import type { PartialHandlerTable } from './handler-table';

export interface OfficeHandlerDeps {
  /** The station's office database (its membership's pool) and its lapse; absent: the station has none. */
  office?: { db: OfficeDatabase; lapseSeconds: number };
}

/**
 * The supervisor's screen (issue #50 item 6): the office database's figures, read on each ask (the screen
 * asks every few seconds while it is open). When the server does not answer or refuses the station, that is
 * the answer, with the server's reason, not an error: the screen says it plainly in place of the figures.
 */
export function createOfficeHandlers(deps: OfficeHandlerDeps): PartialHandlerTable<'office.status'> {
  return {
    'office.status': async (): Promise<OfficeOverview> => {
      const office = deps.office;
      if (!office) return { state: 'none' };
      try {
        const status = await readOfficeStatus(office.db, { lapseSeconds: office.lapseSeconds });
        return { state: 'connected', database: office.db.label, status };
      } catch (e) {
        if (!isIntakeError(e) || (e.code !== 'office.unreachable' && e.code !== 'office.refused')) throw e;
        const r = office.db.reachability();
        return {
          state: e.code === 'office.refused' ? 'refused' : 'unreachable',
          database: office.db.label,
          ...('reason' in r ? { reason: r.reason } : {}),
        };
      }
    },
  };
}
