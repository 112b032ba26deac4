import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { isIntakeError } from '../core/errors';
import { importPrivateKey } from '../core/auth/key-import';
import { UsageError } from './agent-args';

export const CLIENT_KEY_ENV = 'INTAKE_CLIENT_KEY';

/**
 * Reads $INTAKE_CLIENT_KEY (PEM text of the private key) once and removes it from the environment, so no
 * child process inherits it. Call it before anything else runs.
 */
export function takeClientKeyFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const key = env[CLIENT_KEY_ENV];
  delete env[CLIENT_KEY_ENV];
  return key === undefined || key.trim() === '' ? undefined : key;
}

/**
 * The private key for private_key_jwt from --key-file or $INTAKE_CLIENT_KEY, checked and as PKCS#8 PEM.
 * For stations without a keychain (a Linux service without a Secret Service): the file must belong to
 * the agent's user (or root) and be readable by nobody else (mode 0600 or 0400), like an SSH key.
 * `platform` is injected so the POSIX rules can be tested on any OS; Windows has ACLs, not modes.
 */
export async function loadClientKey(
  source: { keyFile?: string; envKey?: string },
  platform: NodeJS.Platform = process.platform,
): Promise<string | undefined> {
  if (source.keyFile !== undefined) return normalise(await readKeyFile(source.keyFile, platform), source.keyFile);
  if (source.envKey !== undefined) return normalise(source.envKey, `$${CLIENT_KEY_ENV}`);
  return undefined;
}

async function readKeyFile(path: string, platform: NodeJS.Platform): Promise<string> {
  // One handle for the checks and the read, so the file checked is the file read; no link followed.
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever (the agent hung at
  // start); it opens at once, and the check below refuses it as not a regular file.
  const posixFlags = constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const handle = await open(path, constants.O_RDONLY | (platform === 'win32' ? 0 : posixFlags)).catch(
    (e: NodeJS.ErrnoException) => {
      const why = e.code === 'ELOOP' ? 'it is a symbolic link; name the file itself' : (e.code ?? e.message);
      throw keyFileError(`--key-file ${path}: cannot open (${why})`);
    },
  );
  try {
    const s = await handle.stat();
    if (!s.isFile()) throw keyFileError(`--key-file ${path}: not a regular file`);
    if (s.size > 64 * 1024) throw keyFileError(`--key-file ${path}: too large for a PEM key (${s.size} bytes)`);
    if (platform !== 'win32') {
      const mode = (s.mode & 0o777).toString(8).padStart(4, '0');
      if ((s.mode & 0o077) !== 0) {
        throw keyFileError(
          `--key-file ${path}: the private key is readable by other users (mode ${mode}); make it readable by the agent's user only: chmod 600 ${path}`,
        );
      }
      const uid = process.getuid?.();
      if (uid !== undefined && s.uid !== uid && s.uid !== 0) {
        throw keyFileError(
          `--key-file ${path}: owned by uid ${s.uid}, not by the agent's user (uid ${uid}) or root; chown it to the user the agent runs as`,
        );
      }
    }
    return await handle.readFile({ encoding: 'utf8' });
  } finally {
    await handle.close();
  }
}

/** A private key the agent cannot use: a configuration error (fixed by replacing the file or the variable). */
const keyFileError = (message: string) => new UsageError(message, 'key_file.invalid');

async function normalise(text: string, where: string): Promise<string> {
  try {
    return (await importPrivateKey(text)).privateKeyPem;
  } catch (e) {
    if (isIntakeError(e)) throw keyFileError(`${where}: ${e.message}`);
    throw e;
  }
}
