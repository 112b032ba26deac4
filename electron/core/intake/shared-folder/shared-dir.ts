import { lstat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../util/logger';
import { SHARED_DIR } from './layout';

/**
 * Why a watched folder is taken in place and not claimed: the admin opted out (`shared: false`), the
 * folder cannot take `.intake/` (read-only for this station), or `.intake` is not a folder (a link).
 */
export type InPlaceReason = 'opted_out' | 'read_only' | 'not_a_folder';

/**
 * The folder's `.intake/`, made when it is not there and `create` says so, or why the folder is taken in place
 * (opted out, read-only, `.intake` not a folder). One rule for both claim protocols: the rename protocol's
 * claims and heartbeats live in it, the office's only the folder's id. A link put there is not followed
 * (docs/security.md): what goes into it would land in another folder.
 */
export async function openSharedDir(
  root: string,
  logger: Pick<Logger, 'warn'>,
  create: boolean,
): Promise<{ dir: string } | { inPlace: InPlaceReason; detail?: string }> {
  const dir = join(root, SHARED_DIR);
  let s = await lstat(dir).catch(() => undefined);
  if (!s && !create) return { inPlace: 'opted_out' };
  if (!s) {
    const made = await mkdir(dir).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    if (made && made.code !== 'EEXIST') {
      if (made.code === 'EACCES' || made.code === 'EPERM' || made.code === 'EROFS')
        return { inPlace: 'read_only', detail: made.code };
      throw made;
    }
    s = await lstat(dir).catch(() => undefined);
  }
  if (!s?.isDirectory()) {
    if (s) logger.warn('.intake is not a folder; folder not shared', { folder: root });
    return { inPlace: 'not_a_folder' };
  }
  return { dir };
}
