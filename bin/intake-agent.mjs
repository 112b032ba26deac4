#!/usr/bin/env -S node --max-semi-space-size=4
// --max-semi-space-size: a small young generation. Node's default lets it grow to tens of MB per
// semi-space, which a burst of thousands of scans turned into ~90 MB of RSS for garbage (docs/benchmarks.md,
// agent memory). It must be a start flag (V8 sizes the heap at start); npm's Windows shims keep it too.
// Runs the headless agent. An installed package runs the bundle that `npm run build` wrote to out/main/
// (plain Node, no dev packages); a source checkout without a build falls back to tsx (a devDependency).
import { existsSync } from 'node:fs';

const bundle = new URL('../out/main/agent.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('intake-agent: no built agent (out/main/agent.js); run `npm run build` first\n');
    process.exit(2);
  }
  register();
  await import('../electron/cli/agent.ts');
}
