/**
 * `intake-agent service-folders [--settings FILE] [--machine-settings FILE]`: the systemd drop-in that
 * makes the folders the settings name writable for the confined unit (ProtectSystem=strict, ProtectHome=yes:
 * service-definitions.ts). Printed, not installed: the admin writes it to
 * /etc/systemd/system/intake-desk-agent.service.d/folders.conf (docs/deployment.md §8).
 */
import { isAbsolute } from 'node:path';
import { parseArgs } from 'node:util';
import type { Settings } from '../../shared/domain/settings';
import { systemClock } from '../core/util/clock';
import { JsonLineLogger } from '../core/util/logger';
import { loadStationSettings } from './agent-config';
import { EXIT } from './agent-stop-reason';
import { systemdFoldersDropIn } from './service-definitions';

/** Every folder the agent writes besides its data folder: the watched folders, a move-archive's folder. */
export function foldersToWrite(settings: Pick<Settings, 'folders' | 'archive'>): string[] {
  const archive = settings.archive.mode === 'move' ? settings.archive.folder : undefined;
  return [...settings.folders.map((f) => f.path), ...(archive ? [archive] : [])];
}

export async function runServiceFoldersCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`intake-agent service-folders: ${message}\n`);
    return EXIT.usage;
  };
  let v;
  try {
    ({ values: v } = parseArgs({
      args: argv.slice(1),
      strict: true,
      options: { settings: { type: 'string' }, 'machine-settings': { type: 'string' } },
    }));
  } catch (e) {
    return fail((e as Error).message);
  }
  const settingsFile = v.settings ?? env.INTAKE_DESK_SETTINGS;
  if (!settingsFile && !v['machine-settings'])
    return fail('name the settings: --machine-settings FILE or --settings FILE');
  let settings: Settings;
  try {
    settings = await loadStationSettings(
      {
        ...(settingsFile ? { settings: settingsFile } : {}),
        ...(v['machine-settings'] ? { machineSettings: v['machine-settings'] } : {}),
      },
      {
        clock: systemClock,
        logger: new JsonLineLogger((l) => process.stderr.write(`${l}\n`), 'warn', { app: 'intake-agent' }),
      },
    );
  } catch (e) {
    return fail((e as Error).message);
  }
  const folders = foldersToWrite(settings);
  // The service resolves a relative folder against its own working folder (/), not the admin's: say so.
  const relative = folders.filter((f) => !isAbsolute(f));
  if (relative.length > 0)
    return fail(`a service needs absolute folders; relative in the settings: ${relative.join(', ')}`);
  process.stdout.write(systemdFoldersDropIn(folders));
  return EXIT.ok;
}
