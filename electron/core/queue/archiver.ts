import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Settings } from '../../../shared/domain/settings';
import { fsyncDirectory } from '../util/fsync-directory';
import { PRIVATE_DIR_MODE } from '../util/private-files';
import type { Logger } from '../util/logger';
import type { StoredDocument } from './document-store';

export type ArchiveSettings = Settings['archive'];

/** What archiving needs of a document (or of a capture batch's original, which is no document). */
export type ArchivableFile = Pick<
  StoredDocument,
  'id' | 'fileName' | 'spoolName' | 'archivePath' | 'sourcePath' | 'sourceSize' | 'sourceMtimeMs'
>;

const DAY_MS = 86_400_000;

/**
 * What happens to a document's files after the platform accepted it: the spool copy moves to the archive
 * (`<archive>/<YYYY-MM-DD>/<id>_<file name>`) or is deleted, and the scanner's file is deleted, but only if
 * it is still the file we took (same size and mtime): a new scan under the same name is a new document.
 */
export class Archiver {
  constructor(
    private readonly settings: ArchiveSettings,
    private readonly archiveDir: string,
    private readonly spoolPath: (name: string) => string,
    private readonly logger: Logger,
    private readonly options: { platform?: NodeJS.Platform } = {},
  ) {}

  /**
   * Where the spool copy goes (undefined: it is deleted). The worker saves this in the database, on disk,
   * before `archive` moves anything, so a crash after the move finds the file where the database says,
   * even when the restart is on another day.
   */
  plannedPath(doc: ArchivableFile, now: Date): string | undefined {
    if (this.settings.mode !== 'move') return undefined;
    return (
      doc.archivePath ?? join(this.archiveDir, now.toISOString().slice(0, 10), `${doc.id}_${safeName(doc.fileName)}`)
    );
  }

  /** Idempotent: safe to run again after a crash half-way. Returns where the copy now lives, if kept. */
  async archive(doc: ArchivableFile, now: Date): Promise<string | undefined> {
    const spoolFile = this.spoolPath(doc.spoolName);
    const archivePath = this.plannedPath(doc, now);
    if (archivePath) {
      if (await isFile(spoolFile)) {
        // The copy keeps the spool copy's 0600 (rename, or copyFile with the source's mode).
        await mkdir(join(archivePath, '..'), { recursive: true, mode: PRIVATE_DIR_MODE });
        await moveFile(spoolFile, archivePath, this.options.platform);
        await fsyncDirectory(join(archivePath, '..'), this.options.platform);
      }
    } else {
      await removeFile(spoolFile);
    }
    await this.removeSource(doc);
    return archivePath;
  }

  /** The scanner's file goes, if it is still the one taken (also for a file moved after its archiving). */
  async removeSource(doc: ArchivableFile): Promise<void> {
    if (!doc.sourcePath) return;
    try {
      const s = await stat(doc.sourcePath);
      if (s.size === doc.sourceSize && Math.trunc(s.mtimeMs) === doc.sourceMtimeMs) await removeFile(doc.sourcePath);
      else this.logger.info('source changed since intake; left in place', { documentId: doc.id });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
        this.logger.warn('could not remove source', { documentId: doc.id, error: e });
    }
  }

  /** Deletes archive day folders older than the retention; returns how many files went. */
  async prune(now: Date): Promise<number> {
    if (this.settings.mode !== 'move') return 0;
    const cutoff = now.getTime() - this.settings.retentionDays * DAY_MS;
    let removed = 0;
    let days: string[];
    try {
      days = await readdir(this.archiveDir);
    } catch {
      return 0;
    }
    for (const day of days) {
      const dayDir = join(this.archiveDir, day);
      for (const f of await readdir(dayDir).catch(() => [] as string[])) {
        const p = join(dayDir, f);
        const s = await stat(p).catch(() => undefined);
        if (s?.isFile() && s.mtimeMs < cutoff) {
          await rm(p, { force: true });
          removed++;
        }
      }
      if ((await readdir(dayDir).catch(() => ['x'])).length === 0) await rm(dayDir, { recursive: true, force: true });
    }
    return removed;
  }
}

/** unlink, where rm({ force }) would first lstat (and run rimraf's checks) for every document. */
async function removeFile(p: string): Promise<void> {
  await unlink(p).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
}

async function isFile(p: string): Promise<boolean> {
  return stat(p).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * rename, or across file systems (an archive on a share or another disk) a copy that is on disk before the
 * spool copy goes: copied to `<to>.partial`, fsynced, renamed, the folder fsynced, then the source deleted.
 * A crash half-way leaves the spool copy (and at most a `.partial`), and the step runs again at start.
 */
async function moveFile(from: string, to: string, platform: NodeJS.Platform | undefined): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    const partial = `${to}.partial`;
    await copyFile(from, partial);
    const copy = await open(partial, 'r+');
    try {
      await copy.sync();
    } finally {
      await copy.close();
    }
    await rename(partial, to);
    await fsyncDirectory(dirname(to), platform);
    await rm(from, { force: true });
  }
}

/** Archive names must be valid on every file system the archive may live on. */
function safeName(name: string): string {
  let out = '';
  for (const ch of name) out += ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? '_' : ch;
  return out.slice(0, 150);
}
