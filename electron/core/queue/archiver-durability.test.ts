import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { indexOf, STRACE_AVAILABLE, traceScript } from '../util/test-support/syscall-trace';

// An archive on another file system (a share, another disk) is a copy, not a rename: the copy must be on
// disk (file and folder fsynced) before the spool copy is deleted, or a power cut loses the document.
// /dev/shm is tmpfs, a file system of its own next to the temp folder here.
const OTHER_FS = '/dev/shm';

describe.skipIf(!STRACE_AVAILABLE || !existsSync(OTHER_FS))('Archiver, archive on another file system', () => {
  it('fsyncs the copied file and its folder before it deletes the spool copy', () => {
    const spoolDir = mkdtempSync(join(tmpdir(), 'intake-archive-xdev-'));
    const archiveDir = mkdtempSync(join(OTHER_FS, 'intake-archive-xdev-'));
    // tmpfs is memory: the folder goes at the end whatever happens, and so does the spool's.
    onTestFinished(() => rmSync(archiveDir, { recursive: true, force: true }));
    onTestFinished(() => rmSync(spoolDir, { recursive: true, force: true }));
    const calls = traceScript(
      `
      const { Spool } = await import('./electron/core/queue/spool.ts');
      const { Archiver } = await import('./electron/core/queue/archiver.ts');
      const { silentLogger } = await import('./electron/core/util/logger.ts');
      const [spoolDir, archiveDir] = process.argv.slice(1);
      const spool = new Spool(spoolDir);
      await spool.init();
      await spool.writeBytes(Buffer.alloc(100_000, 7), 'doc-1');
      const archiver = new Archiver({ mode: 'move', retentionDays: 30 }, archiveDir, (n) => spool.pathOf(n), silentLogger);
      const path = await archiver.archive({ id: 'doc-1', spoolName: 'doc-1', fileName: 'scan.pdf' }, new Date('2026-11-24T10:00:00Z'));
      if (path !== archiveDir + '/2026-11-24/doc-1_scan.pdf') throw new Error('archived at ' + path);
      `,
      [spoolDir, archiveDir],
    );
    const removed = indexOf(calls, /^unlink/, new RegExp(`${spoolDir}/doc-1"`));
    expect(removed, 'the spool copy is deleted').toBeGreaterThan(-1);
    const fileSync = indexOf(calls, /^f(data)?sync$/, /doc-1_scan\.pdf[^>]*>/);
    expect(fileSync, 'fsync of the archived copy').toBeGreaterThan(-1);
    expect(fileSync).toBeLessThan(removed);
    const dirSync = indexOf(calls, /^fsync$/, new RegExp(`<${archiveDir}/2026-11-24>`));
    expect(dirSync, 'fsync of the archive folder').toBeGreaterThan(-1);
    expect(dirSync).toBeLessThan(removed);
  });
});
