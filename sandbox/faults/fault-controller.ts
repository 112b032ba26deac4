import { z } from 'zod';
import type { Faults } from '../sandbox-types';

export const FaultsSchema = z.strictObject({
  /** true: answer no API request (sockets reset, admin reachable); 'refuse': stop listening (ECONNREFUSED). */
  offline: z.union([z.boolean(), z.literal('refuse')]).optional(),
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  status5xx: z
    .strictObject({
      status: z.union([z.literal(500), z.literal(502), z.literal(504)]),
      count: z.number().int().positive().optional(),
      paths: z.string().optional(),
    })
    .optional(),
  retryAfter: z
    .strictObject({
      status: z.union([z.literal(429), z.literal(503)]),
      seconds: z.number().int().min(0),
      count: z.number().int().positive().optional(),
      paths: z.string().optional(),
    })
    .optional(),
  resetMidUpload: z
    .strictObject({
      afterBytes: z.number().int().min(0),
      count: z.number().int().positive().optional(),
      afterStore: z.boolean().optional(),
    })
    .optional(),
  expireTokens: z.boolean().optional(),
  revokeClient: z.string().min(1).optional(),
  slowUploadBytesPerSec: z.number().int().positive().optional(),
  /** A platform without Idempotency-Key: every upload stored, no replay. */
  ignoreIdempotencyKey: z.boolean().optional(),
});

export type ResponseFault = { kind: '5xx'; status: number } | { kind: 'retry-after'; status: number; seconds: number };

/**
 * Current faults. Counted faults (`count`) fire that many times, then switch themselves off;
 * without `count` they stay until cleared. `paths` is a substring of the request path.
 * expireTokens and revokeClient are one-shot actions applied by the server when set.
 */
export class FaultController {
  private faults: Faults = {};

  set(f: Faults): void {
    this.faults = { ...this.faults, ...f };
  }

  clear(): void {
    this.faults = {};
  }

  snapshot(): Faults {
    return structuredClone(this.faults);
  }

  get offline(): boolean {
    return this.faults.offline === true;
  }

  get refusing(): boolean {
    return this.faults.offline === 'refuse';
  }

  get latencyMs(): number {
    return this.faults.latencyMs ?? 0;
  }

  get ignoreIdempotencyKey(): boolean {
    return this.faults.ignoreIdempotencyKey === true;
  }

  get slowUploadBytesPerSec(): number | undefined {
    return this.faults.slowUploadBytesPerSec;
  }

  /** A 5xx or Retry-After answer this request should get instead of its real one, if any. */
  takeResponseFault(pathname: string): ResponseFault | undefined {
    const retry = this.faults.retryAfter;
    if (retry && (retry.paths === undefined || pathname.includes(retry.paths))) {
      this.faults.retryAfter = consume(retry);
      return { kind: 'retry-after', status: retry.status, seconds: retry.seconds };
    }
    const error = this.faults.status5xx;
    if (error && (error.paths === undefined || pathname.includes(error.paths))) {
      this.faults.status5xx = consume(error);
      return { kind: '5xx', status: error.status };
    }
    return undefined;
  }

  /** The upload reset to apply to this upload, if any (consumes one count). */
  takeUploadReset(): { afterBytes: number; afterStore: boolean } | undefined {
    const reset = this.faults.resetMidUpload;
    if (!reset) return undefined;
    this.faults.resetMidUpload = consume(reset);
    return { afterBytes: reset.afterBytes, afterStore: reset.afterStore === true };
  }
}

function consume<T extends { count?: number }>(fault: T): T | undefined {
  if (fault.count === undefined) return fault;
  return fault.count > 1 ? { ...fault, count: fault.count - 1 } : undefined;
}
