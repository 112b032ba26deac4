import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inspectFolder } from './folder-handlers';

const dir = mkdtempSync(join(tmpdir(), 'folder-inspect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inspectFolder', () => {
  it('tells a folder, a missing path, a file and a path through a file apart', async () => {
    writeFileSync(join(dir, 'file.txt'), 'x');
    expect(await inspectFolder(dir)).toEqual({ path: dir, state: 'folder' });
    expect((await inspectFolder(join(dir, 'gone'))).state).toBe('missing');
    expect((await inspectFolder(join(dir, 'file.txt'))).state).toBe('not_a_folder');
    expect((await inspectFolder(join(dir, 'file.txt', 'below'))).state).toBe('missing');
  });

  it('answers the absolute path the watcher would use', async () => {
    expect((await inspectFolder('relative/scans')).path).toBe(join(process.cwd(), 'relative/scans'));
  });
});
