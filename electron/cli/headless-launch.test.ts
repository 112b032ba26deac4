import { describe, expect, it } from 'vitest';
import { parseAgentArgs } from './agent-args';
import { headlessAgentArgs } from './headless-launch';

describe('headless launch', () => {
  it('a packaged start with --headless hands everything after it to the agent', () => {
    const argv = [
      '/opt/Intake Desk/intake-desk',
      '--ozone-platform=headless',
      '--headless',
      'run',
      '--data',
      '/var/lib/x',
    ];
    expect(headlessAgentArgs(argv)).toEqual(['run', '--data', '/var/lib/x']);
    // The agent accepts exactly those flags (a Chromium switch after the flag would be refused).
    expect(parseAgentArgs(headlessAgentArgs(argv) ?? []).data).toBe('/var/lib/x');
    expect(() => parseAgentArgs(['--ozone-platform=headless'])).toThrow(/Unknown option/);
  });

  it('a development start (argv[1] is the app folder) works the same', () => {
    expect(headlessAgentArgs(['electron', '.', '--headless', '--once'])).toEqual(['--once']);
  });

  it('without the flag the window starts, and a file named --headless after -- is a file', () => {
    expect(headlessAgentArgs(['intake-desk'])).toBeUndefined();
    expect(headlessAgentArgs(['intake-desk', '--hidden'])).toBeUndefined();
    expect(headlessAgentArgs(['intake-desk', '--', '--headless'])).toBeUndefined();
  });
});
