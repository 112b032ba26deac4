import { z } from 'zod';
import { CaseChangeEventSchema } from '../platform/events';

/** A case-change event as stored, with the feed cursor it came at. */
export const ActivityEntrySchema = z.object({
  cursor: z.string(),
  receivedAt: z.string(),
  event: CaseChangeEventSchema,
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityCaseSchema = z.object({
  caseNumber: z.string(),
  lastEventAt: z.string(),
  events: z.number().int(),
});
export type ActivityCase = z.infer<typeof ActivityCaseSchema>;

export const ActivityStatusSchema = z.object({
  cursor: z.string().optional(),
  lastPollAt: z.string().optional(),
  lastError: z.string().optional(),
  /** Events that failed validation and were skipped (logged with the reason). */
  skipped: z.number().int(),
});
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>;
