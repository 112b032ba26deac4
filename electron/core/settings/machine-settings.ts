import { readFile, stat } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import { win32, posix } from 'node:path';
import type { Settings } from '../../../shared/domain/settings';
import { SettingsSchema, StoredSettingsSchema } from '../../../shared/domain/settings';

/**
 * Machine-wide settings for mass deployment: IT puts one file per station (writable only by
 * administrators) that fixes fields for every user and may give starting values for the rest.
 *
 *   { "version": 1,
 *     "locked":   { "environments": [...], "activeEnvironmentId": "prod", "folders": [...] },
 *     "defaults": { "locale": "de" } }
 *
 * A locked field always has the machine's value: the user's file cannot override it and settings.update
 * cannot change it. Fields are locked whole (an environment includes its client id and URLs).
 */
export const LOCKABLE_FIELDS = [
  'activeEnvironmentId',
  'environments',
  'folders',
  'archive',
  'upload',
  'documentTypes',
  'locale',
  'updates',
  'desktop',
  'scanners',
  // Document text: OCR pages, languages (issue #46), number patterns; locked whole like every field.
  'text',
  // The office database (issue #50): IT points every station of an office at the same one.
  'office',
] as const satisfies readonly (keyof Settings)[];
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

const isLockable = (key: string): key is LockableField => (LOCKABLE_FIELDS as readonly string[]).includes(key);

/** Where IT puts the machine file on each system. */
export function machineSettingsPath(platform: NodeJS.Platform, env: Record<string, string | undefined>): string {
  switch (platform) {
    case 'win32':
      return win32.join(env['ProgramData'] ?? env['PROGRAMDATA'] ?? 'C:\\ProgramData', 'Intake Desk', 'settings.json');
    case 'darwin':
      return posix.join('/Library/Application Support/Intake Desk', 'settings.json');
    default:
      return posix.join('/etc/intake-desk', 'settings.json');
  }
}

export interface MachineSettings {
  locked: Partial<Pick<Settings, LockableField>>;
  defaults: Partial<Pick<Settings, LockableField>>;
}

export interface MachineSettingsParse {
  machine: MachineSettings;
  /** Fields that were left out, with why: shown to the user and logged, so IT sees a typo at once. */
  problems: string[];
}

export const NO_MACHINE_SETTINGS: MachineSettings = { locked: {}, defaults: {} };

/**
 * Reads the machine file field by field with the settings schema: one wrong field is dropped (and reported)
 * rather than the whole file, so a typo in `locale` does not unlock the environment.
 */
export function parseMachineSettings(json: unknown): MachineSettingsParse {
  const problems: string[] = [];
  if (!json || typeof json !== 'object' || Array.isArray(json)) {
    return { machine: NO_MACHINE_SETTINGS, problems: ['the machine settings file is not a JSON object'] };
  }
  const root = json as Record<string, unknown>;
  if (root['version'] !== 1) problems.push(`version ${JSON.stringify(root['version'])} is not 1; read as version 1`);
  for (const key of Object.keys(root)) {
    if (!['version', 'locked', 'defaults'].includes(key)) problems.push(`unknown top-level field "${key}" ignored`);
  }
  const section = (name: 'locked' | 'defaults') => {
    const out: Record<string, unknown> = {};
    const raw = root[name];
    if (raw === undefined) return out;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push(`"${name}" is not an object; ignored`);
      return out;
    }
    for (const [key, value] of Object.entries(raw)) {
      if (!isLockable(key)) {
        problems.push(`${name}.${key} cannot be set machine-wide; ignored`);
        continue;
      }
      const parsed = SettingsSchema.shape[key].safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const at = [name, key, ...(issue?.path ?? [])].map(String).join('.');
        problems.push(`${at} is invalid (${issue?.message ?? 'invalid'}); ${name}.${key} ignored`);
        continue;
      }
      out[key] = parsed.data;
    }
    return out;
  };
  return {
    machine: {
      locked: section('locked') as MachineSettings['locked'],
      defaults: section('defaults') as MachineSettings['defaults'],
    },
    problems,
  };
}

