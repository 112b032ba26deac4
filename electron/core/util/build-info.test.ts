// The build's commit, read from a real git repository (and from places without one): what `--version`,
// `status` and intake_build_info show to tell two builds of one version apart.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInfoAt, describeBuild, gitCommitOf } from './build-info';
import { tempDir } from './test-support/temp-dir';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.org', ...args], {
    cwd: dir,
    encoding: 'utf8',
  }).trim();

function repoWithOneCommit(): { dir: string; sha: string } {
  const dir = tempDir('intake-build-info-');
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'a.txt'), 'one\n');
  git(dir, 'add', 'a.txt');
  git(dir, 'commit', '-q', '-m', 'one');
  return { dir, sha: git(dir, 'rev-parse', 'HEAD') };
}

describe('the build commit', () => {
  it('is the checkout’s HEAD (12 digits) with its date; a second commit is told apart', () => {
    const { dir, sha } = repoWithOneCommit();
    const first = buildInfoAt(dir, '0.1.0', {});
    expect(first).toMatchObject({ version: '0.1.0', commit: sha.slice(0, 12), source: 'git' });
    expect(first.commitDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(first.modified).toBeUndefined();
    writeFileSync(join(dir, 'a.txt'), 'two\n');
    git(dir, 'commit', '-q', '-am', 'two');
    const second = buildInfoAt(dir, '0.1.0', {});
    expect(second.commit).not.toBe(first.commit);
    expect(describeBuild(second)).toBe(`0.1.0 (commit ${second.commit}, ${second.commitDate?.slice(0, 10)})`);
  });

  it('says when the build had uncommitted changes to tracked files (not for untracked ones)', () => {
    const { dir } = repoWithOneCommit();
    writeFileSync(join(dir, 'new.txt'), 'a build leftover\n');
    expect(gitCommitOf(dir).modified).toBeUndefined();
    writeFileSync(join(dir, 'a.txt'), 'changed\n');
    const b = buildInfoAt(dir, '0.1.0', {});
    expect(b.modified).toBe(true);
    expect(describeBuild(b)).toContain('with uncommitted changes');
  });

  it('outside a git checkout it is "unknown", and says why', () => {
    const dir = tempDir('intake-build-info-none-');
    const b = buildInfoAt(dir, '0.1.0', {});
    expect(b).toMatchObject({ commit: 'unknown', source: 'none' });
    expect(b.note).toMatch(/^not built from a git checkout \(.*not a git repository/i);
    expect(describeBuild(b)).toMatch(/^0\.1\.0 \(commit unknown: not built from a git checkout/);
  });

  it('INTAKE_BUILD_COMMIT names it where there is no .git (a source archive); nonsense there is said', () => {
    const dir = tempDir('intake-build-info-env-');
    expect(buildInfoAt(dir, '0.1.0', { INTAKE_BUILD_COMMIT: '0123456789ABCDEF0123' })).toEqual({
      version: '0.1.0',
      commit: '0123456789ab',
      source: 'environment',
    });
    const bad = buildInfoAt(dir, '0.1.0', { INTAKE_BUILD_COMMIT: 'main' });
    expect(bad).toMatchObject({ commit: 'unknown', source: 'none' });
    expect(bad.note).toContain('INTAKE_BUILD_COMMIT is not a commit id: "main"');
  });
});
