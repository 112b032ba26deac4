import type { z } from 'zod';
import { events, invokes, isEventChannel, isInvokeChannel } from './contract';
import type { EventChannel, EventPayload, InvokeChannel, InvokeParsedRequest, InvokeResponse } from './contract';
import { IpcErrorSchema, resultSchema } from './errors';
import type { IpcError, IpcResult } from './errors';

/** Turns a zod error into field messages, keyed by dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(request)';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function invalidRequest(channel: string, error: z.ZodError): IpcError {
  const fields = fieldErrors(error);
  const first = Object.entries(fields)[0];
  return {
    code: 'ipc.invalid_request',
    message: first ? `Invalid request for ${channel}: ${first[0]}: ${first[1]}` : `Invalid request for ${channel}`,
    retryable: false,
    fields,
  };
}

export function parseInvokeRequest<C extends InvokeChannel>(
  channel: C,
  request: unknown,
): { ok: true; value: InvokeParsedRequest<C> } | { ok: false; error: IpcError } {
  const parsed = invokes[channel].request.safeParse(request);
  if (!parsed.success) return { ok: false, error: invalidRequest(channel, parsed.error) };
  return { ok: true, value: parsed.data as InvokeParsedRequest<C> };
}

/** Validates a result coming back over a boundary (renderer side). A malformed result becomes an error result. */
export function parseInvokeResult<C extends InvokeChannel>(channel: C, raw: unknown): IpcResult<InvokeResponse<C>> {
  const parsed = resultSchema(invokes[channel].response).safeParse(raw);
  if (parsed.success) return parsed.data as IpcResult<InvokeResponse<C>>;
  return {
    ok: false,
    error: { code: 'ipc.invalid_response', message: `Malformed answer on ${channel}`, retryable: false },
  };
}

export function parseEvent<E extends EventChannel>(
  channel: string,
  payload: unknown,
): { channel: E; payload: EventPayload<E> } | undefined {
  if (!isEventChannel(channel)) return undefined;
  const parsed = events[channel].safeParse(payload);
  return parsed.success ? { channel: channel as E, payload: parsed.data as EventPayload<E> } : undefined;
}

export { isEventChannel, isInvokeChannel, IpcErrorSchema };
