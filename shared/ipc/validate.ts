import type { z } from 'zod';
import { events, invokes, isEventChannel, isInvokeChannel } from './contract';
import type { EventChannel, EventPayload, InvokeChannel, InvokeParsedRequest, InvokeResponse } from './contract';
import { IpcErrorSchema, resultSchema } from './errors';
import type { IpcError, IpcResult } from './errors';

/**
 * Turns a zod error into field messages, keyed by dotted path. A rule of our own (refine, check) keeps its
 * message, which is a catalog key or our own sentence; zod's built-in checks become a code the renderer
 * translates (`validation.too_big.number?max=20`), never zod's English ("Too big: expected number to be
 * <=20") on the clerk's screen (issue #31 item 8).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '(request)';
    fields[key] ??= validationCode(issue);
  }
  return fields;
}

/** The catalog code of a zod issue (see renderer/i18n/validation-messages.ts), or its own message. */
export function validationCode(issue: z.core.$ZodIssue): string {
  const query = (values: Record<string, unknown>) => {
    const entries = Object.entries(values).filter(([, v]) => v !== undefined && v !== null);
    return entries.length ? `?${entries.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`).join('&')}` : '';
  };
  const kind = (origin: unknown) =>
    origin === 'number' || origin === 'bigint' || origin === 'int' ? 'number' : origin;
  switch (issue.code) {
    case 'too_big':
      return `validation.too_big.${String(kind(issue.origin))}${query({ max: issue.maximum })}`;
    case 'too_small':
      return `validation.too_small.${String(kind(issue.origin))}${query({ min: issue.minimum })}`;
    case 'invalid_type':
      return `validation.invalid_type.${issue.expected}`;
    case 'invalid_format':
      return `validation.invalid_format.${issue.format}`;
    case 'invalid_value':
      return 'validation.invalid_value';
    case 'not_multiple_of':
      return `validation.not_multiple_of${query({ step: String(issue.divisor) })}`;
    case 'unrecognized_keys':
      return 'validation.unrecognized_keys';
    case 'invalid_union':
      return 'validation.invalid_union';
    case 'custom':
      // A refine without its own message would say zod's "Invalid input".
      return issue.message && issue.message !== 'Invalid input' ? issue.message : 'validation.other';
    default:
      return issue.message;
  }
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
