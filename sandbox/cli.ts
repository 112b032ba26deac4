import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SandboxClientListSchema } from './auth/client-registry';
import { DEMO_CLIENT, startSandbox } from './index';
import type { SandboxClient } from './sandbox-types';

const USAGE =
  'usage: npm run sandbox -- --port N --data DIR [--clients FILE] [--token-lifetime SECONDS] [--max-upload BYTES] [--verbose]';

const HELP = `${USAGE}

The local platform sandbox: token endpoint, digital inbox, cases, search and events on 127.0.0.1.

  --port N                 port on 127.0.0.1 (default 0: any free port; the first line printed names it)
  --data DIR               where the sandbox keeps its uploads and state (required)
  --clients FILE           JSON list of API clients (default: the demo client, printed at start)
  --token-lifetime SECONDS access token lifetime (default 3600)
  --max-upload BYTES       largest inbox upload accepted
  --verbose                one line per request on stderr
  --help, -h               print this help
`;

function fail(message: string): never {
  process.stderr.write(`sandbox: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) fail(`${name} must be a whole number, got "${text}"`);
  return Number(text);
}

function loadClients(file: string): SandboxClient[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    fail(`cannot read clients file ${file}: ${(e as Error).message}`);
  }
  const parsed = SandboxClientListSchema.safeParse(raw);
  if (!parsed.success) {
    fail(
      `clients file ${file} is invalid: ${parsed.error.issues.map((i) => `[${i.path.join('.')}] ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        clients: { type: 'string' },
        'token-lifetime': { type: 'string' },
        'max-upload': { type: 'string' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  if (args.data === undefined) fail('--data DIR is required');
  const port = wholeNumber(args.port, '--port', 0);
  if (port > 65535) fail('--port must be at most 65535');
  const clients = args.clients !== undefined ? loadClients(resolve(args.clients)) : undefined;
  const sandbox = await startSandbox({
    dataDir: resolve(args.data),
    port,
    ...(clients ? { clients } : {}),
    tokenLifetimeSeconds: wholeNumber(args['token-lifetime'], '--token-lifetime', 3600),
    ...(args['max-upload'] !== undefined ? { maxUploadBytes: wholeNumber(args['max-upload'], '--max-upload', 0) } : {}),
    ...(args.verbose ? { logger: (line: string) => process.stderr.write(`${line}\n`) } : {}),
  });
  process.stdout.write(`listening ${sandbox.baseUrl}\n`);
  process.stdout.write(`token URL   ${sandbox.tokenUrl}/connect/token\n`);
  // The admin routes on a port that never refuses: the 'refuse' fault is switched off there.
  process.stdout.write(`admin URL   ${sandbox.adminUrl}/__sandbox\n`);
  if (clients === undefined) {
    process.stdout.write(
      `client id   ${DEMO_CLIENT.clientId}\nsecret      ${DEMO_CLIENT.secret}\nscopes      ${DEMO_CLIENT.scopes.join(' ')}\n`,
    );
  } else {
    process.stdout.write(`clients     ${clients.map((c) => c.clientId).join(', ')}\n`);
  }
  process.stdout.write(`country/tenant de/demo-insurance\n`);
  const stop = (): void => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e: unknown) => fail((e as Error).message));
