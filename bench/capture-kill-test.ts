/**
 * Opt-in: kill -9 split publication 100 times and `intake-agent split` 20 times at random moments; after
 * recovery every folder must hold none of the parts or all of them. Reproduce:
 *   npx tsx bench/capture-kill-test.ts [--commits 100] [--cli 20]
 */
import { parseArgs } from 'node:util';
import { killCliSplits, killCommits } from '../electron/core/capture/test-support/split-kill-run';

const { values } = parseArgs({
  options: { commits: { type: 'string', default: '100' }, cli: { type: 'string', default: '20' } },
});
const started = Date.now();
const commits = await killCommits({ runs: Number(values.commits) });
console.log(JSON.stringify({ commits }));
const cli = await killCliSplits({ runs: Number(values.cli) });
console.log(JSON.stringify({ cli, seconds: Math.round((Date.now() - started) / 1000) }));
const ok = commits.half === 0 && cli.half === 0 && cli.originalChanged === 0;
console.log(ok ? 'OK: never half a split' : 'FAILED');
process.exitCode = ok ? 0 : 1;
