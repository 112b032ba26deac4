import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { userInfo, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createServer } from 'node:net';
import pg from 'pg';

const execFile = promisify(execFileCallback);

/** A loopback port nothing listens on right now (the OS picks it, and we let it go again). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/**
 * A real PostgreSQL server of the tests' own, and of `./run demo -- --office` (issue #50 item 7): Debian's `postgresql` binaries, a private
 * cluster made by initdb in a temp folder, started by pg_ctl on a free loopback port, stopped and removed
 * after. The server refuses to run as root, so as root it runs as `postgres` (Debian's package makes that
 * user), else `nobody`; as anyone else as that user. Missing binaries are an error that says what to
 * install, never a skipped test: CI installs the package (.ci/run).
 */
export interface PrivatePostgres {
  readonly port: number;
  /** The cluster's folder (data, socket, log); removed by destroy(). */
  readonly dir: string;
  /** A new empty database, and its URL (`postgres://postgres@127.0.0.1:PORT/NAME`, never with the password). */
  createDatabase(name?: string): Promise<string>;
  /** The URL of an existing database of this cluster. */
  urlOf(database: string): string;
  /** Stops the server: `immediate` is a crash (no checkpoint, clients cut), `fast` a clean stop. */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Whether the postmaster runs now (pg_ctl status). */
  running(): Promise<boolean>;
  /** Stops it (crash-style, it is thrown away) and removes the folder. */
  destroy(): Promise<void>;
  /** The server's own log, for a failing test's message. */
  log(): string;
}

/** Where Debian puts the server's programs, the newest version first; the message names the package. */
export function postgresBinDir(root = '/usr/lib/postgresql'): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined)
    throw new Error(
      `PostgreSQL server programs not found (no ${root}/*/bin/initdb): the office tests need a real ` +
        'server. Install Debian\'s "postgresql" package (apt-get install postgresql; .ci/run installs it).',
    );
  return join(root, newest, 'bin');
}

/** The user the server runs as, and how to run a program as that user. */
function serverUser(): { name: string; uid: number; gid: number; wrap: (cmd: string, args: string[]) => string[] } {
  const me = userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: me.gid, wrap: (cmd, args) => [cmd, ...args] };
  for (const name of ['postgres', 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
      return { name, uid, gid, wrap: (cmd, args) => ['runuser', '-u', name, '--', cmd, ...args] };
    } catch {
      // no such user: the next one
    }
  }
  throw new Error('running as root, and neither the user "postgres" nor "nobody" exists to run PostgreSQL as');
}

async function run(argv: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  const [cmd, ...args] = argv;
  if (cmd === undefined) throw new Error('nothing to run');
  try {
    const { stdout } = await execFile(cmd, args, { encoding: 'utf8', env: { ...process.env, ...env } });
    return stdout;
  } catch (e) {
    const err = e as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${argv.join(' ')} failed: ${err.stderr || err.stdout || err.message}`, { cause: e });
  }
}

let databases = 0;

/**
 * initdb (trust on loopback, no fsync: a test server, whose data dies with the test; commits still go to
 * the WAL before the client hears "committed", so a crash-stop loses nothing committed) and start.
 */
export async function startPrivatePostgres(
  o: {
    password?: string;
    /** fsync on, as a real server runs (benchmarks); the tests run without, whose data dies with them. */
    durable?: boolean;
  } = {},
): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const user = serverUser();
  const dir = mkdtempSync(join(tmpdir(), 'office-pg-'));
  chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const asServer = (program: string, args: string[]) => run(user.wrap(join(bin, program), args), { LC_ALL: 'C' });
  // With a password: TCP clients must give it (scram-sha-256), as on an office's server; the socket stays trust.
  const auth = o.password === undefined ? ['-A', 'trust'] : ['--auth-host=scram-sha-256', '--auth-local=trust'];
  const pwfile = join(dir, 'pwfile');
  if (o.password !== undefined) {
    writeFileSync(pwfile, `${o.password}\n`, { mode: 0o600 });
    chownSync(pwfile, user.uid, user.gid);
  }
  try {
    await asServer('initdb', [
      '-D',
      data,
      ...auth,
      ...(o.password !== undefined ? [`--pwfile=${pwfile}`] : []),
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
  let port = 0;
  const pgCtl = (args: string[]) => asServer('pg_ctl', ['-D', data, ...args]);
  const start = async () => {
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      ...(o.durable ? [] : ['-c fsync=off', '-c full_page_writes=off']),
      '-c max_connections=200',
    ].join(' ');
    await pgCtl(['-o', options, '-l', logFile, '-w', '-t', '120', 'start']);
  };
  // The free port may be taken between asking and binding (other tests run beside): try another.
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    try {
      await start();
      break;
    } catch (e) {
      if (attempt >= 3) {
        await rm(dir, { recursive: true, force: true });
        throw e;
      }
    }
  }
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stopNow = () => {
    const [cmd, ...args] = user.wrap(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    try {
      if (cmd) execFileSync(cmd, args, { stdio: 'ignore' });
    } catch {
      // not running
    }
  };
  // A test process that ends without its afterAll (a crash, Ctrl-C) must not leave a server behind.
  process.once('exit', stopNow);
  const server: PrivatePostgres = {
    port,
    dir,
    urlOf,
    async createDatabase(name = `t${process.pid}_${++databases}`) {
      const client = new pg.Client({
        host: '127.0.0.1',
        port,
        user: 'postgres',
        database: 'postgres',
        ...(o.password !== undefined ? { password: o.password } : {}),
      });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    async stop(mode = 'fast') {
      await pgCtl(['-m', mode, '-w', '-t', '120', 'stop']);
    },
    start,
    async running() {
      try {
        await pgCtl(['status']);
        return true;
      } catch {
        return false;
      }
    },
    async destroy() {
      process.removeListener('exit', stopNow);
      if (await server.running()) await server.stop('immediate');
      await rm(dir, { recursive: true, force: true, maxRetries: 3 });
    },
    log() {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '(no server log)';
      }
    },
  };
  return server;
}
