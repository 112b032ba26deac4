import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FleetStation, FleetView } from './fleet';
import { SHARED_DIR } from './layout';

/** How many first names a summary shows of each list (sorted), besides the count and the oldest. */
export const FIRST_NAMES = 5;

/**
 * One list of files as `status --folder` prints it: a folder of 30,000 scans once came out as one 337 KB line
 * of names (issue #45). The count, the oldest (by the file's time, which the claim renames keep) and the
 * first few names; every name only when asked (`--names`).
 */
export interface FileSummary {
  count: number;
  oldest?: { name: string; modified: string };
  first: string[];
  names?: string[];
}

export interface FleetStationSummary extends Omit<FleetStation, 'claimed' | 'taken'> {
  claimed: FileSummary;
  taken: FileSummary;
}

export interface FleetSummary extends Omit<FleetView, 'stations' | 'waitingForTakeover' | 'heldByGone' | 'unclaimed'> {
  stations: FleetStationSummary[];
  waitingForTakeover: FileSummary;
  heldByGone: FileSummary;
  /** Scans at the top of the folder not yet claimed by any station. */
  unclaimed: FileSummary;
}

/** The admin's view with every list summed up; `names`: every name too. */
export async function summarizeFleet(view: FleetView, o: { names: boolean }): Promise<FleetSummary> {
  const base = join(view.folder, SHARED_DIR);
  const of = (paths: Array<{ name: string; path: string }>) => summaryOf(paths, o.names);
  const inStation = (st: FleetStation, kind: 'claimed' | 'taken') =>
    st[kind].map((name) => ({ name, path: join(base, kind, st.station, name) }));
  const stations: FleetStationSummary[] = [];
  for (const st of view.stations)
    stations.push({ ...st, claimed: await of(inStation(st, 'claimed')), taken: await of(inStation(st, 'taken')) });
  const late = view.stations.filter((x) => x.state !== 'alive');
  const gone = view.stations.filter((x) => x.state === 'gone');
  const top = (await readdir(view.folder, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => ({ name: e.name, path: join(view.folder, e.name) }));
  return {
    ...view,
    stations,
    waitingForTakeover: await of(late.flatMap((st) => inStation(st, 'claimed'))),
    heldByGone: await of(gone.flatMap((st) => inStation(st, 'taken'))),
    unclaimed: await of(top),
  };
}

async function summaryOf(files: Array<{ name: string; path: string }>, names: boolean): Promise<FileSummary> {
  const sorted = files.map((f) => f.name).sort();
  let oldest: { name: string; mtimeMs: number } | undefined;
  for (const f of files) {
    // A file gone since the listing (taken, uploaded) is simply not the oldest.
    const s = await lstat(f.path).catch(() => undefined);
    if (s && (!oldest || s.mtimeMs < oldest.mtimeMs)) oldest = { name: f.name, mtimeMs: s.mtimeMs };
  }
  return {
    count: files.length,
    ...(oldest ? { oldest: { name: oldest.name, modified: new Date(oldest.mtimeMs).toISOString() } } : {}),
    first: sorted.slice(0, FIRST_NAMES),
    ...(names ? { names: sorted } : {}),
  };
}
