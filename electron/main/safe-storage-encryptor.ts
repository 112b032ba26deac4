import { safeStorage } from 'electron';
import type { Encryptor } from '../core/secrets/encrypted-file-secret-store';

/** Electron's safeStorage as the core's Encryptor; the format and the refusal of basic_text live in the core. */
export function safeStorageEncryptor(platform: NodeJS.Platform = process.platform): Encryptor {
  return {
    isAvailable: () => safeStorage.isEncryptionAvailable(),
    backend: () =>
      platform === 'linux' ? safeStorage.getSelectedStorageBackend() : platform === 'win32' ? 'dpapi' : 'keychain',
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
