import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const DEMO_USAGE = 'usage: ./run demo [-- --port N --data DIR --max-import-bytes BYTES --office --verbose]';

export const DEMO_HELP = `${DEMO_USAGE}

The app against the embedded local sandbox: the sandbox, the core services and the web shell, opened in a browser.

  --port N                   port of the web shell on 127.0.0.1 (default 0: any free port; printed at start)
  --data DIR                 the demo's data folder (default .intake-data/demo)
  --max-import-bytes BYTES   largest file a drop may import (default the platform's 2 GiB − 1)
  --office                   an office of two stations on one private PostgreSQL (Debian's postgresql
                             package; started here, removed at the end): two web shells, one scanner
                             folder, one inbox (--port is the first station's; the second takes any)
  --verbose                  debug lines in the log on stderr
  --help, -h                 print this help
`;

export interface DemoArgs {
  port: number;
  data: string;
  verbose: boolean;
  office: boolean;
  maxImportBytes?: number;
}

/**
 * `./run demo -- …`'s options: what to start with, the help, or what is wrong with them (issue #48 item 10:
 * `--help` ended in a stack trace, ERR_PARSE_ARGS_UNKNOWN_OPTION).
 */
export function parseDemoArgs(
  argv: readonly string[],
): { kind: 'run'; args: DemoArgs } | { kind: 'help' } | { kind: 'usage'; problem: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        port: { type: 'string', default: '0' },
        data: { type: 'string', default: resolve('.intake-data/demo') },
        verbose: { type: 'boolean', default: false },
        office: { type: 'boolean', default: false },
        'max-import-bytes': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    return { kind: 'usage', problem: (e as Error).message };
  }
  if (values.help) return { kind: 'help' };
  if (!/^\d+$/.test(values.port) || Number(values.port) > 65_535)
    return { kind: 'usage', problem: `--port takes a port number (0–65535), got "${values.port}".` };
  const maxImport = values['max-import-bytes'];
  if (maxImport !== undefined && !/^[1-9]\d*$/.test(maxImport))
    return { kind: 'usage', problem: '--max-import-bytes takes a whole number of bytes greater than 0.' };
  return {
    kind: 'run',
    args: {
      port: Number(values.port),
      data: values.data,
      verbose: values.verbose,
      office: values.office,
      ...(maxImport !== undefined ? { maxImportBytes: Number(maxImport) } : {}),
    },
  };
}
