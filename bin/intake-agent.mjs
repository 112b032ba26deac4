#!/usr/bin/env -S node --max-semi-space-size=4 --max-old-space-size=160 --expose-gc
// V8 start flags (npm's Windows shims keep them too): a small young generation, and an old generation
// held to 160 MB, 4× the agent's live data. With Node's defaults a burst of thousands of scans grew the
// heap with garbage to ~130 MB of young and ~130 MB of old generation before V8 collected it
// (docs/benchmarks.md, agent memory). Start flags: V8 sizes the heap at start. --expose-gc: once a burst
// is over, the agent runs one memory-reducing GC to give the heap back (electron/cli/agent-idle-memory.ts).
// Runs the headless agent. An installed package runs the bundle that `npm run build` wrote to out/main/
// (plain Node, no dev packages); a source checkout without a build falls back to tsx (a devDependency).
import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';

// V8's code cache on disk (Node ≥ 22.1; in the OS temp folder): later starts skip compiling the bundle
// again, about half of the agent's start-up (docs/benchmarks.md, agent start-up).
nodeModule.enableCompileCache?.();

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
