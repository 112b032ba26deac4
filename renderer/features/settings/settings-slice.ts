import type { StateCreator } from 'zustand';
import type { PublicKeyInfo, SecretStatus } from '../../../shared/domain/secrets';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { settingsErrorsFromIpc, validateSettings } from './settings-model';
import type { SettingsSlice } from './settings-state';

import type { PublicKeyShown } from './settings-state';
export type { PublicKeyShown } from './settings-state';
export type { SettingsSlice } from './settings-state';

function shown(environmentId: string, key: PublicKeyInfo): PublicKeyShown {
  return {
    environmentId,
    pem: key.publicKeyPem,
    jwk: JSON.stringify(key.publicKeyJwk, null, 2),
    thumbprint: key.thumbprint,
  };
}

export const createSettingsSlice: StateCreator<AppState, [], [], SettingsSlice> = (set, get) => {
  const envId = () => get().editingEnvironmentId ?? get().settings?.activeEnvironmentId ?? '';
  const secretCall = async (fn: () => Promise<SecretStatus>) => {
    set({ secretError: undefined });
    try {
      set({ secretStatus: await fn() });
      return true;
    } catch (e) {
      set({ secretError: toIpcError(e) });
      return false;
    }
  };
  return {
    settingsErrors: {},
    settingsSaving: false,
    connectionTesting: false,

    applySettings(settings) {
      // A change from elsewhere replaces the draft only when the clerk has nothing unsaved.
      const unsaved = get().settingsDraft && get().settingsDraft !== get().settings;
      set({ settings, settingsDraft: unsaved ? get().settingsDraft : settings, locale: settings.locale });
    },

    async loadSettings() {
      try {
        get().applySettings(await intake().call('settings.get', {}));
        // Settings read from an older file may break today's rules (a folder's pattern, an http token URL):
        // that part does not run, and its field says why before the clerk edits anything.
        const draft = get().settingsDraft;
        set({ settingsError: undefined, settingsErrors: draft ? validateSettings(draft) : {} });
        void get().setEditingEnvironment(envId());
      } catch (e) {
        set({ settingsError: toIpcError(e) });
      }
    },

    editSettings(update) {
      const draft = get().settingsDraft;
      if (draft) set({ settingsDraft: update(draft), settingsSavedAt: undefined });
    },

    resetSettingsDraft() {
      set({ settingsDraft: get().settings, settingsErrors: {}, settingsError: undefined });
    },

    async saveSettings() {
      const draft = get().settingsDraft;
      if (!draft) return false;
      const errors = validateSettings(draft);
      if (Object.keys(errors).length) {
        set({ settingsErrors: errors });
        return false;
      }
      set({ settingsSaving: true, settingsErrors: {}, settingsError: undefined });
      try {
        const saved = await intake().call('settings.update', { settings: draft });
        set({
          settings: saved,
          settingsDraft: saved,
          settingsSaving: false,
          locale: saved.locale,
          settingsSavedAt: Date.now(),
        });
        return true;
      } catch (e) {
        const error = toIpcError(e);
        set({ settingsSaving: false, settingsError: error, settingsErrors: settingsErrorsFromIpc(error.fields) });
        return false;
      }
    },

    async setEditingEnvironment(id) {
      set({ editingEnvironmentId: id, secretStatus: undefined, publicKey: undefined, connectionTest: undefined });
      if (id) await secretCall(() => intake().call('secrets.status', { environmentId: id }));
    },

    storeClientSecret: (secret) =>
      secretCall(() => intake().call('secrets.setClientSecret', { environmentId: envId(), secret })),

    async deleteSecret(kind) {
      await secretCall(() => intake().call('secrets.delete', { environmentId: envId(), kind }));
    },

    async generateKeyPair() {
      await secretCall(async () => {
        const environmentId = envId();
        const result = await intake().call('secrets.generateKeyPair', { environmentId });
        set({
          publicKey: {
            environmentId,
            pem: result.publicKeyPem,
            jwk: JSON.stringify(result.publicKeyJwk, null, 2),
            ...(typeof result.publicKeyJwk.kid === 'string' ? { thumbprint: result.publicKeyJwk.kid } : {}),
          },
        });
        return result.status;
      });
    },

    importPrivateKey: (pem) =>
      secretCall(async () => {
        const environmentId = envId();
        const result = await intake().call('secrets.importPrivateKey', { environmentId, pem });
        set({ publicKey: shown(environmentId, result) });
        return result.status;
      }),

    async showPublicKey() {
      set({ secretError: undefined });
      const environmentId = envId();
      try {
        const key = await intake().call('secrets.publicKey', { environmentId });
        set({ publicKey: key ? shown(environmentId, key) : undefined });
      } catch (e) {
        set({ secretError: toIpcError(e) });
      }
    },

    async testConnection() {
      set({ connectionTesting: true, connectionTest: undefined, secretError: undefined });
      try {
        set({
          connectionTest: await intake().call('connection.test', { environmentId: envId() }),
          connectionTesting: false,
        });
      } catch (e) {
        const error = toIpcError(e);
        set({
          connectionTesting: false,
          connectionTest: { ok: false, step: 'settings', code: error.code, message: error.message },
        });
      }
    },
  };
};
