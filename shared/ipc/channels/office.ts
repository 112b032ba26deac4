import { z } from 'zod';
import { OfficeDatabaseUrlSchema } from '../../domain/office';
import { OfficeOverviewSchema } from '../../domain/office-status';

/**
 * Whether a password is kept in the keychain for an office database address; never the password. `account`
 * is the address it belongs to (postgres://USER@HOST:PORT/DATABASE), as the keychain entry is named.
 */
export const OfficePasswordStatusSchema = z.object({
  account: z.string(),
  stored: z.boolean(),
  keychain: z.object({ available: z.boolean(), message: z.string().optional() }),
});
export type OfficePasswordStatus = z.infer<typeof OfficePasswordStatusSchema>;

/** The address as the settings field holds it: a URL without a password (checked as the settings check it). */
const ForDatabase = z.object({ database: OfficeDatabaseUrlSchema });

export const officeInvokes = {
  /**
   * The office database as the supervisor sees it (issue #50 item 6): what waits by watched folder and
   * document type, who sent how many today, the stations; `none` when this station has no office database,
   * `unreachable`/`refused` when it does not answer now.
   */
  'office.status': { request: z.object({}), response: OfficeOverviewSchema },
  /**
   * The office database's password (issue #50 item 1: kept in the keychain), one way as the client secret:
   * stored or removed for the address the Settings field names, never read back. The station connects with
   * it at its next start.
   */
  'office.passwordStatus': { request: ForDatabase, response: OfficePasswordStatusSchema },
  'office.setPassword': {
    request: ForDatabase.extend({ password: z.string().min(1).max(1024) }),
    response: OfficePasswordStatusSchema,
  },
  'office.deletePassword': { request: ForDatabase, response: OfficePasswordStatusSchema },
};
