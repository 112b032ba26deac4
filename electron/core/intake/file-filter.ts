import type { FolderProfile } from '../../../shared/domain/settings';

/**
 * Files scanners and copy tools write before the real one exists: Office lock files, temp and partial
 * downloads, hidden files (rsync's `.name.XXXX`, macOS `._name`). Never documents.
 */
const TEMP_SUFFIXES = ['.tmp', '.part', '.crdownload', '.partial'];

export function isTemporaryName(baseName: string): boolean {
  const lower = baseName.toLowerCase();
  return baseName.startsWith('.') || baseName.startsWith('~$') || TEMP_SUFFIXES.some((s) => lower.endsWith(s));
}

/** `*` any run within one path segment, `?` one character, `**` any run across segments; case-insensitive. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  const g = glob.normalize('NFC');
  for (let i = 0; i < g.length; i++) {
    const c = g[i] as string;
    if (c === '*' && g[i + 1] === '*') {
      re += '.*';
      i++;
      if (g[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, 'iu');
}

/** Decides from a profile's include/exclude globs whether a relative path (with `/`) is a candidate. */
export class FileFilter {
  private readonly include: RegExp[];
  private readonly exclude: RegExp[];
  private readonly includePaths: boolean[];
  private readonly excludePaths: boolean[];

  constructor(profile: Pick<FolderProfile, 'include' | 'exclude'>) {
    this.include = profile.include.map(globToRegExp);
    this.exclude = profile.exclude.map(globToRegExp);
    // A glob without `/` is matched against the file name, so `*.pdf` also takes `sub/x.pdf`.
    this.includePaths = profile.include.map((g) => g.includes('/'));
    this.excludePaths = profile.exclude.map((g) => g.includes('/'));
  }

  accepts(relativePath: string): boolean {
    const rel = relativePath.normalize('NFC').split('\\').join('/');
    const segments = rel.split('/');
    if (segments.some(isTemporaryName)) return false;
    const base = segments[segments.length - 1] ?? rel;
    const hit = (res: RegExp[], paths: boolean[]) => res.some((r, i) => r.test(paths[i] ? rel : base));
    if (this.include.length > 0 && !hit(this.include, this.includePaths)) return false;
    return !hit(this.exclude, this.excludePaths);
  }
}
