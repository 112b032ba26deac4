/**
 * Child process for the split kill test: publishes `parts` parts of `size` bytes into OUT with
 * commitParts. Prints "ready" when it starts and "step <name>" after each step, then waits 2 ms, so the
 * parent can aim its kill -9 at every window. Run: node --import tsx split-child.ts OUT PARTS SIZE SEED
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { commitParts } from '../split/split-commit';
import { prng } from './synthetic-scan';

export function partBytes(seed: number, index: number, size: number): Uint8Array {
  const rnd = prng(seed * 1000 + index + 1);
  const b = new Uint8Array(size);
  for (let i = 0; i < size; i += 4) b[i] = Math.floor(rnd() * 256);
  return b;
}

export const partName = (i: number) => `batch-part${String(i + 1).padStart(2, '0')}.pdf`;

if (process.argv[1]?.endsWith('split-child.ts')) {
  const [out, partsArg, sizeArg, seedArg] = process.argv.slice(2);
  const n = Number(partsArg);
  const size = Number(sizeArg);
  const seed = Number(seedArg);
  const parts = Array.from({ length: n }, (_, i) => ({ file: partName(i), bytes: partBytes(seed, i, size) }));
  process.stdout.write('ready\n');
  await commitParts(
    out!,
    parts,
    {
      original: { fileName: 'batch.pdf', sha256: createHash('sha256').update(String(seed)).digest('hex'), size: 0 },
      parts: parts.map((p, i) => ({ file: p.file, pages: [i], metadata: {}, flaggedBlankPages: [] })),
    },
    async (step) => {
      process.stdout.write(`step ${step}\n`);
      await sleep(2);
    },
  );
  process.stdout.write('done\n');
}
