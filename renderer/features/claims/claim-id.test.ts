import { describe, expect, it } from 'vitest';
import { claimIdProblem } from './claim-id';

describe('claim id', () => {
  it('explains what is wrong with a typed id', () => {
    expect(claimIdProblem('9223372036854775807')).toBeUndefined();
    expect(claimIdProblem('0')).toMatch(/whole number/);
    expect(claimIdProblem('abc')).toMatch(/whole number/);
  });
});
