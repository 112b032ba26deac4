import type { AccessTokens } from '../auth/access-tokens';
import { requireBearer } from '../auth/bearer-guard';
import type { EventLog } from '../events/event-log';
import { sendJson, sendProblem } from '../http/http-io';
import type { RequestContext } from '../http/route-table';

export const EVENT_FEED_DEFAULT_LIMIT = 100;
export const EVENT_FEED_MAX_LIMIT = 500;

/** GET /api/case-events?after={cursor}&limit={n} (scope `events`). */
export async function handleEventFeed(ctx: RequestContext, tokens: AccessTokens, events: EventLog): Promise<void> {
  if (!(await requireBearer(ctx, tokens, 'events'))) return;
  const afterText = ctx.url.searchParams.get('after') ?? '0';
  const limitText = ctx.url.searchParams.get('limit') ?? String(EVENT_FEED_DEFAULT_LIMIT);
  if (!/^\d{1,15}$/.test(afterText))
    return sendProblem(ctx.res, 400, 'invalid_query', 'after must be a cursor (a whole number ≥ 0)');
  if (!/^\d{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > EVENT_FEED_MAX_LIMIT) {
    return sendProblem(ctx.res, 400, 'invalid_query', `limit must be from 1 to ${EVENT_FEED_MAX_LIMIT}`);
  }
  sendJson(ctx.res, 200, events.page(Number(afterText), Number(limitText)));
}
