import { describe, expect, it } from 'vitest';
import { classifyHttpError, classifyRequestFailure, parseRetryAfter } from './classify-http-error';

const now = Date.parse('2026-03-01T12:00:00Z');
const classify = (status: number, headers: Record<string, string> = {}, body?: unknown) =>
  classifyHttpError({ status, headers: new Headers(headers), body, now });

describe('classifyHttpError', () => {
  it('maps each status to the kind the queue acts on', () => {
    const kinds = Object.fromEntries(
      [400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504].map((s) => [s, classify(s).kind]),
    );
    expect(kinds).toEqual({
      400: 'validation',
      401: 'auth',
      403: 'configuration',
      404: 'not_found',
      408: 'ambiguous',
      409: 'ambiguous',
      413: 'validation',
      422: 'validation',
      429: 'rate_limited',
      500: 'server',
      502: 'ambiguous',
      503: 'unavailable',
      504: 'ambiguous',
    });
  });

  it('keeps the platform errors[] and shows their messages', () => {
    const e = classify(400, {}, { success: false, errors: [{ message: 'file is empty', type: 'empty_file' }] });
    expect(e.platformErrors).toEqual([{ message: 'file is empty', type: 'empty_file' }]);
    expect(e.message).toContain('file is empty');
  });

  it('parses Retry-After as seconds or as an HTTP date', () => {
    expect(classify(429, { 'retry-after': '120' }).retryAfterMs).toBe(120_000);
    expect(classify(503, { 'retry-after': 'Sun, 01 Mar 2026 12:00:30 GMT' }).retryAfterMs).toBe(30_000);
    expect(parseRetryAfter('garbage', now)).toBeUndefined();
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
  });
});

describe('classifyRequestFailure', () => {
  const ctx = { action: 'uploading a.pdf', host: 'h', timedOut: false, cancelled: false };
  const fetchFailed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

  it('no connection → unreachable; lost connection → ambiguous', () => {
    expect(classifyRequestFailure(fetchFailed('ECONNREFUSED'), ctx).kind).toBe('unreachable');
    expect(classifyRequestFailure(fetchFailed('ENOTFOUND'), ctx).kind).toBe('unreachable');
    expect(classifyRequestFailure(fetchFailed('EHOSTUNREACH'), ctx).kind).toBe('unreachable');
    expect(classifyRequestFailure(fetchFailed('ECONNRESET'), ctx).kind).toBe('ambiguous');
    expect(classifyRequestFailure(new Error('socket hang up'), ctx).kind).toBe('ambiguous');
    expect(classifyRequestFailure(new Error('net::ERR_CONNECTION_REFUSED'), ctx).kind).toBe('unreachable');
  });

  it('body bytes already sent make even a connect-style error ambiguous; timeout and cancel are told apart', () => {
    expect(classifyRequestFailure(fetchFailed('ECONNREFUSED'), { ...ctx, bytesSent: 10 }).kind).toBe('ambiguous');
    expect(classifyRequestFailure(new Error('aborted'), { ...ctx, timedOut: true }).code).toBe('network.timeout');
    expect(classifyRequestFailure(new Error('aborted'), { ...ctx, cancelled: true }).kind).toBe('cancelled');
  });
});
