import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/** What a start of the app asks for: stay hidden in the tray, and which files to import. */
export interface LaunchRequest {
  hidden: boolean;
  files: string[];
}

export type PathKind = 'file' | 'directory' | 'missing';

/** Real file system check; injected so a test can use temp files and the shell the real disk. */
export function statPathKind(path: string): PathKind {
  try {
    const s = statSync(path);
    return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'missing';
  } catch {
    return 'missing';
  }
}

export const HIDDEN_FLAG = '--hidden';

/**
 * Reads a command line as the OS hands it over ("Send to → Intake Desk", a second start, login item).
 * argv[0] is the executable; in development argv[1] is the app folder. Everything starting with "-" is a
 * flag or one of the switches Chromium appends (e.g. `--allow-file-access-from-files`), unless it follows
 * a `--` terminator. Only paths that are existing regular files are kept: a folder, a vanished file or a
 * stray word is not a document. Relative paths are resolved against the starting process's folder.
 */
export function parseLaunchRequest(
  argv: readonly string[],
  cwd: string,
  kindOf: (path: string) => PathKind = statPathKind,
): LaunchRequest {
  let hidden = false;
  let afterTerminator = false;
  const files: string[] = [];
  const seen = new Set<string>();
  for (const arg of argv.slice(1)) {
    if (!afterTerminator && arg === '--') {
      afterTerminator = true;
      continue;
    }
    if (!afterTerminator && arg.startsWith('-')) {
      if (arg === HIDDEN_FLAG) hidden = true;
      continue;
    }
    if (arg.trim() === '') continue;
    const path = isAbsolute(arg) ? arg : resolve(cwd, arg);
    if (seen.has(path) || kindOf(path) !== 'file') continue;
    seen.add(path);
    files.push(path);
  }
  return { hidden, files };
}
