import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** The checkout's commit as the agent names it (12 hex digits): what a source run and a fresh build say. */
export function headCommit(): string {
  const root = resolve(import.meta.dirname, '..', '..', '..');
  return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim().slice(0, 12);
}
