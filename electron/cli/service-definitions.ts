/**
 * The service definitions that run the installed app headless at boot, generated from one place so the
 * three systems start the same agent with the same flags. `node scripts/write-service-files.mjs` writes
 * them to resources/service/; a test checks the files there are what this module makes, and that each
 * command line reaches the agent as flags it accepts. Choices and steps: docs/deployment.md, section 8.
 */
import { EXIT } from './agent-stop-reason';
import { HEADLESS_FLAG } from './headless-launch';

/** Where each system's installer puts things. */
export const SERVICE_PATHS = {
  linux: {
    executable: '/opt/Intake Desk/intake-desk',
    // The machine-wide file of docs/deployment.md §3 (locked/defaults), passed as --machine-settings.
    machineSettings: '/etc/intake-desk/settings.json',
    data: '/var/lib/intake-desk',
    // Read by systemd as root before it drops to the service user: INTAKE_CLIENT_SECRET=… (mode 0600).
    environmentFile: '/etc/intake-desk/agent.env',
  },
  mac: {
    executable: '/Applications/Intake Desk.app/Contents/MacOS/Intake Desk',
    machineSettings: '/Library/Application Support/Intake Desk/settings.json',
    // Created for the station user by the install steps (docs/deployment.md §8): a LaunchAgent runs as that
    // user, who cannot create folders in /Library/Application Support.
    data: '/Library/Application Support/Intake Desk/agent-data',
    log: '/Library/Logs/Intake Desk/agent.log',
  },
  windows: {
    executable: 'C:\\Program Files\\Intake Desk\\Intake Desk.exe',
    machineSettings: 'C:\\ProgramData\\Intake Desk\\settings.json',
    data: 'C:\\ProgramData\\Intake Desk\\agent-data',
    // The confined task (NETWORK SERVICE) has no Credential Manager an admin can fill: certificate auth
    // with a key file that only the task's own SID may read (docs/deployment.md §8).
    keyFile: 'C:\\ProgramData\\Intake Desk\\station-key.pem',
  },
} as const;

/** Exits that a restart cannot cure (bad flags or settings, a configuration stop, the folder owned by
 * another agent): a service manager must not loop on them. With --service the agent does not exit on
 * them at all (it waits in a stopped state); systemd's RestartPreventExitStatus still names them. */
export const NO_RESTART_EXIT_CODES = [EXIT.usage, EXIT.configuration, EXIT.folderInUse] as const;

/** V8 start flags of the agent; the same as the shebang of bin/intake-agent.mjs (a test compares them). */
export const AGENT_V8_FLAGS = '--max-semi-space-size=4 --max-old-space-size=160 --expose-gc';

/** The headless command line, after the executable: Chromium switches first, then the agent's flags. */
export function serviceArguments(system: keyof typeof SERVICE_PATHS): string[] {
  const p = SERVICE_PATHS[system];
  // A Linux server has no display: Chromium's headless Ozone platform needs none. The V8 flags are the ones
  // bin/intake-agent.mjs starts Node with (a small young generation keeps a burst of scans under 200 MB;
  // gc() lets an idle agent give a burst's heap back, electron/cli/agent-idle-memory.ts).
  const chromium = [...(system === 'linux' ? ['--ozone-platform=headless'] : []), `--js-flags=${AGENT_V8_FLAGS}`];
  // --service: a configuration error keeps the agent running in a stopped state (logged once, in status and
  // metrics) until it is fixed, so no service manager restarts it in a loop; only a crash ends it.
  // launchd's StandardErrorPath is a file nothing rotates: only errors go there; the agent's own log
  // (<data>/logs/agent.log, rotated) keeps every line. systemd's journal rotates; a task has no console.
  const consoleFlags = system === 'mac' ? ['--console-log-level', 'error'] : [];
  const flags = ['--service', '--machine-settings', p.machineSettings, '--data', p.data, ...consoleFlags];
  return [...chromium, HEADLESS_FLAG, 'run', ...flags];
}

