/**
 * What a hard link would save over the spool copy (#19): CPU per 1 MB file of (a) the copy as the spool
 * does it (read, SHA-256, write, fsync of the copy) and (b) what a link still needs (link, read, SHA-256,
 * fsync of the shared inode: the scanner's bytes may not be on disk). Alternating, fresh files each round.
 * npx tsx bench/spool-copy-vs-link.ts [files] [kb]
 */
import { createHash } from 'node:crypto';
import { link, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { threadCpuMs } from './sandbox-process';
import { workDir } from './bench-support';

const [files = 100, kb = 1024] = process.argv.slice(2).map(Number);
const dir = workDir('copy-vs-link');
const buffer = Buffer.allocUnsafeSlow(1 << 20);

async function readHash(path: string): Promise<string> {
  const h = await open(path, 'r');
  const hash = createHash('sha256');
  for (;;) {
    const { bytesRead } = await h.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
  }
  await h.close();
  return hash.digest('hex');
}

async function copyWay(src: string, dst: string): Promise<void> {
  const s = await open(src, 'r');
  const d = await open(dst, 'w');
  const hash = createHash('sha256');
  for (;;) {
    const { bytesRead } = await s.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    await d.write(buffer, 0, bytesRead);
  }
  await d.sync();
  await d.close();
  await s.close();
  hash.digest('hex');
}

async function linkWay(src: string, dst: string): Promise<void> {
  await link(src, dst);
  await readHash(dst);
  const d = await open(dst, 'r');
  await d.sync();
  await d.close();
}

const total = { copy: 0, link: 0 };
for (let round = 0; round < 4; round++) {
  for (const way of round % 2 === 0 ? (['copy', 'link'] as const) : (['link', 'copy'] as const)) {
    const src = join(dir, `${way}-${round}-src`);
    const dst = join(dir, `${way}-${round}-dst`);
    await mkdir(src, { recursive: true });
    await mkdir(dst, { recursive: true });
    // Written unsynced, as a scanner leaves them.
    for (let i = 0; i < files; i++) await writeFile(join(src, `${i}.pdf`), randomBytes(kb * 1024));
    const before = await threadCpuMs(process.pid);
    for (let i = 0; i < files; i++)
      await (way === 'copy' ? copyWay : linkWay)(join(src, `${i}.pdf`), join(dst, `${i}.pdf`));
    const after = await threadCpuMs(process.pid);
    let ms = 0;
    for (const [k, v] of after) ms += v - (before.get(k) ?? 0);
    total[way] += ms / files;
    await rm(src, { recursive: true });
    await rm(dst, { recursive: true });
  }
}
console.log(
  `${files} × ${kb} KB, CPU per file (all threads, mean of 2 rounds each): copy+hash+fsync ${(total.copy / 2).toFixed(2)} ms, link+read+hash+fsync ${(total.link / 2).toFixed(2)} ms`,
);
await rm(dir, { recursive: true, force: true });
