import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CommitManifest } from './split-commit';
import { commitParts, recoverSplits, SplitTargetExists } from './split-commit';
import { tempDir } from '../../util/test-support/temp-dir';

const manifest = (files: string[]): CommitManifest => ({
  original: { fileName: 'b.pdf', sha256: '00', size: 1 },
  parts: files.map((file) => ({ file, pages: [0], metadata: {}, flaggedBlankPages: [] })),
});
const parts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    file: `b-part0${i + 1}.pdf`,
    bytes: new TextEncoder().encode(`part ${i + 1}`),
  }));

describe('commitParts / recoverSplits', () => {
  it('writes every part into the folder and leaves no staging folder', async () => {
    const dir = tempDir('split-commit-');
    const written = await commitParts(dir, parts(3), manifest(parts(3).map((p) => p.file)));
    expect(written.map((w) => w.slice(dir.length + 1))).toEqual(['b-part01.pdf', 'b-part02.pdf', 'b-part03.pdf']);
    expect((await readdir(dir)).sort()).toEqual(['b-part01.pdf', 'b-part02.pdf', 'b-part03.pdf']);
    expect(await readFile(join(dir, 'b-part02.pdf'), 'utf8')).toBe('part 2');
  });

  it('a crash before the commit point: recovery removes the staged parts, nothing shows', async () => {
    const dir = tempDir('split-commit-');
    await expect(
      commitParts(dir, parts(3), manifest(parts(3).map((p) => p.file)), (step) => {
        if (step === 'part-written') throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect((await readdir(dir)).filter((n) => !n.startsWith('.'))).toEqual([]);
    expect(await recoverSplits(dir)).toEqual({ rolledForward: 0, removed: 1 });
    expect(await readdir(dir)).toEqual([]);
  });

  it('a crash after the commit point, mid-move: recovery moves the rest, every part shows', async () => {
    const dir = tempDir('split-commit-');
    let moved = 0;
    await expect(
      commitParts(dir, parts(3), manifest(parts(3).map((p) => p.file)), (step) => {
        if (step === 'part-moved' && ++moved === 1) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect((await readdir(dir)).filter((n) => !n.startsWith('.'))).toEqual(['b-part01.pdf']);
    expect(await recoverSplits(dir)).toEqual({ rolledForward: 1, removed: 0 });
    expect((await readdir(dir)).sort()).toEqual(['b-part01.pdf', 'b-part02.pdf', 'b-part03.pdf']);
  });

  it('refuses to overwrite a file already in the folder, and writes nothing', async () => {
    const dir = tempDir('split-commit-');
    await writeFile(join(dir, 'b-part02.pdf'), 'older');
    await expect(commitParts(dir, parts(3), manifest(parts(3).map((p) => p.file)))).rejects.toBeInstanceOf(
      SplitTargetExists,
    );
    expect((await readdir(dir)).sort()).toEqual(['b-part02.pdf']);
    expect(await readFile(join(dir, 'b-part02.pdf'), 'utf8')).toBe('older');
  });

  it('creates the output folder when missing; recovery of a folder that does not exist does nothing', async () => {
    const dir = join(tempDir('split-commit-'), 'new', 'out');
    expect(await recoverSplits(dir)).toEqual({ rolledForward: 0, removed: 0 });
    await commitParts(dir, parts(1), manifest(['b-part01.pdf']));
    expect(await readdir(dir)).toEqual(['b-part01.pdf']);
    await mkdir(join(dir, 'sub'));
  });
});
