import type { Settings } from '../../../shared/domain/settings';
import type { ConnectionTest } from '../../../shared/domain/connection';
import type { SecretStatus } from '../../../shared/domain/secrets';
import type { IpcError } from '../../../shared/ipc/errors';
import type { SettingsErrors } from './settings-model';

export interface PublicKeyShown {
  environmentId: string;
  pem: string;
  jwk: string;
  /** RFC 7638 thumbprint (the JWK's kid). */
  thumbprint?: string;
}

export interface SettingsSlice {
  settings?: Settings;
  settingsDraft?: Settings;
  settingsErrors: SettingsErrors;
  settingsError?: IpcError;
  settingsSaving: boolean;
  settingsSavedAt?: number;
  /** Environment shown in the credentials section. */
  editingEnvironmentId?: string;
  secretStatus?: SecretStatus;
  secretError?: IpcError;
  publicKey?: PublicKeyShown;
  connectionTest?: ConnectionTest;
  connectionTesting: boolean;
  applySettings(settings: Settings): void;
  loadSettings(): Promise<void>;
  editSettings(update: (draft: Settings) => Settings): void;
  saveSettings(): Promise<boolean>;
  resetSettingsDraft(): void;
  setEditingEnvironment(id: string): Promise<void>;
  storeClientSecret(secret: string): Promise<boolean>;
  deleteSecret(kind: 'clientSecret' | 'privateKey'): Promise<void>;
  generateKeyPair(): Promise<void>;
  /** An existing PEM private key: checked and stored by main; its public half is shown. */
  importPrivateKey(pem: string): Promise<boolean>;
  showPublicKey(): Promise<void>;
  testConnection(): Promise<void>;
}
