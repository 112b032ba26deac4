// Names the system call each thread of some processes waits in, from /proc (Linux): for a bounded test run
// that did not end (scripts/test-smb.mjs), so the failure says "node agent … in openat(), kernel
// request_wait_answer ← fuse_simple_request …" instead of only "timed out".
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

// x86_64 and aarch64 numbers of the calls a file-system hang shows up in (the rest are printed by number).
const SYSCALLS = {
  x64: {
    0: 'read',
    1: 'write',
    2: 'open',
    3: 'close',
    4: 'stat',
    5: 'fstat',
    6: 'lstat',
    7: 'poll',
    8: 'lseek',
    9: 'mmap',
    17: 'pread64',
    18: 'pwrite64',
    21: 'access',
    23: 'select',
    35: 'nanosleep',
    61: 'wait4',
    74: 'fsync',
    75: 'fdatasync',
    76: 'truncate',
    77: 'ftruncate',
    78: 'getdents',
    82: 'rename',
    83: 'mkdir',
    84: 'rmdir',
    87: 'unlink',
    89: 'readlink',
    202: 'futex',
    217: 'getdents64',
    230: 'clock_nanosleep',
    232: 'epoll_wait',
    257: 'openat',
    258: 'mkdirat',
    262: 'newfstatat',
    263: 'unlinkat',
    264: 'renameat',
    267: 'readlinkat',
    269: 'faccessat',
    281: 'epoll_pwait',
    316: 'renameat2',
    332: 'statx',
    437: 'openat2',
    439: 'faccessat2',
  },
  arm64: {
    17: 'getcwd',
    22: 'epoll_pwait',
    34: 'mkdirat',
    35: 'unlinkat',
    38: 'renameat',
    48: 'faccessat',
    56: 'openat',
    57: 'close',
    61: 'getdents64',
    62: 'lseek',
    63: 'read',
    64: 'write',
    67: 'pread64',
    68: 'pwrite64',
    78: 'readlinkat',
    79: 'newfstatat',
    80: 'fstat',
    82: 'fsync',
    83: 'fdatasync',
    98: 'futex',
    101: 'nanosleep',
    115: 'clock_nanosleep',
    260: 'wait4',
    276: 'renameat2',
    291: 'statx',
    439: 'faccessat2',
  },
};
// Waits every idle process sits in: a thread there is not what hangs.
const IDLE = new Set(['futex', 'epoll_wait', 'epoll_pwait', 'poll', 'select', 'wait4', 'nanosleep', 'clock_nanosleep']);

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** One thread: where it waits. `call` is the system call's name (or `syscall N`), `running` when it is in none. */
export function threadState(pid, tid) {
  const base = `/proc/${pid}/task/${tid}`;
  const syscall = read(`${base}/syscall`).trim().split(' ');
  const table = SYSCALLS[process.arch] ?? {};
  const nr = Number(syscall[0]);
  const call =
    syscall[0] === 'running' ? 'running' : Number.isInteger(nr) && nr >= 0 ? (table[nr] ?? `syscall ${nr}`) : '?';
  // The kernel stack (root only): the frames that say which wait it is (request_wait_answer: a FUSE daemon's reply).
  const stack = read(`${base}/stack`)
    .split('\n')
    .map((l) => l.replace(/^\[<[0-9a-f]+>\]\s*/, '').replace(/\+0x[0-9a-f/x]+$/, ''))
    .filter((l) => l !== '')
    .slice(0, 6);
  const state = (read(`${base}/stat`).match(/\) (\S)/) ?? [])[1] ?? '?';
  return { pid, tid, call, wchan: read(`${base}/wchan`).trim() || '0', state, stack };
}

/** The processes whose command line mentions `needle` (a share's folder), and their descendants among `roots`. */
export function processesMentioning(needle, roots = []) {
  const out = new Set();
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const cmd = read(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
    const ppid = Number((read(`/proc/${pid}/stat`).match(/\) \S (\d+)/) ?? [])[1]);
    parents.set(pid, ppid);
    if (pid !== process.pid && needle && cmd.includes(needle)) out.add(pid);
  }
  const under = (pid) => {
    for (let p = pid, n = 0; p > 1 && n < 64; p = parents.get(p) ?? 0, n++) if (roots.includes(p)) return true;
    return false;
  };
  for (const pid of parents.keys()) if (pid !== process.pid && under(pid)) out.add(pid);
  return [...out].sort((a, b) => a - b);
}

/**
 * Lines naming every thread of `pids` that waits in a call other than an idle wait: the stuck calls. Also the
 * file a stuck open/stat/rename names, when the call's first path argument can be read back (/proc/PID/fd
 * only knows open files, so for a path call the process's cwd and its open files under the share are listed).
 */
export function describeStuck(pids) {
  const lines = [];
  for (const pid of pids) {
    const cmd = read(`/proc/${pid}/cmdline`).replaceAll('\0', ' ').trim().slice(0, 160);
    let tids;
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      const t = threadState(pid, tid);
      // A FUSE client's threads waiting for the next request (fuse_dev_do_read) are idle too.
      if (t.call === 'running' || IDLE.has(t.call) || t.wchan === 'fuse_dev_do_read') continue;
      const kernel = t.stack.length > 0 ? `; kernel: ${t.stack.join(' ← ')}` : '';
      lines.push(`pid ${pid} thread ${tid} (${cmd}) in ${t.call}() [state ${t.state}, wchan ${t.wchan}${kernel}]`);
    }
    const open = [];
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const target = (() => {
          try {
            return readlinkSync(`/proc/${pid}/fd/${fd}`);
          } catch {
            return '';
          }
        })();
        if (target.includes('/mnt') || target.includes('/gvfs')) open.push(target);
      }
    } catch {
      // Gone meanwhile.
    }
    if (open.length > 0 && lines.some((l) => l.startsWith(`pid ${pid} `)))
      lines.push(`pid ${pid} has open on the share: ${open.slice(0, 5).join(', ')}`);
  }
  return lines;
}
