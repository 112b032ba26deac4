// The test command: typecheck, lint (+ proof that each layer rule fires), build, then every vitest project
// (unit, integration, e2e in Chromium) inside a private D-Bus session with a real, unlocked gnome-keyring,
// then, with INTAKE_TEST_SMB=1, the multi-station tests on a real SMB share (scripts/test-smb.mjs, bounded).
// Ends with one line `N passed, M failed, K skipped` over everything (a test that leaves a temporary folder
// behind counts as a failure); exits non-zero on any failure or
// when no test ran at all.
//   node scripts/test.mjs               everything
//   node scripts/test.mjs --only e2e    build + the e2e project only
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSmbSuite } from './test-smb.mjs';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;

// The whole run, and every process it starts (agents, Chromium profiles, the keyring, npm), takes its
// temporary folders from a private fresh folder (TMPDIR; os.tmpdir() and mkdtemp follow it): a test that
// leaves something behind is found at the end by name, and the machine's temp folder stays clean.
if (!process.env.INTAKE_TEST_TMPDIR) {
  const runTmp = mkdtempSync(join(tmpdir(), 'intake-test-run-'));
  // As /tmp is: tests that run the agent as another user (nobody: a read-only database) need its tsx cache.
  chmodSync(runTmp, 0o1777);
  const r = spawnSync(process.execPath, process.argv.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: runTmp, INTAKE_TEST_TMPDIR: runTmp },
  });
  rmSync(runTmp, { recursive: true, force: true });
  process.exit(r.status ?? 1);
}

if (!process.env.INTAKE_TEST_DBUS) {
  const hasDbus =
    spawnSync('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon'], { stdio: 'ignore' })
      .status === 0;
  if (!hasDbus) {
    console.error(
      'test: dbus-run-session and gnome-keyring-daemon are needed for the keychain tests (see README: system packages).',
    );
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
  const r = spawnSync('dbus-run-session', ['--', process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, INTAKE_TEST_DBUS: '1' },
  });
  process.exit(r.status ?? 1);
}

// Inside the private session bus: an unlocked keyring in a throw-away data folder.
const keyringHome = mkdtempSync(join(tmpdir(), 'intake-keyring-'));
const keyring = spawnSync('sh', ['-c', 'echo -n test | gnome-keyring-daemon --unlock --components=secrets'], {
  env: { ...process.env, XDG_DATA_HOME: keyringHome, HOME: keyringHome },
  encoding: 'utf8',
});
if (keyring.status !== 0) console.error('test: gnome-keyring-daemon did not start:', keyring.stderr);

mkdirSync('test-results', { recursive: true });
let passed = 0;
let failed = 0;
let skipped = 0;

function step(name, command, commandArgs) {
  console.log(`\n── ${name}: ${[command, ...commandArgs].join(' ')}`);
  const r = spawnSync(command, commandArgs, { stdio: 'inherit', env: process.env });
  if (r.status === 0) {
    passed++;
    console.log(`── ${name}: ok`);
  } else {
    failed++;
    console.log(`── ${name}: FAILED`);
  }
  return r.status === 0;
}

const npx = (bin, ...rest) => [process.execPath, [resolveBin(bin), ...rest]];
function resolveBin(bin) {
  const pkg = {
    vitest: 'vitest/vitest.mjs',
    eslint: 'eslint/bin/eslint.js',
    prettier: 'prettier/bin/prettier.cjs',
    'electron-vite': 'electron-vite/bin/electron-vite.js',
  }[bin];
  return join('node_modules', pkg);
}

if (!only) {
  step('typecheck', process.execPath, ['scripts/typecheck.mjs']);
  step('lint', ...npx('eslint', '--max-warnings', '0', '.'));
  step('format', ...npx('prettier', '--check', '.'));
  step('layer rules fire on the lint fixtures', process.execPath, ['scripts/check-lint-fixtures.mjs']);
}
const built = step('build (electron-vite: main, preload, renderer)', ...npx('electron-vite', 'build'));

const report = join('test-results', 'vitest.json');
rmSync(report, { force: true });
const projects = only ? ['--project', only] : [];
if (built || only === undefined) {
  console.log(`\n── vitest ${projects.join(' ')}`);
  spawnSync(
    process.execPath,
    [resolveBin('vitest'), 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      stdio: 'inherit',
      env: { ...process.env, INTAKE_KEYCHAIN_REQUIRED: '1' },
    },
  );
}
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + r.numTodoTests;
  // A suite that failed to load has no tests but still failed.
  failed += r.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
  if (r.numTotalTests === 0) {
    console.error('test: vitest ran no tests');
    failed++;
  }
} else {
  console.error('test: vitest produced no report');
  failed++;
}

// The multi-station tests once more on a real SMB share (one gvfs mount, so one SMB session, per station),
// bounded in time: a hang fails the run naming the stuck calls, never holds CI (scripts/test-smb.mjs).
// Opt-in (INTAKE_TEST_SMB=1, or `./run test:smb` alone): in #37 it did not pass five runs in a row on this
// machine (docs/deployment.md §10, issue #37 item 3), so it cannot yet decide a CI run.
if (!only && process.env.INTAKE_TEST_SMB === '1') {
  const smb = await runSmbSuite();
  passed += smb.passed;
  failed += smb.failed;
  skipped += smb.skipped;
}

rmSync(keyringHome, { recursive: true, force: true });
// Every test removes what it made, also when it fails: anything left in the run's temp folder fails the run.
const runTmp = process.env.INTAKE_TEST_TMPDIR;
// Caches of the tools themselves (Node's module compile cache, tsx's transform cache) are reused by every
// process of the run, not made by a test; they go with the run's folder.
const TOOL_CACHES = /^(node-compile-cache|tsx-\d+)$/;
const left = readdirSync(runTmp).filter((name) => !TOOL_CACHES.test(name));
if (left.length > 0) {
  failed++;
  console.error(
    `\n── temp folder: FAILED, ${left.length} entries left behind in ${runTmp} (a test that does not remove what it made):`,
  );
  // By prefix (mkdtemp adds six characters), so the test that made them can be found by its name.
  const byPrefix = new Map();
  for (const name of left) {
    const prefix = name.replace(/[A-Za-z0-9]{6}$/, '*');
    byPrefix.set(prefix, (byPrefix.get(prefix) ?? 0) + 1);
  }
  for (const [prefix, n] of [...byPrefix].sort((a, b) => b[1] - a[1])) console.error(`   ${n} × ${prefix}`);
} else {
  passed++;
  console.log('\n── temp folder: ok (no test left anything behind)');
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed ? 1 : 0);
