import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Encryptor } from '../encrypted-file-secret-store';

/** A real encryptor (AES-256-GCM) standing in for safeStorage, which needs the Electron binary. */
export class AesGcmEncryptor implements Encryptor {
  constructor(
    private readonly key: Buffer = randomBytes(32),
    private readonly backendName = 'gnome_libsecret',
    private readonly available = true,
  ) {}
  isAvailable(): boolean {
    return this.available;
  }
  backend(): string {
    return this.backendName;
  }
  encrypt(plain: string): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }
  decrypt(data: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
}
