import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Settings } from '../../../shared/domain/settings';
import { SETTINGS_VERSION, SettingsSchema, StoredSettingsSchema } from '../../../shared/domain/settings';
import { fieldErrors } from '../../../shared/ipc/validate';
import { IntakeError } from '../errors';
import type { EventBus } from '../events/event-bus';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { writeFileAtomic } from '../util/atomic-write';
import { MIGRATIONS } from './settings-migrations';

export interface SettingsServiceOptions {
  /** The user's settings file, e.g. <userData>/settings.json. */
  path: string;
  /** Machine-wide file (read-only for the user); applied through `applyMachine` (desktop shell). */
  machinePath?: string;
  /** Hook for the machine-wide overrides; the desktop-shell engineer completes it. */
  applyMachine?: (user: Settings, machinePath: string) => Promise<Settings> | Settings;
  /**
   * What a save writes into the user's file, given the effective settings and the user's file as it was:
   * the machine's locked values stay out of it, so lifting a lock brings the user's own value back
   * (MachineSettingsApplier.userPart). Default: the settings as saved.
   */
  userPartOf?: (effective: Settings, userFile: Settings) => Settings;
  /**
   * Read the file and never write beside it (the headless agent: the file may belong to root or another
   * user): no defaults written, no corrupt copy kept aside, an older version migrated in memory only.
   */
  readOnly?: boolean;
  /** First-run settings (the caller knows the embedded sandbox's address). */
  defaults: () => Settings;
  /**
   * Where the settings in force are published (`settings.saved`) after every load and save: the one route
   * by which the pipeline, the session, the monitoring and the screen learn of a change.
   */
  events?: EventBus;
  clock: Clock;
  logger: Logger;
}

/**
 * The settings file: versioned JSON, validated with SettingsSchema, migrated from older versions and
 * written atomically. A damaged or invalid file is never silently replaced: a copy is kept aside as
 * settings.corrupt-<timestamp>.json, and the service refuses to write until the user reloads a fixed
 * file or chooses `resetToDefaults()`.
 */
export class SettingsService {
  private current?: Settings;
  /** The user's own file as last read or written, before the machine-wide layer. */
  private userFile?: Settings;
  private blocked?: IntakeError;

  constructor(private readonly options: SettingsServiceOptions) {}

  get path(): string {
    return this.options.path;
  }

  /** Why the settings cannot be used, if they cannot. */
  get problem(): IntakeError | undefined {
    return this.blocked;
  }

