/**
 * Shared scan folders (issue #28): how a 300-file burst splits across 1, 2 and 3 agents on one folder, and
 * what the claim costs per file. Real agents (own processes) against the sandbox; the claim cost is the
 * two renames of the protocol (folder → claimed → taken), timed on the same file system, and the 1-agent
 * run with and without sharing.
 *
 * Reproduce: npx tsx bench/shared-folder.ts [--files 300] [--folder /mnt/share/scans] [--poll 1000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { moveInto } from '../electron/core/intake/shared-folder/claim';
import { sharedRun } from '../test/reliability/shared-run';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '300' },
    folder: { type: 'string' },
    poll: { type: 'string' },
    agents: { type: 'string', default: '1,2,3' },
  },
});
const files = Number(values.files);
const share = values.folder ? { folder: values.folder, ...(values.poll ? { pollMs: Number(values.poll) } : {}) } : {};

/** The claim's file-system cost: per file, the rename into claimed/ and the rename on into taken/. */
async function claimCost(n: number): Promise<{ claimUs: number; commitUs: number }> {
  const root = values.folder
    ? join(values.folder, `.claim-bench-${process.pid}`)
    : mkdtempSync(join(tmpdir(), 'claim-'));
  await mkdir(join(root, 'claimed'), { recursive: true });
  await mkdir(join(root, 'taken'), { recursive: true });
  for (let i = 0; i < n; i++) await writeFile(join(root, `f${i}.pdf`), randomBytes(4_000));
  let claim = 0;
  let commit = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await moveInto(join(root, `f${i}.pdf`), join(root, 'claimed', `f${i}.pdf`));
    const t1 = performance.now();
    await moveInto(join(root, 'claimed', `f${i}.pdf`), join(root, 'taken', `f${i}.pdf`));
    commit += performance.now() - t1;
    claim += t1 - t0;
  }
  await rm(root, { recursive: true, force: true });
  return { claimUs: Math.round((claim / n) * 1000), commitUs: Math.round((commit / n) * 1000) };
}

const rows: Array<Record<string, unknown>> = [];
const cost = await claimCost(files);
console.log(`claim cost per file (${values.folder ?? 'local tmp'}): ${JSON.stringify(cost)}`);
const burst = { files, arrivalMs: 0, leaseSeconds: 120, timeoutMs: 300_000, ...share };
const plain = await sharedRun({ ...burst, agents: 1, shared: false });
rows.push({
  agents: 1,
  shared: false,
  seconds: +(plain.ms / 1000).toFixed(1),
  split: plain.split.join('/'),
  dup: plain.duplicates,
});
console.log(JSON.stringify(rows.at(-1)));
for (const agents of values.agents.split(',').map(Number)) {
  const r = await sharedRun({ ...burst, agents });
  rows.push({
    agents,
    shared: true,
    seconds: +(r.ms / 1000).toFixed(1),
    split: r.split.join('/'),
    once: r.once,
    dup: r.duplicates,
    missing: r.missing.length,
  });
  console.log(JSON.stringify(rows.at(-1)));
}
console.table(rows);
console.log(
  `reproduce: npx tsx bench/shared-folder.ts --files ${files}${values.folder ? ` --folder ${values.folder}` : ''}`,
);
