import type { HandlerTable } from '../core/ipc/handler-table';
import { dispatch } from '../core/ipc/handler-table';
import type { Logger } from '../core/util/logger';
import type { InvokeChannel, InvokeRequest, InvokeResponse } from '../../shared/ipc/contract';

/**
 * The shell talks to the core through the same handler table as the renderer (settings, queue, import),
 * so it needs no service of its own and a channel that is not wired yet only logs.
 */
export type CoreCall = <C extends InvokeChannel>(
  channel: C,
  request: InvokeRequest<C>,
) => Promise<InvokeResponse<C> | undefined>;

export function coreCaller(handlers: HandlerTable, logger: Logger): CoreCall {
  return async (channel, request) => {
    const result = await dispatch(handlers, channel, request, logger);
    if (result.ok) return result.value as never;
    logger.warn('shell: core call failed', { channel, code: result.error.code, message: result.error.message });
    return undefined;
  };
}
