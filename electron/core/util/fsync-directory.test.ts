import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Archiver } from '../queue/archiver';
import { Spool } from '../queue/spool';
import type { StoredDocument } from '../queue/document-store';
import { silentLogger } from './logger';
import { fsyncDirectory } from './fsync-directory';
import { tempDir as madeTempDir } from './test-support/temp-dir';

// Removed when each test ends, passed or failed.
const tempDir = async () => madeTempDir('intake-fsync-dir-');

describe('fsyncDirectory', () => {
  it('fsyncs the folder on POSIX (a folder that is not there is an error)', async () => {
    const dir = await tempDir();
    await expect(fsyncDirectory(dir, 'linux')).resolves.toBeUndefined();
    await expect(fsyncDirectory(dir, 'darwin')).resolves.toBeUndefined();
    await expect(fsyncDirectory(join(dir, 'missing'), 'linux')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('does not open the folder on Windows (open fails there with EISDIR, fsync with EPERM)', async () => {
    const dir = await tempDir();
    // No system call at all: even a folder that does not exist is fine, so nothing was opened.
    await expect(fsyncDirectory(join(dir, 'missing'), 'win32')).resolves.toBeUndefined();
  });

  it('the spool and the archive take the platform, and finish their work on Windows', async () => {
    const dir = await tempDir();
    const spool = new Spool(join(dir, 'spool'), { platform: 'win32' });
    await spool.init();
    const copy = await spool.writeBytes(Buffer.from('%PDF-1.7 win'), 'doc-1');
    expect(await readFile(copy.path, 'utf8')).toBe('%PDF-1.7 win');
    const archiver = new Archiver(
      { mode: 'move', retentionDays: 30 },
      join(dir, 'archive'),
      (n) => spool.pathOf(n),
      silentLogger,
      { platform: 'win32' },
    );
    const source = join(dir, 'scan.pdf');
    await writeFile(source, 'x');
    const doc = { id: 'doc-1', spoolName: 'doc-1', fileName: 'scan.pdf' } as StoredDocument;
    const archived = await archiver.archive(doc, new Date('2026-11-24T10:00:00Z'));
    expect(archived).toBe(join(dir, 'archive', '2026-11-24', 'doc-1_scan.pdf'));
    expect(await readFile(archived ?? '', 'utf8')).toBe('%PDF-1.7 win');
    expect(await readdir(join(dir, 'spool'))).toEqual([]);
  });

  it('is the one folder-fsync rule: spool, archive and settings use it', async () => {
    for (const file of ['../queue/spool.ts', '../queue/archiver.ts', './atomic-write.ts']) {
      const source = await readFile(join(import.meta.dirname, file), 'utf8');
      expect(source, file).toMatch(/from '(\.\.\/util|\.)\/fsync-directory'/);
      expect(source, file).not.toMatch(/process\.platform === 'win32'/);
    }
  });
});
