import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from './logger';

/**
 * Documents hold customer names, policy and claim numbers: the data folder and everything in it belong to
 * the user the app or agent runs as, and to nobody else on the station (docs/security.md, "Private by
 * default"). POSIX modes; on Windows the data folder lives in the user's profile (or ProgramData for a
 * service account), whose ACL already keeps other users out, and these modes mean nothing there.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** What the process creates without naming a mode (SQLite's files, the capture's and OCR cache's). */
export const PRIVATE_UMASK = 0o077;

/**
 * Creates the data folder 0700 and makes what an older version left in it private: group and others lose
 * every right (0644 → 0600, 0755 → 0700; links are left alone, chmod would follow them). Sets the process's umask to 0077 first, so every
 * file created afterwards is private too, whoever creates it. A file it may not change (another user's) is
 * counted and logged once, never fatal: the folder's own 0700 still keeps others out.
 */
export async function preparePrivateDataFolder(
  dir: string,
  logger?: Logger,
  platform: NodeJS.Platform = process.platform,
): Promise<{ tightened: number; failed: number }> {
  if (platform === 'win32') {
    await mkdir(dir, { recursive: true });
    return { tightened: 0, failed: 0 };
  }
  usePrivateUmask();
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const counts = { tightened: 0, failed: 0 };
  await tighten(dir, counts, true);
  if (counts.tightened > 0 || counts.failed > 0)
    logger?.info('data folder made private', { dir, tightened: counts.tightened, notChanged: counts.failed });
  return counts;
}

/** umask 0077 for this process (not offered in a worker thread, whose files the main thread's umask covers). */
export function usePrivateUmask(): void {
  try {
    process.umask(PRIVATE_UMASK);
  } catch {
    // A worker thread: the process's umask is the main thread's.
  }
}

/**
 * A folder that is private already is not entered: whatever is in it is out of others' reach (and this
 * process made it so, with private files), so a start does not stat a 30-day archive file by file. A folder
 * is made private after its contents, so a start interrupted half-way walks it again next time.
 */
async function tighten(path: string, counts: { tightened: number; failed: number }, root = false): Promise<void> {
  const s = await lstat(path).catch(() => undefined);
  if (!s || s.isSymbolicLink() || !(s.isDirectory() || s.isFile())) return;
  const open = (s.mode & 0o077) !== 0;
  if (s.isDirectory() && (open || root)) {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isDirectory() || e.isFile()) await tighten(join(path, e.name), counts);
  }
  // Group and others lose every right; the owner's bits stay (a file an admin made read-only stays so).
  if (open)
    await chmod(path, s.mode & 0o700).then(
      () => counts.tightened++,
      () => counts.failed++,
    );
}
