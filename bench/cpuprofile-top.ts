/**
 * Self time by function of a .cpuprofile (from PROFILE_OUT of profile-pipeline.ts), per document.
 * npx tsx bench/cpuprofile-top.ts file.cpuprofile [documents] [rows]
 */
import { readFile } from 'node:fs/promises';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, docs = '1', rows = '40'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-top.ts file.cpuprofile [documents] [rows]');
const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<string, number>();
let totalUs = 0;
profile.samples.forEach((id, i) => {
  const n = byId.get(id)!;
  const dt = profile.timeDeltas[i] ?? 0;
  const url = n.callFrame.url.replace(/^.*\/(electron|node_modules|bench|sandbox|shared)\//, '$1/');
  const key = `${n.callFrame.functionName || '(anonymous)'} ${url}${url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
  selfUs.set(key, (selfUs.get(key) ?? 0) + dt);
  if (n.callFrame.functionName !== '(idle)') totalUs += dt;
});
const perDoc = (us: number) => (us / 1000 / Number(docs)).toFixed(3);
console.log(`busy ${perDoc(totalUs)} ms per document (idle excluded)`);
for (const [k, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, Number(rows)))
  console.log(`${perDoc(us).padStart(7)} ms  ${k}`);
