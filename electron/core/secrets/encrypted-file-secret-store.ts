import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { IntakeError } from '../errors';
import type { KeychainAvailability, SecretStore } from './secret-store';
import { writeFileAtomic } from '../util/atomic-write';

/**
 * What the store needs from an OS encryption service. In the shell it wraps Electron's safeStorage (DPAPI on
 * Windows, the Keychain on macOS, libsecret/kwallet on Linux); tests use a real AES-GCM one.
 */
export interface Encryptor {
  isAvailable(): boolean;
  /** Linux: safeStorage.getSelectedStorageBackend(); other systems name their service (dpapi, keychain). */
  backend(): string;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}

export type EncryptorCheck = { ok: true } | { ok: false; code: string; message: string };

/**
 * Whether an encryptor really protects secrets. On Linux without a keyring Chromium falls back to
 * `basic_text`: a hard-coded key, i.e. plain text for anyone who can read the file. We refuse it and say
 * what to install, rather than pretend a secret is safe.
 */
export function checkEncryptor(encryptor: Encryptor, platform: NodeJS.Platform): EncryptorCheck {
  if (!encryptor.isAvailable()) {
    return {
      ok: false,
      code: 'secrets.unavailable',
      message: 'The system offers no encryption for stored secrets (no keychain or key ring is available).',
    };
  }
  if (platform === 'linux') {
    const backend = encryptor.backend();
    if (backend === 'basic_text') {
      return {
        ok: false,
        code: 'secrets.plain_text',
        message:
          'No key ring is running (Electron would store secrets as plain text, backend "basic_text"). Start GNOME Keyring or KWallet and sign in again.',
      };
    }
    if (backend === 'unknown') {
      return { ok: false, code: 'secrets.unavailable', message: 'The key ring backend is not known yet.' };
    }
  }
  return { ok: true };
}

const FILE_FORMAT = 'intake-desk-secrets';
const SecretFileSchema = z.object({
  format: z.literal(FILE_FORMAT),
  version: z.literal(1),
  /** Backend that encrypted the entries: a different one cannot decrypt them, which we report plainly. */
  backend: z.string(),
  /** service → account → base64 blob. */
  entries: z.record(z.string(), z.record(z.string(), z.string())),
});
type Entries = SecretFile['entries'];
type SecretFile = z.infer<typeof SecretFileSchema>;

/** The code every SecretStore uses when it cannot keep secrets safely (see electron/core/secrets). */
export const KEYCHAIN_UNAVAILABLE = 'secrets.keychain_unavailable';

/**
 * Secrets as encrypted blobs (base64) in one JSON file under userData, used where keytar cannot load. The
 * file is written whole to a temp file (mode 0600), fsynced and renamed over the old one, and the folder
 * fsynced (util/atomic-write.ts), so a crash or power cut leaves either the old or the new file. Writes are serialised; the file never holds a secret in clear.
 */
export class EncryptedFileSecretStore implements SecretStore {
  private writing: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly filePath: string,
    private readonly encryptor: Encryptor,
    private readonly platform: NodeJS.Platform = process.platform,
  ) {}

  async isAvailable(): Promise<KeychainAvailability> {
    const check = checkEncryptor(this.encryptor, this.platform);
    return check.ok ? { available: true } : { available: false, message: check.message };
  }

  async get(service: string, account: string): Promise<string | undefined> {
    this.assertUsable();
    const file = await this.read();
    const blob = file?.entries[service]?.[account];
    if (blob === undefined) return undefined;
    try {
      return this.encryptor.decrypt(Buffer.from(blob, 'base64'));
    } catch (cause) {
      throw new IntakeError(
        'local',
        'secrets.unreadable',
        `The stored secret cannot be decrypted (it was stored with "${file?.backend}", this session uses "${this.encryptor.backend()}"). Enter it again.`,
        { cause },
      );
    }
  }

  async set(service: string, account: string, secret: string): Promise<void> {
    this.assertUsable();
    const blob = this.encryptor.encrypt(secret).toString('base64');
    await this.mutate((entries) => {
      entries[service] = { ...entries[service], [account]: blob };
    });
  }

  async delete(service: string, account: string): Promise<boolean> {
    let existed = false;
    await this.mutate((entries) => {
      const accounts = entries[service];
      if (!accounts || !Object.hasOwn(accounts, account)) return;
      existed = true;
      delete accounts[account];
      if (Object.keys(accounts).length === 0) delete entries[service];
    });
    return existed;
  }

  private assertUsable(): void {
    const check = checkEncryptor(this.encryptor, this.platform);
    if (!check.ok) {
      throw new IntakeError('configuration', KEYCHAIN_UNAVAILABLE, check.message, { fields: { reason: check.code } });
    }
  }

  private mutate(change: (entries: Entries) => void): Promise<void> {
    const run = this.writing.then(async () => {
      const current = await this.read();
      const entries: Entries = { ...current?.entries };
      change(entries);
      const next: SecretFile = { format: FILE_FORMAT, version: 1, backend: this.encryptor.backend(), entries };
      await mkdir(dirname(this.filePath), { recursive: true, mode: 0o700 });
      // Temp file (0600) fsynced, renamed over the old one, folder fsynced (the Windows rule inside):
      // a power cut leaves the old or the new secrets, never an empty file.
      await writeFileAtomic(this.filePath, JSON.stringify(next, null, 2), 0o600);
    });
    this.writing = run.catch(() => {});
    return run;
  }

  private async read(): Promise<SecretFile | undefined> {
    let text: string;
    try {
      text = await readFile(this.filePath, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new IntakeError('local', 'secrets.file_unreadable', `The secrets file cannot be read: ${this.filePath}`, {
        cause: e,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = SecretFileSchema.safeParse(json);
    if (!parsed.success) {
      // Never overwrite a file we do not understand: it may hold secrets another version wrote.
      throw new IntakeError('local', 'secrets.file_corrupt', `The secrets file is damaged: ${this.filePath}`);
    }
    return parsed.data;
  }
}