  /** Reads (or creates) the file. Throws IntakeError 'configuration' when the file cannot be used. */
  async load(): Promise<Settings> {
    const { path, logger } = this.options;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' && !this.options.readOnly) {
        logger.info('no settings file yet; writing defaults', { path });
        this.blocked = undefined;
        return this.write(this.options.defaults());
      }
      throw this.block(
        new IntakeError(
          'local',
          'settings.unreadable',
          `The settings file ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
          { cause: e },
        ),
      );
    }

    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      const kept = await this.keepAside();
      throw this.block(
        new IntakeError('configuration', 'settings.corrupt', `${this.refusal('is damaged (not valid JSON)', kept)}`, {
          cause: e,
        }),
      );
    }
    const version = typeof raw === 'object' && raw !== null ? (raw as { version?: unknown }).version : undefined;
    if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
      const kept = await this.keepAside();
      throw this.block(
        new IntakeError('configuration', 'settings.invalid', this.refusal('has no valid "version"', kept)),
      );
    }
    if (version > SETTINGS_VERSION) {
      throw this.block(
        new IntakeError(
          'configuration',
          'settings.too_new',
          `The settings file ${path} was written by a newer Intake Desk (settings version ${version}; this one reads up to ${SETTINGS_VERSION}). Install the newer version again; the file is left untouched.`,
        ),
      );
    }

    let migrated = raw;
    for (let v = version; v < SETTINGS_VERSION; v++) {
      const step = MIGRATIONS[v];
      try {
        if (!step) throw new Error(`no migration from version ${v}`);
        migrated = step(migrated);
      } catch (e) {
        const kept = await this.keepAside();
        throw this.block(
          new IntakeError(
            'configuration',
            'settings.invalid',
            this.refusal(`cannot be upgraded from version ${v} (${describe(e)})`, kept),
            { cause: e },
          ),
        );
      }
    }

    // Read as stored: a folder whose pattern today's rules refuse does not block the file (its hot folder is
    // marked invalid and the others run); the problem is logged here with its field.
    const parsed = StoredSettingsSchema.safeParse(migrated);
    const problem = parsed.success ? consistencyProblem(parsed.data) : describeIssue(parsed.error.issues[0]);
    if (parsed.success && !problem) this.warnAboutFields(parsed.data);
    if (!parsed.success || problem) {
      const kept = await this.keepAside();
      throw this.block(
        new IntakeError(
          'configuration',
          'settings.invalid',
          this.refusal(`is not valid: ${problem ?? 'unknown problem'}`, kept),
        ),
      );
    }
    this.blocked = undefined;
    if (version < SETTINGS_VERSION && !this.options.readOnly) {
      const backup = join(dirname(path), `settings.v${version}.backup.json`);
      await copyFile(path, backup);
      logger.info('settings migrated', { from: version, to: SETTINGS_VERSION, backup });
      return this.write(parsed.data);
    }
    this.userFile = parsed.data;
    return this.publish(await this.withMachine(parsed.data));
  }

  /** The loaded settings; throws the load problem while the file cannot be used. */
  get(): Settings {
    if (this.blocked) throw this.blocked;
    if (!this.current) throw new IntakeError('local', 'settings.not_loaded', 'Settings are not loaded yet.');
    return this.current;
  }

  /** Validates and writes new settings; refused while a damaged file waits for the user's decision. */
  async save(next: Settings): Promise<Settings> {
    if (this.blocked) {
      throw new IntakeError(
        'configuration',
        'settings.blocked',
        `Settings are not saved because the settings file has a problem: ${this.blocked.message}`,
      );
    }
    return this.write(this.userPart(checkedForSaving(SettingsSchema, next)));
  }

  /**
   * The app's own change to what was loaded (e.g. pointing the local sandbox at this run's port): checked
   * as stored settings, so a folder the user still has to fix does not block it. User edits go to save().
   */
  async rewrite(next: Settings): Promise<Settings> {
    if (this.blocked) throw this.blocked;
    return this.write(this.userPart(checkedForSaving(StoredSettingsSchema, next)));
  }

  private warnAboutFields(settings: Settings): void {
    const strict = SettingsSchema.safeParse(settings);
    if (strict.success) return;
    this.options.logger.warn('settings file: fields to fix (their folders do not run)', {
      path: this.options.path,
      fields: fieldErrors(strict.error),
    });
  }

  /** The user's choice after a damaged file: start again from defaults (the damaged copy stays kept aside). */
  async resetToDefaults(): Promise<Settings> {
    this.blocked = undefined;
    return this.write(this.options.defaults());
  }

  private userPart(effective: Settings): Settings {
    const { userPartOf, defaults } = this.options;
    return userPartOf ? userPartOf(effective, this.userFile ?? defaults()) : effective;
  }

  private async write(settings: Settings): Promise<Settings> {
    await mkdir(dirname(this.options.path), { recursive: true });
    await writeFileAtomic(this.options.path, `${JSON.stringify(settings, null, 2)}\n`);
    this.userFile = settings;
    return this.publish(await this.withMachine(settings));
  }

  private async withMachine(settings: Settings): Promise<Settings> {
    const { machinePath, applyMachine } = this.options;
    return machinePath && applyMachine ? applyMachine(settings, machinePath) : settings;
  }

  private publish(settings: Settings): Settings {
    this.current = settings;
    this.options.events?.emit({ type: 'settings.saved', settings });
    return settings;
  }

  private block(error: IntakeError): IntakeError {
    this.blocked = error;
    this.current = undefined;
    this.options.logger.error('settings file cannot be used', { code: error.code, path: this.options.path });
    return error;
  }

  private async keepAside(): Promise<string | undefined> {
    if (this.options.readOnly) return undefined;
    const stamp = new Date(this.options.clock.now()).toISOString().replace(/[:.]/g, '-');
    const kept = join(dirname(this.options.path), `settings.corrupt-${stamp}.json`);
    try {
      await copyFile(this.options.path, kept);
      return kept;
    } catch (e) {
      this.options.logger.warn('could not keep a copy of the damaged settings file', { error: e });
      return undefined;
    }
  }

  private refusal(what: string, kept: string | undefined): string {
    return (
      `The settings file ${this.options.path} ${what}. ` +
      (kept ? `A copy was kept as ${kept}. ` : '') +
      'Intake Desk will not overwrite it: fix the file and reload, or reset to default settings.'
    );
  }
}

function describe(e: unknown): string {
  return e instanceof Error ? (e.message.split('\n')[0] ?? 'error') : String(e);
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (!issue) return 'unknown problem';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Rules the schema cannot express: unique environment ids, an active environment that exists. */
function consistencyProblem(settings: Settings): string | undefined {
  const ids = settings.environments.map((e) => e.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate) return `environment id "${duplicate}" is used twice`;
  if (!ids.includes(settings.activeEnvironmentId))
    return `the active environment "${settings.activeEnvironmentId}" does not exist`;
  const folderIds = settings.folders.map((f) => f.id);
  const dupFolder = folderIds.find((id, i) => folderIds.indexOf(id) !== i);
  if (dupFolder) return `folder id "${dupFolder}" is used twice`;
  return undefined;
}

/** Settings checked against `schema` and the cross-field rules, or `settings.invalid` naming the problem. */
function checkedForSaving(schema: typeof SettingsSchema | typeof StoredSettingsSchema, next: Settings): Settings {
  const parsed = schema.safeParse(next);
  const problem = parsed.success ? consistencyProblem(parsed.data) : describeIssue(parsed.error.issues[0]);
  if (!parsed.success || problem) {
    throw new IntakeError(
      'validation',
      'settings.invalid',
      `These settings cannot be saved: ${problem ?? 'unknown problem'}.`,
      parsed.success ? {} : { fields: fieldErrors(parsed.error) },
    );
  }
  return parsed.data;
}
