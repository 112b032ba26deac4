import type { SecretStore } from './secret-store';
import type { Logger } from '../util/logger';

export interface SecretStoreChoice {
  store: SecretStore;
  kind: 'keychain' | 'safe-storage';
}

/**
 * The OS keychain (keytar) first. Only where it cannot load or reach a keychain, Electron's safeStorage file
 * store; if that is unusable too (Linux basic_text), the keychain store stays, so every call reports the
 * keychain's own "no keychain" message. Neither ever falls back to plain text.
 */
export async function chooseSecretStore(
  keychain: SecretStore,
  fallback: SecretStore | undefined,
  logger: Logger,
): Promise<SecretStoreChoice> {
  const primary = await keychain.isAvailable();
  if (primary.available || !fallback) return { store: keychain, kind: 'keychain' };
  const second = await fallback.isAvailable();
  if (!second.available) {
    logger.warn('no secret store available', { keychain: primary.message, safeStorage: second.message });
    return { store: keychain, kind: 'keychain' };
  }
  logger.info('keychain unavailable; secrets go to the safeStorage file store', { keychain: primary.message });
  return { store: fallback, kind: 'safe-storage' };
}
