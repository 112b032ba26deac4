import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { preparePrivateDataFolder } from './private-files';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const mode = (p: string) => statSync(p).mode & 0o777;

describe('preparePrivateDataFolder', () => {
  it("takes group and others' rights from an older install, keeps the owner's, never follows a link", async () => {
    const root = mkdtempSync(join(tmpdir(), 'intake-private-'));
    dirs.push(root);
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    const data = join(root, 'data');
    mkdirSync(join(data, 'archive', '2026-01-02'), { recursive: true, mode: 0o755 });
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'queue.sqlite'), '', { mode: 0o644 });
    writeFileSync(join(data, 'archive', '2026-01-02', 'copy.pdf'), '%PDF', { mode: 0o664 });
    writeFileSync(join(data, 'read-only.txt'), '', { mode: 0o444 });
    symlinkSync(outside, join(data, 'link'));
    const counts = await preparePrivateDataFolder(data);
    expect(mode(data)).toBe(0o700);
    expect(mode(join(data, 'archive'))).toBe(0o700);
    expect(mode(join(data, 'archive', '2026-01-02'))).toBe(0o700);
    expect(mode(join(data, 'archive', '2026-01-02', 'copy.pdf'))).toBe(0o600);
    expect(mode(join(data, 'queue.sqlite'))).toBe(0o600);
    expect(mode(join(data, 'read-only.txt'))).toBe(0o400);
    expect(mode(outside)).toBe(0o644);
    expect(counts).toEqual({ tightened: 6, failed: 0 });
    // A second start finds nothing to do.
    expect(await preparePrivateDataFolder(data)).toEqual({ tightened: 0, failed: 0 });
  });

  it('creates a missing data folder 0700', async () => {
    const root = mkdtempSync(join(tmpdir(), 'intake-private-'));
    dirs.push(root);
    await preparePrivateDataFolder(join(root, 'new', 'data'));
    expect(mode(join(root, 'new', 'data'))).toBe(0o700);
  });
});
