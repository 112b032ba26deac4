import { serviceFiles } from '../service-definitions';

/** systemd's ExecStart splitting: whitespace separates, double quotes group, backslash escapes. */
export function splitSystemd(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/\\(.)/g, '$1'));
}

/** CommandLineToArgvW, enough for our arguments: quotes group, \" is a quote. */
export function splitWindows(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] ?? m[2] ?? '').replace(/\\"/g, '"'));
}

export const unxml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * Each generated definition's command line as its service manager hands it to the program: systemd splits
 * ExecStart, launchd passes ProgramArguments as they are, Task Scheduler starts Command with Arguments
 * (split by the program's CommandLineToArgvW). argv[0] is the executable.
 */
export function serviceCommandLines(
  files = serviceFiles(),
): Record<'linux' | 'mac' | 'windows' | 'windowsNetworkService', string[]> {
  const unit = files['intake-desk-agent.service'] ?? '';
  const plist = files['com.intakedesk.agent.plist'] ?? '';
  const array = /<key>ProgramArguments<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(plist)?.[1] ?? '';
  const taskCommandLine = (task = '') => [
    unxml(/<Command>([^<]*)<\/Command>/.exec(task)?.[1] ?? ''),
    ...splitWindows(unxml(/<Arguments>([^<]*)<\/Arguments>/.exec(task)?.[1] ?? '')),
  ];
  return {
    linux: splitSystemd(/^ExecStart=(.*)$/m.exec(unit)?.[1] ?? ''),
    mac: [...array.matchAll(/<string>([^<]*)<\/string>/g)].map((m) => unxml(m[1] ?? '')),
    windows: taskCommandLine(files['intake-desk-agent-task.xml']),
    windowsNetworkService: taskCommandLine(files['intake-desk-agent-task-network-service.xml']),
  };
}