export interface EffectiveSettings {
  settings: Settings;
  locked: LockableField[];
}

/**
 * Layers: built-in defaults < machine defaults < the user's file < machine locks. `user` is the user's file
 * as read (before schema defaults), so a machine default fills only what the user never set. If the
 * environments are locked and the user's active environment is not among them, the first locked one is active.
 */
export function mergeSettings(
  builtIn: Settings,
  machine: MachineSettings,
  user: Record<string, unknown> | undefined,
): { ok: true; value: EffectiveSettings } | { ok: false; message: string } {
  const merged: Record<string, unknown> = { ...builtIn, ...machine.defaults, ...user, ...machine.locked };
  const envs = machine.locked.environments;
  if (envs && machine.locked.activeEnvironmentId === undefined) {
    const active = merged['activeEnvironmentId'];
    if (!envs.some((e) => e.id === active) && envs[0]) merged['activeEnvironmentId'] = envs[0].id;
  }
  // The user's part is read as stored (an old file may hold a folder to fix): the machine's own fields were
  // checked with every rule in parseMachineSettings, and a user's bad folder must not lift the locks.
  const parsed = StoredSettingsSchema.safeParse(merged);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  if (!parsed.data.environments.some((e) => e.id === parsed.data.activeEnvironmentId)) {
    return { ok: false, message: `activeEnvironmentId "${parsed.data.activeEnvironmentId}" names no environment` };
  }
  return { ok: true, value: { settings: parsed.data, locked: lockedFields(machine) } };
}

export function lockedFields(machine: MachineSettings): LockableField[] {
  return LOCKABLE_FIELDS.filter((f) => machine.locked[f] !== undefined);
}

/**
 * Applies a settings.update under the machine's locks: locked fields keep the machine's value, and
 * `refused` names those the user tried to change (the caller reports them as `settings.locked`).
 */
export function enforceLocks(
  next: Settings,
  machine: MachineSettings,
): { settings: Settings; refused: LockableField[] } {
  const refused: LockableField[] = [];
  const out: Record<string, unknown> = { ...next };
  for (const field of lockedFields(machine)) {
    const fixed = machine.locked[field];
    if (!isDeepStrictEqual(next[field], fixed)) refused.push(field);
    out[field] = fixed;
  }
  return { settings: out as Settings, refused };
}

/**
 * What goes into the user's file when `effective` is saved: each locked field keeps the value the user's
 * file had, so the machine's value never lands in it and lifting a lock brings the user's own value back.
 * The file stays complete (every field present), as the settings schema wants it.
 */
export function userPart(effective: Settings, userFile: Settings, machine: MachineSettings): Settings {
  const out: Record<string, unknown> = { ...effective };
  for (const field of lockedFields(machine)) out[field] = userFile[field];
  return out as Settings;
}

/**
 * Reads the machine file. None there is the normal case (no problems). A file others may write is still
 * used, but reported: locks only mean something when only administrators can change the file.
 */
export async function loadMachineSettings(path: string): Promise<MachineSettingsParse & { found: boolean }> {
  let text: string;
  let mode: number;
  try {
    [text, mode] = await Promise.all([readFile(path, 'utf8'), stat(path).then((s) => s.mode)]);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT')
      return { machine: NO_MACHINE_SETTINGS, problems: [], found: false };
    return { machine: NO_MACHINE_SETTINGS, problems: [`cannot read ${path}: ${(e as Error).message}`], found: true };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return {
      machine: NO_MACHINE_SETTINGS,
      problems: [`${path} is not valid JSON: ${(e as Error).message}`],
      found: true,
    };
  }
  const parsed = parseMachineSettings(json);
  if (process.platform !== 'win32' && (mode & 0o022) !== 0) {
    parsed.problems.unshift(
      `${path} can be changed by other users (mode ${(mode & 0o777).toString(8)}); make it writable by root only`,
    );
  }
  return { ...parsed, found: true };
}
