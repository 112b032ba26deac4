import { describe, expect, it } from 'vitest';
import type { ScannerBackend } from './scanner-backend';
import { backendFor, ScannerProblem } from './scanner-backend';

const backend = (kind: ScannerBackend['kind'], prefix: RegExp): ScannerBackend => ({
  kind,
  owns: (id) => prefix.test(id),
  list: () => Promise.resolve([]),
  capabilities: () => Promise.reject(new Error('not asked')),
  scan: () => Promise.reject(new Error('not asked')),
});

describe('backendFor (issue #48 item 4)', () => {
  const backends = [backend('escl', /^https?:\/\//i), backend('sane', /^sane:/)];

  it('finds the backend that owns an address', () => {
    expect(backendFor(backends, 'https://192.168.1.20/eSCL').kind).toBe('escl');
    expect(backendFor(backends, 'sane:test:0').kind).toBe('sane');
  });

  it('an address no backend takes is "not a scanner address", not "does not offer these settings"', () => {
    for (const typed of ['a1', '192.168.1.20', 'ftp://scanner/eSCL']) {
      let thrown: unknown;
      try {
        backendFor(backends, typed);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(ScannerProblem);
      expect((thrown as ScannerProblem).code).toBe('scanner.bad_address');
      expect((thrown as ScannerProblem).message).toMatch(/^This is not a scanner address/);
    }
  });
});
