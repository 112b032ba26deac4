/**
 * Crash-safe publication of a split's parts into a folder: all of them or none.
 *
 * 1. Every part is written into a hidden staging folder `.intake-split-<id>` inside the target folder
 *    (same file system, so renames are atomic) and fsynced.
 * 2. Commit point: the manifest is written as `manifest.json.tmp`, fsynced, and renamed to
 *    `manifest.json`; the staging folder is fsynced.
 * 3. Each part is renamed into the target folder, the folder fsynced, the staging folder removed.
 *
 * `recoverSplits` runs before any split and before anything reads the folder: a staging folder with a
 * manifest is rolled forward (step 3 finished), one without is removed. So after a kill -9 at any moment
 * and the recovery, the folder holds either none of the parts or every one, each whole. The original file
 * is only ever read.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const STAGING_PREFIX = '.intake-split-';
const MANIFEST = 'manifest.json';

export interface CommitManifest {
  original: { fileName: string; sha256: string; size: number };
  parts: Array<{ file: string; pages: number[]; metadata: Record<string, string>; flaggedBlankPages: number[] }>;
}

export class SplitTargetExists extends Error {
  constructor(readonly file: string) {
    super(`${file} already exists in the output folder; nothing was written`);
  }
}

async function fsyncPath(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

async function writeDurably(path: string, data: Uint8Array | string): Promise<void> {
  const fh = await open(path, 'wx');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/** Test hook: called between steps so a kill test can widen each window. */
export type StepHook = (step: 'part-written' | 'committed' | 'part-moved') => Promise<void> | void;

export async function commitParts(
  outDir: string,
  parts: Array<{ file: string; bytes: Uint8Array }>,
  manifest: CommitManifest,
  onStep?: StepHook,
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  await recoverSplits(outDir);
  for (const p of parts) if (await exists(join(outDir, p.file))) throw new SplitTargetExists(p.file);
  const stage = join(outDir, `${STAGING_PREFIX}${randomUUID()}`);
  await mkdir(stage);
  for (const p of parts) {
    await writeDurably(join(stage, p.file), p.bytes);
    await onStep?.('part-written');
  }
  await writeDurably(join(stage, `${MANIFEST}.tmp`), JSON.stringify(manifest));
  await fsyncPath(stage);
  await fsyncPath(outDir); // the staging folder's own entry
  await rename(join(stage, `${MANIFEST}.tmp`), join(stage, MANIFEST));
  await fsyncPath(stage);
  await onStep?.('committed');
  await rollForward(outDir, stage, onStep);
  return parts.map((p) => join(outDir, p.file));
}

async function rollForward(outDir: string, stage: string, onStep?: StepHook): Promise<void> {
  const manifest = JSON.parse(await readFile(join(stage, MANIFEST), 'utf8')) as CommitManifest;
  for (const part of manifest.parts) {
    // Already moved before a crash: the staged file is gone and the target is there.
    if (await exists(join(stage, part.file))) {
      await rename(join(stage, part.file), join(outDir, part.file));
      await onStep?.('part-moved');
    }
  }
  await fsyncPath(outDir);
  await rm(stage, { recursive: true, force: true });
  await fsyncPath(outDir);
}

/** Finishes committed splits and removes uncommitted ones in `outDir`. Returns what it did. */
export async function recoverSplits(outDir: string): Promise<{ rolledForward: number; removed: number }> {
  let rolledForward = 0;
  let removed = 0;
  const entries = await readdir(outDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.startsWith(STAGING_PREFIX)) continue;
    const stage = join(outDir, name);
    if (await exists(join(stage, MANIFEST))) {
      await rollForward(outDir, stage);
      rolledForward++;
    } else {
      await rm(stage, { recursive: true, force: true });
      removed++;
    }
  }
  if (removed > 0) await fsyncPath(outDir);
  return { rolledForward, removed };
}
