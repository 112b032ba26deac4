import type { InvokeChannel, InvokeParsedRequest, InvokeResponse } from '../../../shared/ipc/contract';
import type { IpcResult } from '../../../shared/ipc/errors';
import { isInvokeChannel, parseInvokeRequest } from '../../../shared/ipc/validate';
import { toIpcError } from '../errors';
import type { Logger } from '../util/logger';

/** One function per channel of the contract; knows no transport. */
export type Handler<C extends InvokeChannel> = (request: InvokeParsedRequest<C>) => Promise<InvokeResponse<C>>;
export type HandlerTable = { [C in InvokeChannel]: Handler<C> };
export type PartialHandlerTable<C extends InvokeChannel> = { [K in C]: Handler<K> };

/**
 * The single entry point both transports (Electron IPC, web shell) use: checks the channel name, parses
 * the request with the contract's schema, runs the handler, and turns any error into data.
 */
export async function dispatch(
  handlers: HandlerTable,
  channel: unknown,
  request: unknown,
  logger?: Logger,
): Promise<IpcResult<unknown>> {
  if (!isInvokeChannel(channel)) {
    return {
      ok: false,
      error: { code: 'ipc.unknown_channel', message: `Unknown channel ${String(channel)}`, retryable: false },
    };
  }
  const parsed = parseInvokeRequest(channel, request);
  if (!parsed.ok) return parsed;
  try {
    const handler = handlers[channel] as Handler<typeof channel>;
    return { ok: true, value: await handler(parsed.value as never) };
  } catch (e) {
    const error = toIpcError(e);
    if (error.code === 'internal') logger?.error('handler failed', { channel, error: e });
    return { ok: false, error };
  }
}
