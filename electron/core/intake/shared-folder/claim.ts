import { lstat, mkdir, readdir, rename } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

/**
 * The one move of the protocol: rename(2) of a file into a folder of one station. On a local file system and
 * NFS, of two stations renaming the same name one wins and the other gets ENOENT. On SMB2+ a rename goes by
 * handle (open, set the new name, close): a station whose handle opened before the other's rename moves the
 * file on from where that put it, so both may see 'won' (through libsmbclient in 1–7 % of simultaneous
 * renames; docs/deployment.md §10). The file is then in one claim folder only, so of the two commits
 * (claimed → taken) one wins: a claim alone never decides.
 *
 * 'won': the file is at `to` now. 'lost': another station (or the writer, or an admin) moved it first.
 * 'busy': it could not be moved now (held open on Windows/SMB, the target name taken, no permission).
 */
export type MoveResult = 'won' | 'lost' | 'busy';

export async function moveInto(from: string, to: string): Promise<MoveResult> {
  // rename() replaces an existing target on POSIX: a second file of the same name must not overwrite one
  // the station holds. Only this station writes into its own folders, so the look is not racy.
  if (await exists(to)) return 'busy';
  try {
    await rename(from, to);
    return 'won';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') return 'busy';
    // ENOENT also means the target's folder is missing (new subfolder, or removed by an admin): only a
    // source that is really gone is a lost race.
    if (!(await exists(from))) return 'lost';
    await mkdir(dirname(to), { recursive: true });
    try {
      await rename(from, to);
      return 'won';
    } catch (again) {
      return (again as NodeJS.ErrnoException).code === 'ENOENT' && !(await exists(from)) ? 'lost' : 'busy';
    }
  }
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** The files under a station folder, as paths relative to it (the OS's separator), subfolders included. */
export async function filesUnder(dir: string, depth = 8): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, level: number): Promise<void> => {
    const entries = await readdir(d, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory() && level < depth) await walk(p, level + 1);
      else if (e.isFile()) out.push(relative(dir, p));
    }
  };
  await walk(dir, 0);
  return out;
}

/** How many files lie under a station folder (subfolders included), without keeping their names. */
export async function countFilesUnder(dir: string, depth = 8): Promise<number> {
  const count = async (d: string, level: number): Promise<number> => {
    let n = 0;
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      if (e.isDirectory() && level < depth) n += await count(join(d, e.name), level + 1);
      else if (e.isFile()) n++;
    }
    return n;
  };
  return count(dir, 0);
}
