// The package's version and the build's commit. `npm run build` inlines both into the bundle
// (electron.vite.config.ts defines __INTAKE_BUILD__), so an installed agent answers without git or files;
// a source run (tsx, the tests) has no such define and asks git once, at the first call.
import { join } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import type { BuildInfo } from '../core/util/build-info';
import { buildInfoAt, describeBuild } from '../core/util/build-info';

declare const __INTAKE_BUILD__: BuildInfo;

export const AGENT_VERSION: string = packageJson.version;

let build: BuildInfo | undefined;

/** This build: version, commit (or "unknown" with the reason), the commit's date. */
export function agentBuild(): BuildInfo {
  build ??=
    typeof __INTAKE_BUILD__ === 'undefined'
      ? buildInfoAt(join(import.meta.dirname, '..', '..'), AGENT_VERSION)
      : __INTAKE_BUILD__;
  return build;
}

/** `intake-agent --version`: e.g. `0.1.0 (commit 367f62b1c2d3, 2026-11-28)`. */
export const agentVersionLine = (): string => describeBuild(agentBuild());
