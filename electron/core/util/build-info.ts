import { execFileSync } from 'node:child_process';

/**
 * Which build this is: the package version alone does not tell two builds apart (every build between two
 * releases says the same), the commit does. `npm run build` writes it into the bundle (electron.vite.config.ts
 * defines __INTAKE_BUILD__); a source run (tsx, tests) asks git at start. A build that knows no commit says
 * so in its commit ("unknown") and in `note`, never by leaving it out.
 */
export interface BuildInfo {
  /** package.json's version. */
  version: string;
  /** The commit's first 12 hex digits, or "unknown". */
  commit: string;
  /** The commit's date (ISO 8601, committer date), when known: which of two builds is newer. */
  commitDate?: string;
  /** The build had changes that were not committed: the commit alone does not say what it holds. */
  modified?: boolean;
  /** Where the commit came from: git (at build time for a bundle, at start for a source run), $INTAKE_BUILD_COMMIT, or nowhere. */
  source: 'git' | 'environment' | 'none';
  /** Why the commit is unknown. */
  note?: string;
}

export const UNKNOWN_COMMIT = 'unknown';

/** The commit of the checkout at `dir`, by git; or why there is none. */
export function gitCommitOf(dir: string): Pick<BuildInfo, 'commit' | 'commitDate' | 'modified' | 'note'> {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  try {
    const [sha, date] = git('show', '-s', '--format=%H %cI', 'HEAD').split(' ');
    if (!sha || !/^[0-9a-f]{40}$/.test(sha)) throw new Error(`git printed no commit for HEAD`);
    // Tracked files only: a build folder or a test's leftovers do not make a build "modified".
    const modified = git('status', '--porcelain', '--untracked-files=no') !== '';
    return { commit: sha.slice(0, 12), ...(date ? { commitDate: date } : {}), ...(modified ? { modified } : {}) };
  } catch (e) {
    const error = e as NodeJS.ErrnoException & { stderr?: string };
    const why =
      error.code === 'ENOENT'
        ? 'git is not installed'
        : (error.stderr?.trim().split('\n')[0] ?? error.message.split('\n')[0] ?? 'git failed');
    return { commit: UNKNOWN_COMMIT, note: `not built from a git checkout (${why})` };
  }
}

/**
 * The build's commit as the build records it: $INTAKE_BUILD_COMMIT first (a build from a source archive,
 * where there is no .git, names its commit so), else git in `dir`.
 */
export function buildInfoAt(dir: string, version: string, env: NodeJS.ProcessEnv = process.env): BuildInfo {
  const fromEnv = env['INTAKE_BUILD_COMMIT']?.trim();
  if (fromEnv) {
    if (!/^[0-9a-f]{7,40}$/i.test(fromEnv))
      return {
        version,
        commit: UNKNOWN_COMMIT,
        source: 'none',
        note: `INTAKE_BUILD_COMMIT is not a commit id: ${JSON.stringify(fromEnv)}`,
      };
    return { version, commit: fromEnv.toLowerCase().slice(0, 12), source: 'environment' };
  }
  const git = gitCommitOf(dir);
  return { version, ...git, source: git.commit === UNKNOWN_COMMIT ? 'none' : 'git' };
}

/** One line for people: `0.1.0 (commit 367f62b1c2d3, 2026-11-28)`, with what is not known said. */
export function describeBuild(b: BuildInfo): string {
  if (b.commit === UNKNOWN_COMMIT) return `${b.version} (commit unknown: ${b.note ?? 'no commit recorded'})`;
  const date = b.commitDate ? `, ${b.commitDate.slice(0, 10)}` : '';
  return `${b.version} (commit ${b.commit}${b.modified ? ' with uncommitted changes' : ''}${date})`;
}
