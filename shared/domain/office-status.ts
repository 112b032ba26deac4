import { z } from 'zod';

/**
 * The office database as a supervisor and an admin see it (issue #50 item 6): `intake-agent status --office`
 * prints it as JSON (admins script against its fields: add, never rename), the supervisor's screen shows it
 * (the `office.status` channel). Times are ISO 8601; counts are documents.
 */
const count = z.number().int().nonnegative();

/** Documents waiting for a clerk (new, tagged) or to be fixed (failed), of one watched folder or one type. */
const WaitingGroup = z.object({ waiting: count, oldest: z.string() });

export const OfficeStatusSchema = z.object({
  /** The database's schema step; 0 when no station has opened it yet. */
  schemaVersion: z.number().int().nonnegative(),
  /** The step this Intake Desk brings a database to. */
  knownVersion: z.number().int().nonnegative(),
  /**
   * Every station that joined, with its last heartbeat (the server's clock) and whether it is within its lapse
   * (its own, written in its row; the reader's for a row from before). Of a station (issue #50 item 3):
   * `queued`, its documents queued or uploading, which wait for it while it is gone unless another station
   * takes them over; `takenOver`, its documents the others took over since its last heartbeat.
   */
  stations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      lastSeen: z.string(),
      alive: z.boolean(),
      queued: count.optional(),
      takenOver: count.optional(),
    }),
  ),
  documents: z.object({
    /** Waiting for a clerk (new, tagged) or to be fixed (failed). */
    waiting: count,
    /** Of those, open at a clerk's now (a hold not lapsed). */
    held: count,
    queued: count,
    /** The oldest waiting document's arrival. */
    oldestWaiting: z.string().optional(),
  }),
  /** The waiting documents by the watched folder they came from (its path at the station that took them in; `import` for drops), oldest first. */
  waitingByFolder: z.array(WaitingGroup.extend({ folder: z.string() })),
  /** The waiting documents by document type (its code); `documentType` null: none chosen yet. Oldest first. */
  waitingByType: z.array(WaitingGroup.extend({ documentType: z.string().nullable() })),
  /**
   * Documents sent today (uploaded, then archived), by the clerk who sent them: the day is the database's
   * (its `TimeZone` setting), the same for every station whatever their own clocks and zones say.
   */
  sentToday: z.object({
    /** The start of the database's day, and the zone it is counted in. */
    since: z.string(),
    timeZone: z.string(),
    sent: count,
    /** Most first; `clerk` null: not recorded (sent by a station without a clerk, or before stations recorded one). */
    byClerk: z.array(z.object({ clerk: z.string().nullable(), sent: count })),
  }),
});
export type OfficeStatus = z.infer<typeof OfficeStatusSchema>;

/**
 * What the station's screen is told of its office database: none configured, its figures, or why there are
 * none now (`unreachable`: nothing answered; `refused`: the server said no), with the database's name.
 */
export const OfficeOverviewSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({ state: z.literal('connected'), database: z.string(), status: OfficeStatusSchema }),
  z.object({
    state: z.enum(['unreachable', 'refused']),
    database: z.string(),
    /** The server's or the network's own words (office-reachability.ts). */
    reason: z.string().optional(),
  }),
]);
export type OfficeOverview = z.infer<typeof OfficeOverviewSchema>;
