// Issue #37 item 3: the multi-station tests (electron/cli/agent-shared*.test.ts) with the stations on a real
// SMB share: smbd on loopback, mounted once per station through FUSE by its own SMB client (gvfs by default,
// INTAKE_SMB_CLIENT=smbnetfs for the other; scripts/smb-share.sh), so each station has its own SMB session.
//
// Bounded: a run that does not end within BUDGET_MS fails, naming every thread of the test's processes and of
// the SMB clients that waits in a call (scripts/stuck-calls.mjs: "node … agent.mjs run --watch …/mnt1/… in
// openat() [kernel: request_wait_answer ← fuse_simple_request …]"); then the clients are killed (which
// answers every waiting FUSE request with an error), the test's process group is killed, the mounts and
// smbd go. CI never hangs.
//
// Skipped, with the reason, only where the machine cannot mount FUSE as root: not root, or /dev/fuse missing
// or not openable (a container without the device). A missing client or samba is a failure: .ci/run
// installs them.
//   node scripts/test-smb.mjs      (./run test:smb)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describeStuck, processesMentioning } from './stuck-calls.mjs';

const BUDGET_MS = Number(process.env.INTAKE_SMB_BUDGET_MS ?? 15 * 60_000);
// Three stations and the scanner, each its own mount (SMB session): SHARED_FOLDER's first path is the scanner's.
const MOUNTS = 4;
const CLIENT = process.env.INTAKE_SMB_CLIENT ?? 'gvfs';
const TESTS = [
  'electron/core/intake/shared-folder/share-semantics.test.ts',
  'electron/cli/agent-shared.test.ts',
  'electron/cli/agent-shared-hard.test.ts',
];

/** Why this machine cannot run the share (skip), or undefined. */
export function smbSkipReason() {
  if (process.getuid?.() !== 0) return 'not root (mounting the SMB share through FUSE and smbd on port 445 need root)';
  if (!existsSync('/dev/fuse')) return '/dev/fuse is missing (no FUSE device in this machine or container)';
  try {
    closeSync(openSync('/dev/fuse', 'r+'));
  } catch (e) {
    return `/dev/fuse cannot be opened (${e.code ?? e.message}): the container does not pass the FUSE device`;
  }
  return undefined;
}

