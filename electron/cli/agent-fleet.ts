import { existsSync } from 'node:fs';
import { clearGoneStations, inspectSharedFolder } from '../core/intake/shared-folder/fleet';
import { summarizeFleet } from '../core/intake/shared-folder/fleet-summary';

/**
 * `intake-agent status --folder DIR [--names]`: the fleet view of a shared scan folder as one JSON line
 * (docs/deployment.md §10), every list summed up (count, oldest, first names); every name with `names`. Exit 0 when nothing waits on a station; 1 when claimed files wait for a takeover or a gone station
 * still holds committed files (an admin's look is due); 2 when the folder is not there.
 */
export async function runFleetStatus(folder: string, names = false): Promise<number> {
  if (!existsSync(folder)) {
    process.stdout.write(
      `${JSON.stringify({ folder, error: `the folder ${folder} does not exist (check --folder)` })}\n`,
    );
    return 2;
  }
  const view = await inspectSharedFolder(folder);
  process.stdout.write(`${JSON.stringify(await summarizeFleet(view, { names }))}\n`);
  return view.waitingForTakeover.length > 0 || view.heldByGone.length > 0 ? 1 : 0;
}

/** `intake-agent clear-stale --folder DIR [--give-back]`: one JSON line saying what was cleared and what kept. */
export async function runClearStale(folder: string, giveBack: boolean): Promise<number> {
  if (!existsSync(folder)) {
    process.stdout.write(
      `${JSON.stringify({ folder, error: `the folder ${folder} does not exist (check --folder)` })}\n`,
    );
    return 2;
  }
  const result = await clearGoneStations(folder, { giveBack });
  process.stdout.write(`${JSON.stringify({ folder, ...result })}\n`);
  return 0;
}
