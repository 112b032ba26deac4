import type { Settings } from '../../../shared/domain/settings';
import type { Logger } from '../util/logger';
import type { LockableField, MachineSettings } from './machine-settings';
import { enforceLocks, loadMachineSettings, mergeSettings, NO_MACHINE_SETTINGS, userPart } from './machine-settings';

/**
 * The machine file plugged into SettingsService's `applyMachine` hook: every load and save re-reads the file
 * (IT may change it while the app runs) and lays its locks over the user's settings. `locked` and
 * `refusedIn` let the settings handlers tell the renderer which fields are fixed and refuse an update to them.
 */
export class MachineSettingsApplier {
  private machine: MachineSettings = NO_MACHINE_SETTINGS;
  private lockedNow: LockableField[] = [];
  private lastProblems = '';

  constructor(private readonly logger: Logger) {}

  get locked(): readonly LockableField[] {
    return this.lockedNow;
  }

  /** Fields of `next` that differ from the machine's locked values (empty when the update may be saved). */
  refusedIn(next: Settings): LockableField[] {
    return enforceLocks(next, this.machine).refused;
  }

  /** SettingsService's `userPartOf`: the locked fields of a save keep the user's own values in their file. */
  readonly userPart = (effective: Settings, userFile: Settings): Settings =>
    userPart(effective, userFile, this.machine);

  readonly apply = async (user: Settings, machinePath: string): Promise<Settings> => {
    const loaded = await loadMachineSettings(machinePath);
    const problems = loaded.problems.join('; ');
    if (problems && problems !== this.lastProblems) {
      this.logger.warn('machine settings: problems', { path: machinePath, problems: loaded.problems });
    }
    this.lastProblems = problems;
    this.machine = { locked: loaded.machine.locked, defaults: {} };
    // The user's settings are already complete here: machine defaults matter only for a first run.
    const merged = mergeSettings(user, this.machine, undefined);
    if (!merged.ok) {
      this.logger.error('machine settings not applied: the result would be invalid', {
        path: machinePath,
        message: merged.message,
      });
      this.lockedNow = [];
      return user;
    }
    this.lockedNow = merged.value.locked;
    return merged.value.settings;
  };
}