/** Runs the suite on the share; resolves to { passed, failed, skipped }. */
export async function runSmbSuite({ log = console.log, error = console.error } = {}) {
  const skip = smbSkipReason();
  if (skip) {
    log(`── shared folder on a real SMB share: skipped: ${skip}`);
    return { passed: 0, failed: 0, skipped: 1 };
  }
  const needs = CLIENT === 'smbnetfs' ? 'smbnetfs' : '/usr/libexec/gvfsd-fuse gio dbus-run-session';
  if (spawnSync('sh', ['-c', `for c in smbd ${needs}; do command -v $c || exit 1; done`], { stdio: 'ignore' }).status) {
    error(
      `test:smb: samba and the ${CLIENT} client are needed (apt-get install samba gvfs-backends gvfs-fuse smbnetfs; .ci/run installs them)`,
    );
    return { passed: 0, failed: 1, skipped: 0 };
  }
  mkdirSync('test-results', { recursive: true });
  const shareDir = mkdtempSync(join(tmpdir(), 'intake-smb-'));
  const report = join('test-results', 'vitest-smb.json');
  rmSync(report, { force: true });
  const result = { passed: 0, failed: 0, skipped: 0 };
  try {
    const share = spawnSync('sh', ['scripts/smb-share.sh', 'start', shareDir, String(MOUNTS)], {
      encoding: 'utf8',
      timeout: 90_000,
      env: { ...process.env, INTAKE_SMB_CLIENT: CLIENT },
    });
    if (share.status !== 0) throw new Error(`the SMB share did not start: ${share.stderr}${share.error ?? ''}`);
    const folders = share.stdout.trim();
    log(
      `── shared folder on a real SMB share, one ${CLIENT} mount per station (${folders}), bound ${BUDGET_MS / 1000} s`,
    );
    const testTmp = join(shareDir, 'tmp');
    mkdirSync(testTmp);
    const started = performance.now();
    // Its own process group: on the bound the whole tree (vitest, its workers, the agents) goes at once.
    const child = spawn(
      process.execPath,
      [
        join('node_modules', 'vitest/vitest.mjs'),
        'run',
        '--project',
        'node',
        ...TESTS,
        // One file at a time: both files' runs use the one share folder (each empties it first).
        '--no-file-parallelism',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      // TMPDIR inside the share's folder: what the runs make (data folders, the sandbox) goes with it, also when
      // the bound kills them (the same tests' cleanup is checked in the local run).
      { stdio: 'inherit', env: { ...process.env, SHARED_FOLDER: folders, TMPDIR: testTmp }, detached: true },
    );
    const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    let timer;
    const bound = new Promise((r) => (timer = setTimeout(() => r('bound'), BUDGET_MS)));
    const end = await Promise.race([exited, bound]);
    clearTimeout(timer);
    if (end === 'bound') {
      // The test's processes and the SMB clients' (whose command lines or environment name the share's folder).
      const pids = processesMentioning(shareDir, [child.pid, ...clientGroups(shareDir)]);
      result.failed++;
      error(
        `test:smb: FAILED: the run did not end within ${BUDGET_MS / 1000} s (${CLIENT}). Threads waiting in a call:`,
      );
      const stuck = describeStuck(pids);
      for (const l of stuck.length > 0 ? stuck : ['(none found waiting in a file-system call)']) error(`  ${l}`);
      // Hung or only slow? The same threads sit in request_wait_answer either way (a FUSE client working through
      // a queue looks like one that stopped): each mount is asked for one stat of its root, from a new process.
      for (const folder of folders.split(',')) error(`  ${mountAnswers(folder)}`);
      // Killing the FUSE clients answers every waiting request (ENOTCONN): the waiting threads come free.
      for (const g of clientGroups(shareDir)) killGroup(g, 'SIGKILL');
      killGroup(child.pid, 'SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    } else {
      log(`── shared folder on a real SMB share: ended in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    if (existsSync(report)) {
      const r = JSON.parse(readFileSync(report, 'utf8'));
      result.passed += r.numPassedTests;
      result.failed += r.numFailedTests + (r.numTotalTests === 0 && end !== 'bound' ? 1 : 0);
      result.skipped += r.numPendingTests + r.numTodoTests;
    } else if (end !== 'bound') result.failed++;
  } catch (e) {
    error(`test:smb: ${e instanceof Error ? e.message : String(e)}`);
    result.failed++;
  } finally {
    // Agents that outlived their parent name the share in their arguments: ended by pid, then the mounts go.
    for (const pid of processesMentioning(join(shareDir, 'mnt'))) killPid(pid, 'SIGKILL');
    spawnSync('sh', ['scripts/smb-share.sh', 'stop', shareDir], { stdio: 'inherit', timeout: 30_000 });
    // Never into a mount still there (the rm would go through it): only once /proc/mounts lists none below.
    if (!readFileSync('/proc/mounts', 'utf8').includes(`${shareDir}/`)) {
      let why = '';
      try {
        rmSync(shareDir, { recursive: true, force: true, maxRetries: 3 });
        // A client still writing below it would make it again (GLib makes its runtime folder with parents).
        await new Promise((r) => setTimeout(r, 1_000));
        if (existsSync(shareDir)) why = 'it came back after removal: a client process outlived stop';
      } catch (e) {
        why = e instanceof Error ? e.message : String(e);
      }
      if (why) {
        error(`test:smb: ${shareDir} not removed: ${why}`);
        result.failed++;
      }
    } else {
      error(`test:smb: a mount below ${shareDir} is still there; left for the machine to clean`);
      result.failed++;
    }
  }
  return result;
}

/** Whether a mount answers a stat of its share folder within 10 s, and how fast. */
function mountAnswers(folder) {
  const t = performance.now();
  const r = spawnSync('stat', ['-c', '%i', folder], { timeout: 10_000, killSignal: 'SIGKILL', stdio: 'ignore' });
  const s = ((performance.now() - t) / 1000).toFixed(1);
  if (r.error?.code === 'ETIMEDOUT' || r.signal)
    return `${folder}: no answer to stat within 10 s: this mount's client hangs`;
  return `${folder}: stat answered in ${s} s (${r.status === 0 ? 'ok' : `exit ${r.status}`}): this mount's client still answers`;
}

/** The process groups of the stations' SMB clients (scripts/smb-share.sh starts each with setsid). */
function clientGroups(shareDir) {
  const run = join(shareDir, 'run');
  const out = [];
  for (const name of existsSync(run) ? readdirSync(run) : []) {
    if (!/^client\d+\.pid$/.test(name)) continue;
    const pid = Number(readFileSync(join(run, name), 'utf8').trim());
    if (Number.isInteger(pid) && pid > 1) out.push(pid);
  }
  return out;
}

function killPid(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Gone already.
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await runSmbSuite();
  console.log(`\n${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
  process.exit(r.failed || r.passed === 0 ? 1 : 0);
}
