import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAgentArgs } from './agent-args';
import { headlessAgentArgs } from './headless-launch';
import { splitSystemd, splitWindows, unxml } from './test-support/service-command-lines';
import {
  AGENT_V8_FLAGS,
  NO_RESTART_EXIT_CODES,
  SERVICE_PATHS,
  serviceFiles,
  SYSTEMD_EXPOSURE,
  systemdFoldersDropIn,
} from './service-definitions';
import { tempDir } from '../core/util/test-support/temp-dir';

const root = join(import.meta.dirname, '..', '..');
const files = serviceFiles();

/** Every element closes in order (the files are small and hand-shaped; no XML package needed for this). */
function balanced(doc: string): boolean {
  const stack: string[] = [];
  for (const m of doc.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (m[3]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2] ?? '');
  }
  return stack.length === 0;
}

function agentOf(argv: string[]) {
  const agentArgv = headlessAgentArgs(argv);
  expect(agentArgv).toBeDefined();
  return parseAgentArgs(agentArgv ?? []);
}

describe('service definitions', () => {
  it('the files in resources/service are the generated ones (npm run service-files)', () => {
    for (const [name, content] of Object.entries(files))
      expect(readFileSync(join(root, 'resources', 'service', name), 'utf8'), name).toBe(content);
  });

  it('systemd: the ExecStart line reaches the agent as run with the station paths, restart on failure', () => {
    const unit = files['intake-desk-agent.service'] ?? '';
    const exec = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    const argv = splitSystemd(exec);
    expect(argv[0]).toBe(SERVICE_PATHS.linux.executable);
    expect(argv).toContain('--ozone-platform=headless');
    const args = agentOf(argv);
    expect(args).toMatchObject({
      command: 'run',
      machineSettings: SERVICE_PATHS.linux.machineSettings,
      service: true,
      data: SERVICE_PATHS.linux.data,
    });
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^RestartPreventExitStatus=2 3 4$/m);
    expect(NO_RESTART_EXIT_CODES).toEqual([2, 3, 4]);
    expect(unit).toMatch(/^User=intake-desk$/m);
  });

  it('systemd: confined to its state folder, the settings’ folders and the network (issue #45)', () => {
    const unit = files['intake-desk-agent.service'] ?? '';
    for (const directive of [
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
      'PrivateDevices=yes',
      'ProtectKernelTunables=yes',
      'ProtectKernelModules=yes',
      'ProtectKernelLogs=yes',
      'ProtectControlGroups=yes',
      'ProtectClock=yes',
      'ProtectHostname=yes',
      'NoNewPrivileges=yes',
      'CapabilityBoundingSet=',
      'RestrictSUIDSGID=yes',
      'LockPersonality=yes',
      'RestrictRealtime=yes',
      'RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK',
      'RestrictNamespaces=user pid net',
      'SystemCallArchitectures=native',
      'SystemCallFilter=@system-service chroot seccomp',
      'UMask=0077',
      'StateDirectory=intake-desk',
    ])
      expect(unit.split('\n'), directive).toContain(directive);
    // V8 needs writable-then-executable memory: this would stop the agent at start (service-systemd.test.ts).
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=/m);
    expect(unit).not.toMatch(/^ReadWritePaths=/m); // the folders come from the station's settings (drop-in)
  });

  it('systemd: the folders drop-in makes each folder writable, a folder in /home bound into an empty /home', () => {
    expect(systemdFoldersDropIn(['/srv/scans/post', '/mnt/mfp share/in', '/srv/scans/post', '/srv/100%'])).toContain(
      [
        '[Service]',
        // Quoted (a space), "%" doubled (a systemd specifier otherwise), each folder once, "-": missing is no failure.
        'ReadWritePaths="-/mnt/mfp share/in"',
        'ReadWritePaths=-/srv/100%%',
        'ReadWritePaths=-/srv/scans/post',
        '',
      ].join('\n'),
    );
    const home = systemdFoldersDropIn(['/home/post/scans', '/srv/scans', '/root/in', '/homework/scans']);
    expect(home).toContain(
      [
        '[Service]',
        'ReadWritePaths=-/homework/scans',
        'ReadWritePaths=-/srv/scans',
        'ProtectHome=tmpfs',
        'BindPaths=-/home/post/scans',
        'BindPaths=-/root/in',
        '',
      ].join('\n'),
    );
    expect(systemdFoldersDropIn([])).toMatch(/\[Service\]\n# The settings name no folder\.\n$/);
  });

  // Where systemd-analyze exists (Debian/Ubuntu CI: apt-get install systemd), the score itself; elsewhere
  // the directives above stand for it. The figure is recorded in docs/deployment.md §8.
  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))(
    `systemd-analyze security scores the unit ${SYSTEMD_EXPOSURE} (≤ 3.0, "OK"), with a /home folders drop-in too`,
    () => {
      const dir = tempDir('intake-unit-');
      const exposure = (unitFile: string) => {
        const out = execFileSync('systemd-analyze', ['security', '--offline=true', '--no-pager', unitFile], {
          encoding: 'utf8',
        });
        return Number(/Overall exposure level for \S+: (\d+\.\d)/.exec(out)?.[1]);
      };
      const unitFile = join(dir, 'intake-desk-agent.service');
      writeFileSync(unitFile, files['intake-desk-agent.service'] ?? '');
      expect(exposure(unitFile)).toBe(SYSTEMD_EXPOSURE);
      expect(SYSTEMD_EXPOSURE).toBeLessThanOrEqual(3);
      // With the drop-in for a folder in /home (ProtectHome=tmpfs instead of yes): one tenth more.
      const dropIn = systemdFoldersDropIn(['/home/post/scans']).replace(/^[\s\S]*\[Service\]\n/, '');
      const withHome = join(dir, 'with-home.service');
      writeFileSync(withHome, (files['intake-desk-agent.service'] ?? '').replace('[Install]', `${dropIn}\n[Install]`));
      expect(exposure(withHome)).toBeLessThanOrEqual(SYSTEMD_EXPOSURE + 0.1);
    },
  );

  it('launchd: ProgramArguments reach the agent, and it is kept alive after a failure', () => {
    const plist = files['com.intakedesk.agent.plist'] ?? '';
    expect(balanced(plist)).toBe(true);
    const array = /<key>ProgramArguments<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(plist)?.[1] ?? '';
    const argv = [...array.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => unxml(m[1] ?? ''));
    expect(argv[0]).toBe(SERVICE_PATHS.mac.executable);
    expect(agentOf(argv)).toMatchObject({ command: 'run', data: SERVICE_PATHS.mac.data, service: true });
    expect(plist).toMatch(/<key>SuccessfulExit<\/key>\s*<false\/>/);
    // Files private to the station user (0077 in decimal, as plists take it), disk I/O behind the clerk's.
    expect(plist).toMatch(/<key>Umask<\/key>\s*<integer>63<\/integer>/);
    expect(0o077).toBe(63);
    expect(plist).toMatch(/<key>LowPriorityIO<\/key>\s*<true\/>/);
    // launchd's console file is not rotated: only errors go there (the agent's own log file rotates).
    expect(agentOf(argv)).toMatchObject({ consoleLogLevel: 'error' });
  });

  it('Windows task: Command and Arguments reach the agent; boot trigger repeats, a second instance is ignored', () => {
    const task = files['intake-desk-agent-task.xml'] ?? '';
    expect(balanced(task)).toBe(true);
    const command = unxml(/<Command>([^<]*)<\/Command>/.exec(task)?.[1] ?? '');
    const argv = [command, ...splitWindows(unxml(/<Arguments>([^<]*)<\/Arguments>/.exec(task)?.[1] ?? ''))];
    expect(command).toBe(SERVICE_PATHS.windows.executable);
    expect(agentOf(argv)).toMatchObject({
      machineSettings: SERVICE_PATHS.windows.machineSettings,
      data: SERVICE_PATHS.windows.data,
      service: true,
    });
    expect(task).toContain('<MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>');
    expect(task).toMatch(/<BootTrigger>[\s\S]*<Interval>PT5M<\/Interval>/);
  });

  it('Windows, confined: NETWORK SERVICE with its own task SID, two privileges, and a key file for sign-in', () => {
    const task = files['intake-desk-agent-task-network-service.xml'] ?? '';
    expect(balanced(task)).toBe(true);
    const principal = /<Principal id="Author">([\s\S]*?)<\/Principal>/.exec(task)?.[1] ?? '';
    // Task Scheduler accepts ProcessTokenSidType only for LOCAL SERVICE (S-1-5-19) or NETWORK SERVICE (S-1-5-20).
    expect(principal).toContain('<UserId>S-1-5-20</UserId>');
    expect(principal).toContain('<RunLevel>LeastPrivilege</RunLevel>');
    expect(principal).toContain('<ProcessTokenSidType>Unrestricted</ProcessTokenSidType>');
    expect([...principal.matchAll(/<Privilege>([^<]+)<\/Privilege>/g)].map((m) => m[1])).toEqual([
      'SeChangeNotifyPrivilege',
      'SeCreateGlobalPrivilege',
    ]);
    expect(principal).not.toContain('<LogonType>Password</LogonType>'); // no password stored anywhere
    const command = unxml(/<Command>([^<]*)<\/Command>/.exec(task)?.[1] ?? '');
    const argv = [command, ...splitWindows(unxml(/<Arguments>([^<]*)<\/Arguments>/.exec(task)?.[1] ?? ''))];
    expect(agentOf(argv)).toMatchObject({
      machineSettings: SERVICE_PATHS.windows.machineSettings,
      data: SERVICE_PATHS.windows.data,
      keyFile: SERVICE_PATHS.windows.keyFile,
      authMethod: 'private_key_jwt',
      service: true,
    });
    // Otherwise the same task: boot trigger, repetition, one instance.
    const rest = (t: string) => t.replace(/<!--[\s\S]*?-->/, '').replace(/<Principals>[\s\S]*<\/Principals>/, '');
    const station = files['intake-desk-agent-task.xml'] ?? '';
    expect(rest(task).replace(/<Arguments>.*<\/Arguments>/, '')).toBe(
      rest(station).replace(/<Arguments>.*<\/Arguments>/, ''),
    );
  });

  it('every service starts the app with the V8 flags the bin starts Node with', () => {
    const shebang = readFileSync(join(root, 'bin', 'intake-agent.mjs'), 'utf8').split('\n')[0];
    expect(shebang).toBe(`#!/usr/bin/env -S node ${AGENT_V8_FLAGS}`);
    for (const content of Object.values(files)) expect(content).toContain(`--js-flags=${AGENT_V8_FLAGS}`);
  });

  it('the balance check can fail', () => {
    expect(balanced('<a><b></a></b>')).toBe(false);
  });
});