const systemdQuote = (arg: string) => (/[\s"\\]/.test(arg) ? `"${arg.replace(/["\\]/g, '\\$&')}"` : arg);

/**
 * What the agent may touch under systemd (docs/deployment.md §8, "Confinement"); `systemd-analyze security
 * --offline=true` scores the unit SYSTEMD_EXPOSURE (service-definitions.test.ts runs it). Writable: its state
 * folder and the scan folders its settings name (the drop-in of `service-folders`, systemdFoldersDropIn);
 * the rest of the system is read-only, home folders are hidden.
 */
export const SYSTEMD_CONFINEMENT = `# Confinement (docs/deployment.md §8): the system read-only, home folders hidden, nothing to gain.
# Writable: /var/lib/intake-desk and the scan folders of the settings (drop-in folders.conf, written by
# "intake-desk --headless service-folders"; a folder in /home is reached through it too).
ProtectSystem=strict
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
PrivateMounts=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
ProtectProc=invisible
NoNewPrivileges=yes
CapabilityBoundingSet=
AmbientCapabilities=
RestrictSUIDSGID=yes
LockPersonality=yes
RestrictRealtime=yes
RemoveIPC=yes
KeyringMode=private
# The platform over IPv4/IPv6, the journal over a local socket, netlink for the network's state
# (Chromium watches it; os.networkInterfaces reads it).
RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
# Chromium's own sandbox, which the app starts even headless (its zygote), needs user, pid and net
# namespaces, chroot and seccomp: refused, Chromium stops with "No usable sandbox!".
RestrictNamespaces=user pid net
SystemCallArchitectures=native
SystemCallFilter=@system-service chroot seccomp
SystemCallErrorNumber=EPERM
# No MemoryDenyWriteExecute: V8 compiles JavaScript into memory it then makes executable; under it
# Node and Electron abort at start (service-systemd.test.ts shows it).`;

/** systemd-analyze security --offline=true on the generated unit (systemd 252); the test checks it. */
export const SYSTEMD_EXPOSURE = 2.1;

/** Hidden by ProtectHome=: a folder there cannot be made writable, only bound into an empty /home. */
const HOME_FOLDERS = /^\/(home|root|run\/user)(\/|$)/;

/**
 * The systemd drop-in that lets the unit write the folders its settings name (paths as in the settings).
 * Outside the home folders: ReadWritePaths=. In /home (or /root, /run/user), which ProtectHome=yes hides
 * whatever ReadWritePaths= says (service-systemd.test.ts found it so): ProtectHome=tmpfs, an empty /home
 * into which BindPaths= brings just those folders; the other homes stay hidden.
 */
export function systemdFoldersDropIn(folders: readonly string[]): string {
  const paths = [...new Set(folders)].sort();
  // "-": a folder missing at start (a share not mounted yet) is no start failure; the agent says it is missing.
  const entry = (p: string) => systemdQuote(`-${p.replace(/%/g, '%%')}`);
  const inHome = paths.filter((p) => HOME_FOLDERS.test(p));
  const lines = [
    ...paths.filter((p) => !HOME_FOLDERS.test(p)).map((p) => `ReadWritePaths=${entry(p)}`),
    ...(inHome.length > 0 ? ['ProtectHome=tmpfs', ...inHome.map((p) => `BindPaths=${entry(p)}`)] : []),
  ];
  return `# Intake Desk agent: the folders its settings name, writable in its confinement. Generated by
# "intake-desk --headless service-folders" from the settings; write it again when the folders change:
#   /etc/systemd/system/intake-desk-agent.service.d/folders.conf, then systemctl daemon-reload and restart.
[Service]
${lines.length > 0 ? lines.join('\n') : '# The settings name no folder.'}
`;
}

export function systemdUnit(): string {
  const p = SERVICE_PATHS.linux;
  const exec = [p.executable, ...serviceArguments('linux')].map(systemdQuote).join(' ');
  return `# Intake Desk headless agent (generated by electron/cli/service-definitions.ts; do not edit).
# Enable: sudo systemctl enable --now intake-desk-agent   Logs: journalctl -u intake-desk-agent
[Unit]
Description=Intake Desk agent (scanner folders to the digital inbox)
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
User=intake-desk
Group=intake-desk
StateDirectory=intake-desk
# Documents are private to the agent's user: every file it creates 0600, every folder 0700.
UMask=0077
StateDirectoryMode=0700
EnvironmentFile=-${p.environmentFile}
ExecStart=${exec}
Restart=on-failure
RestartSec=5s
RestartPreventExitStatus=${NO_RESTART_EXIT_CODES.join(' ')}
# The agent finishes the upload in flight and closes the queue on SIGTERM.
KillSignal=SIGTERM
TimeoutStopSec=30s
${SYSTEMD_CONFINEMENT}

[Install]
WantedBy=multi-user.target
`;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function launchdPlist(): string {
  const p = SERVICE_PATHS.mac;
  const args = [p.executable, ...serviceArguments('mac')].map((a) => `    <string>${xml(a)}</string>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- Intake Desk headless agent (generated by electron/cli/service-definitions.ts; do not edit).
     A LaunchAgent in the station user's session, where the login keychain holds the client secret:
     /Library/LaunchAgents/com.intakedesk.agent.plist -->
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>com.intakedesk.agent</string>
  <key>ProgramArguments</key>
  <array>
${args}
  </array>
  <key>RunAtLoad</key>
  <true/>
  <!-- Restart after a crash, not after a clean stop. With the agent's service flag a configuration
       error is no exit: the agent waits, stopped, until it is fixed; launchd has nothing to loop on. -->
  <key>KeepAlive</key>
  <dict>
    <key>SuccessfulExit</key>
    <false/>
  </dict>
  <key>ThrottleInterval</key>
  <integer>10</integer>
  <!-- Confinement, what launchd has of it (docs/deployment.md §8): it runs as the station user (a
       LaunchAgent, never root); files it creates are that user's alone (Umask 63 = 0077, as systemd's
       UMask); its disk I/O yields to the clerk's programs. Standard, not Background: launchd would hold a
       Background job to the efficiency cores and throttle it, and a burst's OCR would crawl. -->
  <key>Umask</key>
  <integer>63</integer>
  <key>LowPriorityIO</key>
  <true/>
  <key>ProcessType</key>
  <string>Standard</string>
  <key>StandardOutPath</key>
  <string>${xml(p.log)}</string>
  <key>StandardErrorPath</key>
  <string>${xml(p.log)}</string>
</dict>
</plist>
`;
}

/** Windows argument quoting (CommandLineToArgvW rules) for the task's Arguments element. */
const windowsQuote = (arg: string) =>
  /[\s"]/.test(arg) ? `"${arg.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, '$1$1')}"` : arg;

/** The task's account: a named station account (its Credential Manager holds the secret), or NETWORK SERVICE
 * confined to the task's own SID and the privileges it needs (a key file instead of the keychain). */
export type WindowsTaskAccount = 'station' | 'network-service';

/** The confined task's privileges: traverse folders (every process needs it) and global objects. */
export const WINDOWS_TASK_PRIVILEGES = ['SeChangeNotifyPrivilege', 'SeCreateGlobalPrivilege'] as const;

/** The command line after the executable, as each task passes it. */
export function windowsTaskArguments(account: WindowsTaskAccount): string[] {
  const keyFile = ['--auth-method', 'private_key_jwt', '--key-file', SERVICE_PATHS.windows.keyFile];
  return [...serviceArguments('windows'), ...(account === 'network-service' ? keyFile : [])];
}

function windowsPrincipal(account: WindowsTaskAccount): string {
  if (account === 'station')
    return `    <Principal id="Author">
      <LogonType>Password</LogonType>
      <RunLevel>LeastPrivilege</RunLevel>
    </Principal>`;
  // S-1-5-20: NETWORK SERVICE (on the network: the computer account, for a scanner share). Unrestricted: the
  // process runs with the task's own SID (NT TASK\Intake Desk Agent), which alone gets the data folder and the
  // key file; every privilege not named is removed from its token.
  const privileges = WINDOWS_TASK_PRIVILEGES.map((p) => `        <Privilege>${p}</Privilege>`).join('\n');
  return `    <Principal id="Author">
      <UserId>S-1-5-20</UserId>
      <RunLevel>LeastPrivilege</RunLevel>
      <ProcessTokenSidType>Unrestricted</ProcessTokenSidType>
      <RequiredPrivileges>
${privileges}
      </RequiredPrivileges>
    </Principal>`;
}

export function windowsTask(account: WindowsTaskAccount = 'station'): string {
  const p = SERVICE_PATHS.windows;
  const args = windowsTaskArguments(account).map(windowsQuote).join(' ');
  const create =
    account === 'station'
      ? 'schtasks /Create /TN "Intake Desk Agent" /XML intake-desk-agent-task.xml /RU <station account> /RP *'
      : `schtasks /Create /TN "Intake Desk Agent" /XML intake-desk-agent-task-network-service.xml
     Runs as NETWORK SERVICE with the task's own SID: grant "NT TASK\\Intake Desk Agent" the data folder,
     the scan folders and (read) the key file; docs/deployment.md §8.`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Intake Desk headless agent (generated by electron/cli/service-definitions.ts; do not edit).
     ${create}
     Starts at boot and every 5 minutes; a running agent makes the repetition a no-op (IgnoreNew), so a
     stopped or crashed agent is back within 5 minutes. -->
<Task version="1.4" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Description>Intake Desk agent (scanner folders to the digital inbox)</Description>
  </RegistrationInfo>
  <Triggers>
    <BootTrigger>
      <Enabled>true</Enabled>
      <Repetition>
        <Interval>PT5M</Interval>
        <StopAtDurationEnd>false</StopAtDurationEnd>
      </Repetition>
    </BootTrigger>
  </Triggers>
  <Principals>
${windowsPrincipal(account)}
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <StartWhenAvailable>true</StartWhenAvailable>
    <RunOnlyIfNetworkAvailable>false</RunOnlyIfNetworkAvailable>
    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>
    <RestartOnFailure>
      <Interval>PT1M</Interval>
      <Count>3</Count>
    </RestartOnFailure>
    <Enabled>true</Enabled>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>${xml(p.executable)}</Command>
      <Arguments>${xml(args)}</Arguments>
    </Exec>
  </Actions>
</Task>
`;
}

/** File name in resources/service/ → its content. */
export function serviceFiles(): Record<string, string> {
  return {
    'intake-desk-agent.service': systemdUnit(),
    'com.intakedesk.agent.plist': launchdPlist(),
    'intake-desk-agent-task.xml': windowsTask(),
    'intake-desk-agent-task-network-service.xml': windowsTask('network-service'),
  };
}
