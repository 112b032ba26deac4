import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #48 item 10: `./run demo -- --help` ended in a stack trace (ERR_PARSE_ARGS_UNKNOWN_OPTION) instead of
// the usage. The demo's entry as `npm run demo` starts it (after building the renderer), as a process.
const TSX = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
const DEMO = join(import.meta.dirname, 'demo.ts');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(TSX, [DEMO, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('./run demo (electron/web/demo.ts)', () => {
  it(
    '--help and -h print the usage and the options and exit 0 without starting',
    async () => {
      for (const flag of ['--help', '-h']) {
        const r = await run([flag]);
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(/^usage: \.\/run demo /);
        expect(r.stdout).toContain('--max-import-bytes BYTES');
        expect(r.stdout).not.toContain('is running');
        expect(r.stderr).toBe('');
      }
    },
    idleMs(60_000),
  );

  it(
    'an unknown option is one line saying which, the usage, and exit 2: no stack trace',
    async () => {
      const r = await run(['--bogus']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^demo: Unknown option '--bogus'/);
      expect(r.stderr).toContain('usage: ./run demo');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    },
    idleMs(60_000),
  );
});
