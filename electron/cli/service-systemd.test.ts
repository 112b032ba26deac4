// The generated systemd unit, run by systemd itself with all of its confinement: a private systemd as PID 1
// of its own namespaces (this box has no systemd as init), the unit file byte for byte as it ships, and the
// folders drop-in written by `service-folders` from the settings. The agent must start, take scans from a
// folder in /home and one in /srv, upload them, and stop cleanly; a probe in the same unit shows what the
// confinement leaves writable; MemoryDenyWriteExecute, left out, is shown to stop V8.
// Only the executable is a stand-in: Electron cannot run on the build machines, so /opt/Intake Desk/intake-desk
// hands what follows --headless to the agent under Node, as electron/main/index.ts does.
import { chmod, chown, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { tempDir } from '../core/util/test-support/temp-dir';
import { SERVICE_PATHS, serviceFiles } from './service-definitions';
import { headCommit } from './test-support/head-commit';
import type { NamespacedSystemd } from './test-support/namespaced-systemd';
import { bootSystemd, namespacedSystemdUnavailable } from './test-support/namespaced-systemd';
import { runAgent, sandboxEnvironment } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

const unavailable = namespacedSystemdUnavailable();
if (unavailable) console.warn(`service-systemd.test.ts skipped: ${unavailable}`);

const UID = 60123; // the intake-desk user of the private /etc (below systemd's DynamicUser range)
const UNIT = 'intake-desk-agent.service';
const ROOT = resolve(import.meta.dirname, '..', '..');
// One in /home (hidden by ProtectHome), one with a space (quoted in the drop-in).
const FOLDERS = { post: '/home/scans/post', mail: '/srv/scans/mail room' };
/** The agent user's own folder, named by no setting: its file mode allows writes, the unit must not. */
const NOT_IN_SETTINGS = '/srv/scans/old-inbox';

let dir: string;
let sandbox: RunningSandbox;
let systemd: NamespacedSystemd;
let foldersDropIn = '';
const unit = serviceFiles()[UNIT] ?? '';
/** A path inside the namespace, as the test (on the host) finds it. */
const onHost = (inside: string) => {
  for (const [prefix, host] of [
    ['/var/lib/', () => systemd.root.varLib],
    ['/home/', () => systemd.root.home],
    ['/srv/', () => systemd.root.srv],
  ] as const)
    if (inside.startsWith(prefix)) return join(host(), inside.slice(prefix.length));
  throw new Error(`no host path for ${inside}`);
};

async function untilFile(path: string, pattern: RegExp, timeoutMs = 60_000): Promise<string> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(path, 'utf8').catch(() => '');
    if (pattern.test(text)) return text;
    const state = await systemd.inside('systemctl', 'show', '-p', 'ActiveState,Result', UNIT);
    if (Date.now() > end || /ActiveState=failed/.test(state.stdout)) {
      const journal = await systemd.inside('journalctl', '-u', UNIT, '--no-pager', '-n', '40');
      throw new Error(`no ${pattern} in ${path} (${state.stdout.trim()}):\n${text.slice(-2000)}\n${journal.stdout}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The unit with its ExecStart (and Type) replaced: the same confinement around another program, its output
 * (stdout and stderr) in /run/<out>. */
function sameConfinement(exec: string, out: string, extra = ''): string {
  return unit
    .replace(/^ExecStart=.*$/m, `ExecStart=${exec}\nStandardOutput=truncate:/run/${out}\n${extra}`)
    .replace(/^Type=simple$/m, 'Type=oneshot')
    .replace(/^Restart=on-failure$/m, '');
}

describe.skipIf(unavailable)('the systemd unit, run by systemd with its confinement', () => {
  beforeAll(async () => {
    dir = tempDir('intake-systemd-');
    sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
    systemd = await bootSystemd(join(dir, 'ns'), {
      passwd: [`intake-desk:x:${UID}:${UID}:Intake Desk agent:/var/lib/intake-desk:/usr/sbin/nologin`],
      group: [`intake-desk:x:${UID}:`],
    });
    // /etc/intake-desk as docs/deployment.md §8 installs it: the machine file (644), the secret (600, root).
    const etc = join(systemd.root.etc, 'intake-desk');
    await mkdir(etc, { recursive: true });
    const machineFile = join(etc, 'settings.json');
    await writeFile(
      machineFile,
      JSON.stringify({
        version: 1,
        locked: {
          environments: [sandboxEnvironment(sandbox)],
          activeEnvironmentId: 'production',
          folders: Object.entries(FOLDERS).map(([id, path]) => ({
            id,
            label: id,
            path,
            autoSubmit: true,
            defaultMetadata: { caseNumber: 'CLM-2026-000101' },
            polling: { enabled: true, intervalMs: 500 },
          })),
        },
      }),
      { mode: 0o644 },
    );
    await writeFile(join(etc, 'agent.env'), `INTAKE_CLIENT_SECRET=${sandbox.demoClient.secret}\n`, { mode: 0o600 });
    // The scan folders, the agent user's (a scanner share would give it a group instead); another user's home.
    for (const folder of Object.values(FOLDERS)) {
      await mkdir(onHost(folder), { recursive: true });
      await chown(onHost(folder), UID, UID);
    }
    // What file modes alone would let the agent user reach, so only the confinement can keep it out: another
    // user's home readable by all, and a folder of the agent's own that the settings do not name.
    for (const d of ['', 'scans'].flatMap((s) => [join(systemd.root.home, s), join(systemd.root.srv, s)]))
      await chmod(d, 0o755);
    await mkdir(join(systemd.root.home, 'clerk'), { mode: 0o755 });
    await writeFile(join(systemd.root.home, 'clerk', 'private.txt'), 'not for the agent\n', { mode: 0o644 });
    await mkdir(onHost(NOT_IN_SETTINGS));
    await chown(onHost(NOT_IN_SETTINGS), UID, UID);
    // The stand-in for the Electron binary at the unit's path.
    const exe = join(systemd.root.opt, 'Intake Desk', 'intake-desk');
    await mkdir(join(systemd.root.opt, 'Intake Desk'), { recursive: true });
    await writeFile(
      exe,
      `#!/bin/sh
# Stands in for Electron: Chromium switches up to --headless are its own; the rest goes to the agent.
while [ "$#" -gt 0 ] && [ "$1" != --headless ]; do shift; done
shift
cd ${JSON.stringify(ROOT)}
# A source run asks git for the commit; git refuses a checkout another user owns unless told it is safe.
export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=safe.directory GIT_CONFIG_VALUE_0=${JSON.stringify(ROOT)}
exec ${JSON.stringify(process.execPath)} --import tsx electron/cli/agent.ts "$@"
`,
    );
    await chmod(exe, 0o755);
    // The drop-in, as the admin makes it: `service-folders` on the machine file.
    const dropIn = await runAgent(['service-folders', '--machine-settings', machineFile]);
    expect(dropIn.code).toBe(0);
    foldersDropIn = dropIn.stdout;
    await systemd.install({ [UNIT]: unit, [`${UNIT}.d/folders.conf`]: foldersDropIn });
  }, idleMs(120_000));

  afterAll(async () => {
    await systemd?.close();
    await sandbox?.close();
  });

  it(
    'starts as the unit says, takes scans from /home and /srv, uploads them and stops cleanly',
    async () => {
      for (const [id, folder] of Object.entries(FOLDERS))
        await writeFile(join(onHost(folder), `${id}.pdf`), `%PDF-1.4\n% a letter from ${id}\n%%EOF\n`);
      const start = await systemd.inside('systemctl', 'start', UNIT);
      expect(start.code, start.stderr).toBe(0);
      const log = join(onHost(SERVICE_PATHS.linux.data), 'logs', 'agent.log');
      await untilFile(log, /"message":"agent started"/);
      const text = await untilFile(log, /"message":"document uploaded"[\s\S]*"message":"document uploaded"/);
      expect(text).not.toMatch(/"level":"error"/);
      // Claimed from the folders (renames there), archived in the state folder: both writable.
      for (const folder of Object.values(FOLDERS))
        expect((await readdir(onHost(folder))).filter((f) => f.endsWith('.pdf'))).toEqual([]);
      const status = await runAgent(['status', '--data', onHost(SERVICE_PATHS.linux.data)]);
      expect(status.summary).toMatchObject({ running: true, status: { commit: headCommit() } });
      const stop = await systemd.inside('systemctl', 'stop', UNIT);
      expect(stop.code, stop.stderr).toBe(0);
      const shown = await systemd.inside('systemctl', 'show', '-p', 'Result,ExecMainStatus,User', UNIT);
      expect(shown.stdout).toMatch(/^Result=success$/m);
      expect(shown.stdout).toMatch(/^ExecMainStatus=0$/m);
    },
    idleMs(120_000),
  );

  it(
    'leaves writable only its state folder and the settings’ folders; no devices, capabilities or other homes',
    async () => {
      const probe = join(systemd.root.opt, 'probe.sh');
      const writable = ['/var/lib/intake-desk', ...Object.values(FOLDERS)];
      const readOnly = [NOT_IN_SETTINGS, '/etc/intake-desk', '/srv', '/opt', '/usr/local', '/var/lib', '/'];
      await writeFile(
        probe,
        `for d in ${[...writable, ...readOnly].map((d) => `'${d}'`).join(' ')}; do
  if touch "$d/.probe" 2>/dev/null; then echo "writable $d"; rm -f "$d/.probe"; else echo "read-only $d"; fi
done
cat /home/clerk/private.txt >/dev/null 2>&1 && echo "reads /home/clerk" || echo "no /home/clerk"
[ -e /dev/vda ] && echo "sees /dev/vda" || echo "no /dev/vda"
echo "user $(id -u)"
grep -E '^(CapBnd|CapEff|NoNewPrivs):' /proc/self/status
`,
      );
      await systemd.install({
        'intake-probe.service': sameConfinement('/bin/sh /opt/probe.sh', 'probe.out'),
        'intake-probe.service.d/folders.conf': foldersDropIn,
      });
      const r = await systemd.inside('systemctl', 'start', 'intake-probe.service');
      expect(r.code, r.stderr).toBe(0);
      const out = (await systemd.inside('cat', '/run/probe.out')).stdout;
      for (const d of writable) expect(out).toContain(`writable ${d}\n`);
      for (const d of readOnly) expect(out).toContain(`read-only ${d}\n`);
      expect(out).toContain('no /home/clerk');
      expect(out).toContain('no /dev/vda');
      expect(out).toContain(`user ${UID}`);
      expect(out).toMatch(/^CapBnd:\s+0+$/m);
      expect(out).toMatch(/^NoNewPrivs:\s+1$/m);
    },
    idleMs(60_000),
  );

  it(
    'MemoryDenyWriteExecute is left out for a reason: under it V8 aborts at start',
    async () => {
      const node = `${process.execPath} -e "console.log('node ran')"`;
      await systemd.install({
        'intake-v8.service': sameConfinement(node, 'v8.out'),
        'intake-v8-wx.service': sameConfinement(node, 'v8-wx.out', 'MemoryDenyWriteExecute=yes'),
      });
      const plain = await systemd.inside('systemctl', 'start', 'intake-v8.service');
      expect(plain.code, plain.stderr).toBe(0);
      expect((await systemd.inside('cat', '/run/v8.out')).stdout).toBe('node ran\n');
      const wx = await systemd.inside('systemctl', 'start', 'intake-v8-wx.service');
      expect(wx.code).not.toBe(0);
      expect((await systemd.inside('cat', '/run/v8-wx.out')).stdout).toMatch(/Fatal error|SetPermissions/);
    },
    idleMs(60_000),
  );
});
