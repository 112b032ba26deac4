import { parseOfficeDatabaseUrl } from '../../../shared/domain/office';
import type { OfficeDatabaseAddress } from '../../../shared/domain/office';
import type { OfficeOverview } from '../../../shared/domain/office-status';
import type { OfficePasswordStatus } from '../../../shared/ipc/channels/office';
import { IntakeError, isIntakeError } from '../errors';
import type { OfficeDatabase } from '../office/office-database';
import { readOfficeStatus } from '../office/office-status';
import { OfficePasswordStore, officePasswordAccount } from '../secrets/office-password';
import type { SecretStore } from '../secrets/secret-store';
import type { PartialHandlerTable } from './handler-table';

export interface OfficeHandlerDeps {
  /** The station's office database (its membership's pool) and its lapse; absent: the station has none. */
  office?: { db: OfficeDatabase; lapseSeconds: number };
  /** The keychain the office password is kept in (made when first asked: keytar loads on demand). */
  secrets?: () => SecretStore;
}

type OfficeChannel = 'office.status' | 'office.passwordStatus' | 'office.setPassword' | 'office.deletePassword';

/** The address a request names; the contract checked the URL already, this reads its parts. */
function addressOf(database: string): OfficeDatabaseAddress {
  const parsed = parseOfficeDatabaseUrl(database, { password: 'refused' });
  if (!parsed.ok) throw new IntakeError('validation', 'office.invalid_database', parsed.problem);
  return parsed.value;
}

/**
 * The supervisor's screen (issue #50 item 6): the office database's figures, read on each ask (the screen
 * asks every few seconds while it is open). When the server does not answer or refuses the station, that is
 * the answer, with the server's reason, not an error: the screen says it plainly in place of the figures.
 */
export function createOfficeHandlers(deps: OfficeHandlerDeps): PartialHandlerTable<OfficeChannel> {
  const passwords = () => {
    if (!deps.secrets) throw new IntakeError('local', 'secrets.keychain_unavailable', 'No keychain on this station.');
    return new OfficePasswordStore(deps.secrets());
  };
  const status = async (address: OfficeDatabaseAddress): Promise<OfficePasswordStatus> => ({
    account: officePasswordAccount(address),
    ...(await passwords().status(address)),
  });
  return {
    'office.passwordStatus': (r) => status(addressOf(r.database)),
    'office.setPassword': async (r) => {
      const address = addressOf(r.database);
      await passwords().set(address, r.password);
      return status(address);
    },
    'office.deletePassword': async (r) => {
      const address = addressOf(r.database);
      await passwords().delete(address);
      return status(address);
    },
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
