/**
 * Opt-in reliability run: kill -9 the agent at random moments during a 200-file run, 20 times, then let
 * one agent finish. Reproduce: npx tsx bench/kill-test.ts [--files 200] [--kills 20]
 */
import { parseArgs } from 'node:util';
import { killRun } from '../test/reliability/kill-run';

const { values } = parseArgs({
  options: { files: { type: 'string', default: '200' }, kills: { type: 'string', default: '20' } },
});
const files = Number(values.files);
const kills = Number(values.kills);
const started = Date.now();
const r = await killRun({ files, kills, minMs: 800, maxMs: 4_000, log: (s) => console.log(s) });
console.log(JSON.stringify({ ...r, seconds: Math.round((Date.now() - started) / 1000) }));
const ok =
  r.endedByThemselves.length === 0 &&
  r.finalExitCode === 0 &&
  r.missing === 0 &&
  r.leftInFolder === 0 &&
  r.leftInSpool === 0;
console.log(
  ok
    ? `OK: ${r.uploaded}/${files} uploaded, ${r.duplicates} duplicate(s) at the platform after ${kills} kills`
    : 'FAILED',
);
console.log(`reproduce: npx tsx bench/kill-test.ts --files ${files} --kills ${kills}`);
process.exitCode = ok ? 0 : 1;
