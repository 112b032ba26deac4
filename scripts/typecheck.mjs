// Type-checks each layer's project with TypeScript 7 (the native compiler), one after the other.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const tsc = 'node_modules/typescript7/bin/tsc';
const solution = JSON.parse(readFileSync('tsconfig.json', 'utf8').replace(/^\s*\/\/.*$/gm, ''));
let failed = 0;
for (const { path } of solution.references) {
  const r = spawnSync(process.execPath, [tsc, '-p', path, '--pretty'], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.error(`typecheck: ${path} failed`);
  }
}
process.exit(failed ? 1 : 0);
