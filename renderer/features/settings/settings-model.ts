import { NEW_OUTPUT } from '../../../shared/domain/output';
import { SettingsSchema } from '../../../shared/domain/settings';
import type { Environment, EnvironmentKind, FolderProfile, Settings } from '../../../shared/domain/settings';
import { fieldErrors } from '../../../shared/ipc/validate';

/** Field problems keyed by dotted path into Settings (`environments.0.baseUrl`). */
export type SettingsErrors = Record<string, string>;

export function validateSettings(settings: Settings): SettingsErrors {
  const parsed = SettingsSchema.safeParse(settings);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const ids = new Set<string>();
  settings.environments.forEach((env, i) => {
    if (ids.has(env.id)) errors[`environments.${i}.id`] ??= 'settings.error.duplicateId';
    ids.add(env.id);
  });
  if (!settings.environments.some((e) => e.id === settings.activeEnvironmentId)) {
    errors['activeEnvironmentId'] ??= 'settings.error.noActive';
  }
  return errors;
}

/** Errors from `settings.update` come keyed by request path (`settings.environments.0.baseUrl`). */
export function settingsErrorsFromIpc(fields: Record<string, string> | undefined): SettingsErrors {
  const out: SettingsErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) out[path.replace(/^settings\./, '')] = message;
  return out;
}

/** A new environment of a kind, with a unique id; URLs left for the clerk where no default exists. */
export function newEnvironment(
  existing: readonly Environment[],
  kind: EnvironmentKind,
  template?: Environment,
): Environment {
  let n = existing.length + 1;
  while (existing.some((e) => e.id === `${kind}-${n}`)) n++;
  return {
    id: `${kind}-${n}`,
    name: kind === 'custom' ? `Custom ${n}` : `${kind} ${n}`,
    kind,
    baseUrl: template?.baseUrl ?? 'https://',
    tokenUrl: template?.tokenUrl ?? 'https://',
    country: template?.country ?? 'de',
    tenant: template?.tenant ?? '',
    clientId: '',
    scopes: template?.scopes ?? ['case_integration'],
    authMethod: 'private_key_jwt',
    caseSchemaKey: template?.caseSchemaKey ?? 'case-create',
  };
}

export function newFolder(existing: readonly FolderProfile[]): FolderProfile {
  let n = existing.length + 1;
  while (existing.some((f) => f.id === `folder-${n}`)) n++;
  return {
    id: `folder-${n}`,
    label: `Scanner ${n}`,
    path: '',
    defaultMetadata: {},
    autoSubmit: false,
    include: ['*.pdf', '*.tif', '*.tiff', '*.jpg', '*.jpeg', '*.png'],
    exclude: [],
    polling: { enabled: false, intervalMs: 5000 },
    recognizeCompleteFiles: true,
    // A folder added now sends searchable PDFs (docs/platform-choices.md, issue #39).
    output: NEW_OUTPUT,
  };
}

/** Immutable update of one environment by index. */
export function updateEnvironment(settings: Settings, index: number, patch: Partial<Environment>): Settings {
  return {
    ...settings,
    environments: settings.environments.map((e, i) => (i === index ? { ...e, ...patch } : e)),
  };
}

export function updateFolder(settings: Settings, index: number, patch: Partial<FolderProfile>): Settings {
  return { ...settings, folders: settings.folders.map((f, i) => (i === index ? { ...f, ...patch } : f)) };
}

/** How a settings section changes the draft: a pure function from the draft to the next one. */
export type EditSettings = (change: (draft: Settings) => Settings) => void;
