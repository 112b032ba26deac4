import { describe, expect, it } from 'vitest';
import { claimIdFromCaseNumber, claimIdProblem } from './claim-id';

describe('claim id', () => {
  it('prefills only from a case number that is a valid claim id', () => {
    expect(claimIdFromCaseNumber(' 1001 ')).toBe('1001');
    expect(claimIdFromCaseNumber('CLM-2026-000101')).toBeUndefined();
    expect(claimIdFromCaseNumber('9223372036854775808')).toBeUndefined();
    expect(claimIdFromCaseNumber(undefined)).toBeUndefined();
  });
  it('explains what is wrong with a typed id', () => {
    expect(claimIdProblem('9223372036854775807')).toBeUndefined();
    expect(claimIdProblem('0')).toMatch(/whole number/);
    expect(claimIdProblem('abc')).toMatch(/whole number/);
  });
});
