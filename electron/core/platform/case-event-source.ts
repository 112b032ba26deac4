import { z } from 'zod';

/**
 * One page of the case-change feed with the events still unvalidated: a reader checks each event on its
 * own (shared/platform/events.ts parseCaseChangeEvent), so one malformed event cannot block the feed.
 */
export const RawCaseEventPageSchema = z.object({
  items: z.array(z.object({ cursor: z.string(), event: z.unknown() })),
  nextCursor: z.string(),
});
export type RawCaseEventPage = z.infer<typeof RawCaseEventPageSchema>;

/**
 * Reads case-change events. The spec does not show how events are delivered; the sandbox offers a
 * polling feed with a cursor (GET /api/case-events, scope events), so readers depend on this interface
 * and a webhook or queue reader can replace the feed later.
 */
export interface CaseEventSource {
  listCaseEvents(
    query: { after?: string; limit: number },
    options?: { signal?: AbortSignal; timeoutMs?: number },
  ): Promise<RawCaseEventPage>;
}
