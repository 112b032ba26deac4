import { describe, expect, it } from 'vitest';
import { parseAgentArgs, UsageError } from './agent-args';

describe('--meta values', () => {
  it('take a value that meets the metadata rules', () => {
    expect(parseAgentArgs(['--meta', 'CaseNumber=4711', '--meta', 'Responsible-UserId=jdoe']).meta).toEqual({
      caseNumber: '4711',
      responsibleUserId: 'jdoe',
    });
  });

  it('refuse a control character or more than 255 characters at once, naming the flag', () => {
    expect(() => parseAgentArgs(['--meta', 'CaseNumber=47\t11'])).toThrow(UsageError);
    expect(() => parseAgentArgs(['--meta', 'CaseNumber=47\t11'])).toThrow(
      '--meta CaseNumber: tabs and other control characters are not allowed',
    );
    expect(() => parseAgentArgs(['--meta', `PolicyNumber=${'x'.repeat(256)}`])).toThrow(
      '--meta PolicyNumber: at most 255 characters',
    );
    expect(parseAgentArgs(['--meta', `PolicyNumber=${'x'.repeat(255)}`]).meta.policyNumber).toHaveLength(255);
  });
});
