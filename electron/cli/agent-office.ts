import { DEFAULT_OFFICE_LAPSE_SECONDS, parseOfficeDatabaseUrl } from '../../shared/domain/office';
import type { OfficeDatabaseAddress } from '../../shared/domain/office';
import { isIntakeError } from '../core/errors';
import type { Settings } from '../../shared/domain/settings';
import { OfficeDatabase } from '../core/office/office-database';
import type { OfficeMembership } from '../core/office/office-membership';
import { officeMembershipOf } from '../core/office/office-membership';
import { readOfficeStatus } from '../core/office/office-status';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import { officePasswordFor, OfficePasswordStore } from '../core/secrets/office-password';
import { systemClock } from '../core/util/clock';
import type { Logger } from '../core/util/logger';
import type { AgentArgs } from './agent-args';
import { UsageError } from './agent-args';
import { loadStationSettings } from './agent-config';

/**
 * `intake-agent status --office`: the office database (issue #50) as one JSON line on stdout, read only.
 * Which database: --office-database, else the settings' office.database (the machine file's lock wins, as
 * everywhere). The password: the URL's, $INTAKE_OFFICE_PASSWORD, else the keychain's for that address.
 * Exit 0 when it answered; 2 when it cannot be reached or refuses this station (the line says why, plainly).
 */
export async function runOfficeStatus(
  args: AgentArgs,
  o: { envPassword: string | undefined; logger: Logger },
): Promise<number> {
  let address = args.officeDatabase;
  let lapseSeconds = DEFAULT_OFFICE_LAPSE_SECONDS;
  if (!address || args.settings || args.machineSettings) {
    const settings = await loadStationSettings(args, { clock: systemClock, logger: o.logger });
    lapseSeconds = settings.office?.lapseSeconds ?? lapseSeconds;
    if (!address && settings.office) {
      const parsed = parseOfficeDatabaseUrl(settings.office.database, { password: 'refused' });
      if (parsed.ok) address = parsed.value;
    }
  }
  if (!address)
    throw new UsageError(
      'status --office needs an office database: --office-database URL, or office.database in the settings',
    );
  const password = await passwordFor(address, o);
  const db = new OfficeDatabase({
    address,
    ...(password !== undefined ? { password } : {}),
    logger: o.logger,
    applicationName: 'Intake Desk (status)',
    poolSize: 1,
  });
  try {
    const status = await readOfficeStatus(db, { lapseSeconds });
    process.stdout.write(`${JSON.stringify({ office: db.label, state: 'connected', ...status })}\n`);
    return 0;
  } catch (e) {
    if (!isIntakeError(e) || !e.code.startsWith('office.')) throw e;
    const r = db.reachability();
    process.stdout.write(
      `${JSON.stringify({
        office: db.label,
        state: r.state,
        ...('reason' in r ? { reason: r.reason } : {}),
        error: e.code,
        message: e.message,
      })}\n`,
    );
    return 2;
  } finally {
    await db.close();
  }
}

/** The keychain is asked last, and its absence (no Secret Service on a server) is no password, said once. */
async function passwordFor(
  address: OfficeDatabaseAddress,
  o: { envPassword: string | undefined; logger: Logger },
): Promise<string | undefined> {
  try {
    const found = await officePasswordFor(address, {
      envPassword: o.envPassword,
      keychain: () => new OfficePasswordStore(new KeytarSecretStore()),
    });
    return found.password;
  } catch (e) {
    o.logger.warn('office database: the keychain cannot be read; connecting without a stored password', {
      error: e,
    });
    return undefined;
  }
}

/**
 * `intake-agent run` with an office database (issue #50 item 4): --office-database, else the settings'
 * office.database. The station joins it in the background (it starts whether or not the server answers) and
 * claims its watched folders' files through it once joined.
 */
export async function joinOfficeOf(
  args: AgentArgs,
  settings: Pick<Settings, 'office'>,
  dataDir: string,
  o: { envPassword: string | undefined; logger: Logger },
): Promise<OfficeMembership | undefined> {
  return officeMembershipOf({
    ...(args.officeDatabase ? { address: args.officeDatabase } : {}),
    settings,
    ...(o.envPassword !== undefined ? { envPassword: o.envPassword } : {}),
    secrets: () => new KeytarSecretStore(),
    dataDir,
    logger: o.logger,
  });
}
