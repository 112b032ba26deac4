import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rmdir, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SYSTEMD = '/lib/systemd/systemd';
const CGROUP_HIERARCHIES = ['/sys/fs/cgroup/systemd', '/sys/fs/cgroup/unified'];

/** A cgroup and the ones below it, deepest first (each empty once its processes are gone). */
async function removeCgroup(path: string): Promise<void> {
  for (const e of await readdir(path, { withFileTypes: true }).catch(() => []))
    if (e.isDirectory()) await removeCgroup(join(path, e.name));
  // The last process of a cgroup leaves it a moment after SIGKILL: the cgroup is busy until then.
  for (let tries = 0; ; tries++) {
    try {
      await rmdir(path);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || tries > 200) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Why a private systemd cannot run here (undefined: it can). The test box has no systemd as PID 1 (the
 * container's init is something else), but root may start one as PID 1 of its own PID and mount namespaces:
 * then units run with every confinement directive applied by systemd itself.
 */
export function namespacedSystemdUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root (a private systemd needs new PID and mount namespaces)';
  for (const tool of [SYSTEMD, '/usr/bin/unshare', '/usr/bin/nsenter'])
    if (!existsSync(tool)) return `${tool} is missing (apt-get install systemd util-linux)`;
  return undefined;
}

/** The folders the private systemd sees in place of the machine's own (all under `root` on the host). */
export interface SystemdRoot {
  /** Host path of the namespace's /etc (an overlay on the machine's /etc: writes stay here). */
  etc: string;
  /** Host paths bound over /var/lib, /home, /srv and /opt inside. */
  varLib: string;
  home: string;
  srv: string;
  opt: string;
}

export interface NamespacedSystemd {
  root: SystemdRoot;
  /** systemctl (or another tool) run inside the namespaces. */
  inside(command: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Writes a unit (or a drop-in: "name.service.d/x.conf") into /run/systemd/system and reloads. */
  install(units: Record<string, string>): Promise<void>;
  /** Ends systemd and with it every process of its namespace. */
  close(): Promise<void>;
}

/**
 * Boots systemd as PID 1 of new PID, mount and cgroup namespaces, with a target that starts nothing. The
 * machine stays untouched: /etc is an overlay, /var/lib, /home, /srv and /opt are folders of `dir`, /run,
 * /tmp, /var/tmp and /var/log are fresh tmpfs (PrivateTmp's folders and the journal go there), and udev,
 * which would act on the machine's devices, is masked. `passwd` lines are added to the overlay's /etc.
 */
export async function bootSystemd(dir: string, o: { passwd: string[]; group: string[] }): Promise<NamespacedSystemd> {
  const root: SystemdRoot = {
    etc: join(dir, 'etc', 'upper'),
    varLib: join(dir, 'var-lib'),
    home: join(dir, 'home'),
    srv: join(dir, 'srv'),
    opt: join(dir, 'opt'),
  };
  for (const d of [...Object.values(root), join(dir, 'etc', 'work'), join(dir, 'units')])
    await mkdir(d, { recursive: true });
  await writeFile(join(root.etc, 'passwd'), `${readFileSync('/etc/passwd', 'utf8')}${o.passwd.join('\n')}\n`);
  await writeFile(join(root.etc, 'group'), `${readFileSync('/etc/group', 'utf8')}${o.group.join('\n')}\n`);
  await writeFile(
    join(dir, 'units', 'intake-test.target'),
    '[Unit]\nDescription=A target that starts nothing (the test starts its units)\nDefaultDependencies=no\n',
  );
  const script = `set -e
mount -t tmpfs -o mode=0755 tmpfs /run
# The cgroup file systems again, mounted in the new cgroup namespace: rooted at the test's own cgroup.
if [ -d /sys/fs/cgroup/unified ]; then umount /sys/fs/cgroup/unified; mount -t cgroup2 cgroup2 /sys/fs/cgroup/unified; fi
if [ -d /sys/fs/cgroup/systemd ]; then
  umount /sys/fs/cgroup/systemd; mount -t cgroup -o none,name=systemd cgroup /sys/fs/cgroup/systemd
fi
mount -t tmpfs tmpfs /var/log
mount --bind "$1/var-lib" /var/lib
mount --bind "$1/home" /home
mount --bind "$1/srv" /srv
mount --bind "$1/opt" /opt
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1/etc/upper,workdir=$1/etc/work" /etc
mkdir -p /run/systemd/system
cp "$1"/units/* /run/systemd/system/
for u in systemd-udevd.service systemd-udevd-control.socket systemd-udevd-kernel.socket; do
  ln -s /dev/null "/run/systemd/system/$u"
done
mount -t tmpfs tmpfs /var/tmp
mount -t tmpfs -o mode=1777 tmpfs /tmp
export container=intake-test
exec ${SYSTEMD} --system --unit=intake-test.target --log-target=kmsg
`;
  // Its own cgroup in each hierarchy systemd uses (hybrid: name=systemd and the unified one), entered before
  // the cgroup namespace is made: systemd's slices and scopes go below it, and it is removed afterwards.
  const cgroups = CGROUP_HIERARCHIES.filter((h) => existsSync(h)).map((h) =>
    join(h, `intake-test-${basename(dir)}-${process.pid}`),
  );
  for (const c of cgroups) await mkdir(c);
  const enter = cgroups.map((c) => `echo $$ > ${JSON.stringify(join(c, 'cgroup.procs'))}\n`).join('');
  const unshare = 'unshare --pid --fork --mount --mount-proc --cgroup --propagation private';
  // The shell becomes unshare (exec): child.pid is unshare's, and systemd is its only child.
  const child: ChildProcess = spawn(
    'sh',
    ['-c', `set -e\n${enter}exec ${unshare} sh -c "$1" sh "$2"`, 'sh', script, dir],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<void>((res) => child.once('close', () => res()));
  let ended = false;
  void exited.then(() => (ended = true));

  // systemd is unshare's only child; its PID on the host is what nsenter needs.
  const childrenFile = `/proc/${child.pid}/task/${child.pid}/children`;
  let pid = 0;
  const inside = async (command: string, ...args: string[]) => {
    try {
      const r = await run('nsenter', ['-t', String(pid), '-m', '-p', command, ...args], { encoding: 'utf8' });
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (e) {
      const f = e as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof f.code === 'number' ? f.code : 1, stdout: f.stdout ?? '', stderr: f.stderr ?? '' };
    }
  };
  async function untilRunning() {
    // Progress, not time: systemd reports its state; only an exit or a minute of nothing ends the wait.
    const end = Date.now() + 60_000;
    for (;;) {
      if (ended) throw new Error(`systemd did not start in its namespace: ${stderr}`);
      if (!pid) pid = Number(readFileSync(childrenFile, 'utf8').trim().split(/\s+/)[0] ?? 0);
      if (pid) {
        const state = (await inside('systemctl', 'is-system-running')).stdout.trim();
        if (state === 'running' || state === 'degraded') break;
      }
      if (Date.now() > end) throw new Error(`systemd in its namespace did not come up (pid ${pid}): ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const close = async () => {
    // systemd is PID 1 of the namespace: when it dies, the kernel ends every process there.
    if (!ended && pid) process.kill(pid, 'SIGKILL');
    else if (!ended) child.kill('SIGKILL');
    await exited;
    for (const c of cgroups) await removeCgroup(c);
  };
  try {
    await untilRunning();
  } catch (e) {
    await close();
    throw e;
  }
  return {
    root,
    inside,
    async install(units) {
      for (const [name, content] of Object.entries(units)) {
        const path = `/run/systemd/system/${name}`;
        const code = await new Promise<number>((res, rej) => {
          const write = 'mkdir -p "$(dirname "$1")" && cat > "$1"';
          const c = spawn('nsenter', ['-t', String(pid), '-m', '-p', 'sh', '-c', write, 'sh', path], {
            stdio: ['pipe', 'ignore', 'inherit'],
          });
          c.once('error', rej);
          c.once('close', (exit) => res(exit ?? 1));
          c.stdin.end(content);
        });
        if (code !== 0) throw new Error(`could not write ${path}`);
      }
      const reload = await inside('systemctl', 'daemon-reload');
      if (reload.code !== 0) throw new Error(`daemon-reload failed: ${reload.stderr}`);
    },
    close,
  };
}
