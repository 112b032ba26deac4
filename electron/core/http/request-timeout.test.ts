import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_REQUEST_TIMEOUT_MS,
  SLOWEST_LINE_BYTES_PER_SECOND,
  requestTimeoutMs,
} from './request-timeout';

describe('requestTimeoutMs', () => {
  it('a request without a body waits the base', () => {
    expect(requestTimeoutMs(0)).toBe(DEFAULT_REQUEST_TIMEOUT_MS);
    expect(requestTimeoutMs(0, 500)).toBe(500);
  });

  it('adds the time the whole body takes at the slowest supported line', () => {
    // The scan: 3.4 MB cut off after 30 s; now 30 s + 3.4 MB at 16 KiB/s ≈ 4 min.
    expect(requestTimeoutMs(3_400_000)).toBe(30_000 + Math.ceil((3_400_000 / SLOWEST_LINE_BYTES_PER_SECOND) * 1000));
    expect(requestTimeoutMs(16 * 1024, 500)).toBe(1_500);
  });

  it('is at most an hour, so a stalled large upload is still given up', () => {
    expect(requestTimeoutMs(2 ** 31 - 1)).toBe(MAX_REQUEST_TIMEOUT_MS);
  });
});
