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
// Skipped, with the reason, only where the machine cannot mount FUSE as root: not root, /dev/fuse missing or
// not openable (a container without the device), or no CAP_SYS_ADMIN (a container that may not mount). Then
// every test of the step counts as skipped in the closing line, and the reason is printed: a CI box that
// cannot run the share says so in its result instead of passing silently. A missing client or samba is a
// failure: .ci/run installs them.
//   node scripts/test-smb.mjs      (./run test:smb; builds first, as ./run test does: the agents run out/main)
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prefixLines } from './prefix-lines.mjs';
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
  // mount(2) (the FUSE mounts, the bind mounts) needs CAP_SYS_ADMIN, which a container drops unless privileged.
  const capEff = /^CapEff:\s*([0-9a-f]+)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (capEff !== undefined && (BigInt(`0x${capEff}`) & (1n << 21n)) === 0n)
    return 'no CAP_SYS_ADMIN (a container that may not mount: run it privileged, or with --cap-add SYS_ADMIN --device /dev/fuse)';
  return undefined;
}

/** How many tests the step has (vitest's own listing), so a skip counts each of them; 1 if it cannot list. */
async function testCount() {
  const dir = mkdtempSync(join(tmpdir(), 'intake-smb-list-'));
  try {
    const list = join(dir, 'list.json');
    await run(
      process.execPath,
      // `--json=FILE` in one word: `--json FILE` would take the first test file for the output file.
      [join('node_modules', 'vitest/vitest.mjs'), 'list', '--project', 'node', `--json=${list}`, ...TESTS],
      { timeout: 120_000 },
    );
    const n = JSON.parse(readFileSync(list, 'utf8')).length;
    return Number.isInteger(n) && n > 0 ? n : 1;
  } catch {
    return 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the suite on the share; resolves to { passed, failed, skipped }. `prefix`: every line of its output
 * starts with it (scripts/test.mjs runs it beside the vitest lanes).
 */
export async function runSmbSuite({ prefix } = {}) {
  const lead = prefix ? `${prefix} ` : '';
  const log = (line) => console.log(`${lead}${line}`);
  const error = (line) => console.error(`${lead}${line}`);
  const skip = smbSkipReason();
  if (skip) {
    const n = await testCount();
    log(`── shared folder on a real SMB share: SKIPPED, ${n} tests not run: ${skip}`);
    return { passed: 0, failed: 0, skipped: n };
  }
  const needs = CLIENT === 'smbnetfs' ? 'smbnetfs' : '/usr/libexec/gvfsd-fuse gio dbus-run-session';
  if ((await run('sh', ['-c', `for c in smbd ${needs}; do command -v $c || exit 1; done`])).status !== 0) {
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
    const share = await run('sh', ['scripts/smb-share.sh', 'start', shareDir, String(MOUNTS)], {
      timeout: 90_000,
      env: { ...process.env, INTAKE_SMB_CLIENT: CLIENT },
    });
    if (share.status !== 0)
      throw new Error(
        `the SMB share did not start: ${share.stderr}${share.signal ? ` (killed: ${share.signal}, after 90 s)` : ''}`,
      );
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
        // Each failure's message as it happens: a run the bound ends never prints its summary.
        '--reporter=./scripts/early-failures-reporter.mjs',
        `--outputFile.json=${report}`,
      ],
      // TMPDIR inside the share's folder: what the runs make (data folders, the sandbox) goes with it, also when
      // the bound kills them (the same tests' cleanup is checked in the local run).
      {
        stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
        env: { ...process.env, SHARED_FOLDER: folders, TMPDIR: testTmp },
        detached: true,
      },
    );
    if (prefix) {
      prefixLines(child.stdout, process.stdout, lead);
      prefixLines(child.stderr, process.stderr, lead);
    }
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
      for (const folder of folders.split(',')) error(`  ${await mountAnswers(folder)}`);
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
    const groups = clientGroups(shareDir);
    const stop = await run('sh', ['scripts/smb-share.sh', 'stop', shareDir], { timeout: 30_000 });
    for (const line of `${stop.stdout}${stop.stderr}`.split('\n')) if (line) error(line);
    // Every client's process group is gone after stop: a client left running would pile up run after run (it
    // did, unseen, until #37: stop's group kill never worked under dash). Ended here, and the run fails.
    const outlived = groups.filter((g) => groupAlive(g));
    if (outlived.length > 0) {
      error(`test:smb: the SMB clients' process groups ${outlived.join(', ')} outlived stop; killed now`);
      for (const g of outlived) killGroup(g, 'SIGKILL');
      result.failed++;
    }
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
async function mountAnswers(folder) {
  const t = performance.now();
  const r = await run('stat', ['-c', '%i', folder], { timeout: 10_000 });
  const s = ((performance.now() - t) / 1000).toFixed(1);
  if (r.signal) return `${folder}: no answer to stat within 10 s: this mount's client hangs`;
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

/**
 * A command's exit, output and signal, without blocking this process (beside the vitest lanes, whose output
 * it relays, a synchronous wait would stall them): killed with SIGKILL after `timeout` ms.
 */
function run(command, args, { timeout, env = process.env } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (t) => (stdout += t));
    child.stderr.setEncoding('utf8').on('data', (t) => (stderr += t));
    const timer = timeout ? setTimeout(() => child.kill('SIGKILL'), timeout) : undefined;
    child.on('error', (e) => {
      clearTimeout(timer);
      resolveRun({ status: null, signal: null, stdout, stderr: `${stderr}${e.message}\n` });
    });
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolveRun({ status, signal, stdout, stderr });
    });
  });
}

function killPid(pid, signal) {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already.
  }
}

function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
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
  // The agents run the build in out/main when there is one: an old build would test old code.
  const build = spawnSync(process.execPath, [join('node_modules', 'electron-vite/bin/electron-vite.js'), 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) {
    console.error('test:smb: the build failed');
    console.log('\n0 passed, 1 failed');
    process.exit(1);
  }
  const r = await runSmbSuite();
  console.log(`\n${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
  process.exit(r.failed || r.passed === 0 ? 1 : 0);
}
