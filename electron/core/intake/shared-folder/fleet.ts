import { lstat, readdir, readFile, rm, rmdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { filesUnder, moveInto } from './claim';
import { StationBeatSchema } from './heartbeat';
import { beatIntervalOf, DEFAULT_LEASE_MS } from './lease';
import { SHARED_DIR } from './layout';

/**
 * The admin's view of one shared scan folder, read from its `.intake/` alone (no station's data folder):
 * `intake-agent status --folder DIR` prints it, `intake-agent clear-stale --folder DIR` acts on it.
 *
 * Whether a station is alive is judged here by its heartbeat file's time on the share against this PC's
 * clock (one look cannot watch the beat change, as the stations do): `gone` only after twice its lease, so a
 * clock off by less than a lease never names a live station gone.
 */
export interface FleetStation {
  station: string;
  /** From its heartbeat; absent for a station that left folders but no heartbeat (stopped, or cleared). */
  host?: string;
  pid?: number;
  version?: string;
  /** Its own clock at its last beat (shown only). */
  lastBeat?: string;
  /** Seconds since its heartbeat file last changed, by the share's file time and this PC's clock. */
  beatAgeSeconds?: number;
  leaseSeconds: number;
  /** alive: beating; late: past its lease (the others take over its claims); gone: past twice its lease, or no heartbeat. */
  state: 'alive' | 'late' | 'gone';
  /** Files in its claimed/ (look-ahead; taken over by the others once it is late) and taken/ (committed; its own). */
  claimed: string[];
  taken: string[];
}

export interface FleetView {
  folder: string;
  /** false: the folder has no `.intake/` (not claimed from: no station of this version watched it yet). */
  shared: boolean;
  folderId?: string;
  stations: FleetStation[];
  /** Claimed files of late or gone stations: the live ones take them over within a heartbeat. */
  waitingForTakeover: string[];
  /** Committed files of gone stations: no other station takes them; start that station again, or --give-back. */
  heldByGone: string[];
  /** Scans in the folder not yet claimed by any station. */
  unclaimed: number;
}

const names = (dir: string) => readdir(dir).catch(() => [] as string[]);

export async function inspectSharedFolder(folder: string, now = Date.now()): Promise<FleetView> {
  const base = join(folder, SHARED_DIR);
  const s = await lstat(base).catch(() => undefined);
  const unclaimed = (await readdir(folder, { withFileTypes: true }).catch(() => [])).filter(
    (e) => e.isFile() && !e.name.startsWith('.'),
  ).length;
  if (!s?.isDirectory())
    return { folder, shared: false, stations: [], waitingForTakeover: [], heldByGone: [], unclaimed };
  const folderId = (await readFile(join(base, 'folder-id'), 'utf8').catch(() => '')).trim() || undefined;
  const ids = new Set<string>();
  for (const n of await names(join(base, 'stations')))
    if (n.endsWith('.json') && !n.startsWith('.')) ids.add(n.slice(0, -'.json'.length));
  for (const n of await names(join(base, 'claimed'))) ids.add(n);
  for (const n of await names(join(base, 'taken'))) ids.add(n);
  const stations: FleetStation[] = [];
  for (const id of [...ids].sort()) {
    const path = join(base, 'stations', `${id}.json`);
    const [text, info] = await Promise.all([
      readFile(path, 'utf8').catch(() => undefined),
      stat(path).catch(() => undefined),
    ]);
    const parsed = text === undefined ? undefined : StationBeatSchema.safeParse(safeJson(text));
    const beat = parsed?.success && parsed.data.station === id ? parsed.data : undefined;
    const leaseMs = beat?.leaseMs ?? DEFAULT_LEASE_MS;
    const ageMs = info ? Math.max(0, now - info.mtimeMs) : undefined;
    const state = !beat || ageMs === undefined || ageMs > 2 * leaseMs ? 'gone' : ageMs > leaseMs ? 'late' : 'alive';
    stations.push({
      station: id,
      ...(beat ? { host: beat.host, pid: beat.pid, version: beat.version, lastBeat: beat.lastBeat } : {}),
      ...(ageMs !== undefined && beat ? { beatAgeSeconds: Math.round(ageMs / 1000) } : {}),
      leaseSeconds: Math.round(leaseMs / 1000),
      state,
      claimed: (await filesUnder(join(base, 'claimed', id))).sort(),
      taken: (await filesUnder(join(base, 'taken', id))).sort(),
    });
  }
  return {
    folder,
    shared: true,
    ...(folderId ? { folderId } : {}),
    stations,
    waitingForTakeover: stations.filter((x) => x.state !== 'alive').flatMap((x) => x.claimed),
    heldByGone: stations.filter((x) => x.state === 'gone').flatMap((x) => x.taken),
    unclaimed,
  };
}

export interface ClearResult {
  /** Stations whose heartbeat and empty folders were removed. */
  cleared: string[];
  /** Gone stations left as they are, and why (files still claimed or committed). */
  kept: Array<{ station: string; reason: 'claimed_files' | 'taken_files' }>;
  /** Committed files moved back into the folder (with giveBack), for the live stations to claim. */
  givenBack: string[];
}

/**
 * Clears what stations gone for good left in `.intake/`: their heartbeat and their empty claimed/ and
 * taken/ folders. Never a scan: a station that still holds claimed files is kept (the live stations take
 * them over first), and one holding committed files is kept unless `giveBack`, which moves them back into
 * the folder by rename (never over a file of the same name) for the live stations to claim.
 */
export async function clearGoneStations(
  folder: string,
  o: {
    now?: number;
    giveBack?: boolean;
    confirmMs?: number;
    /** Runs between the two looks at the heartbeats (a test beats there: a station alive after all). */
    betweenLooks?: () => Promise<void>;
  } = {},
): Promise<ClearResult> {
  const view = await inspectSharedFolder(folder, o.now);
  const base = join(folder, SHARED_DIR);
  const result: ClearResult = { cleared: [], kept: [], givenBack: [] };
  const gone = view.stations.filter((x) => x.state === 'gone');
  // Files go back only from a station whose heartbeat stands still over one more beat interval as well:
  // a live station's committed files in the folder again would be taken a second time.
  const confirmed = o.giveBack ? await stillAfterABeat(base, gone, o.confirmMs, o.betweenLooks) : new Set<string>();
  for (const st of gone) {
    if (st.claimed.length > 0) {
      result.kept.push({ station: st.station, reason: 'claimed_files' });
      continue;
    }
    const taken = join(base, 'taken', st.station);
    if (st.taken.length > 0 && o.giveBack && confirmed.has(st.station)) {
      for (const rel of st.taken)
        if ((await moveInto(join(taken, rel), join(folder, rel))) === 'won') result.givenBack.push(rel);
    }
    if ((await filesUnder(taken)).length > 0) {
      result.kept.push({ station: st.station, reason: 'taken_files' });
      continue;
    }
    await rm(join(base, 'stations', `${st.station}.json`), { force: true });
    await removeEmptyTree(join(base, 'claimed', st.station));
    await removeEmptyTree(taken);
    result.cleared.push(st.station);
  }
  return result;
}

async function stillAfterABeat(
  base: string,
  gone: FleetStation[],
  confirmMs?: number,
  betweenLooks?: () => Promise<void>,
): Promise<Set<string>> {
  const beatOf = (id: string) =>
    stat(join(base, 'stations', `${id}.json`)).then(
      (s) => `${s.mtimeMs}:${s.size}`,
      () => '',
    );
  const before = new Map<string, string>();
  for (const st of gone) if (st.taken.length > 0) before.set(st.station, await beatOf(st.station));
  if (before.size === 0) return new Set();
  const longest = Math.max(...gone.map((x) => x.leaseSeconds * 1000));
  await new Promise((r) => setTimeout(r, confirmMs ?? Math.min(30_000, beatIntervalOf(longest) + 1_000)));
  await betweenLooks?.();
  const out = new Set<string>();
  for (const [id, sig] of before) if ((await beatOf(id)) === sig) out.add(id);
  return out;
}

/** Removes a folder whose tree holds no file (subfolders of scans left empty); a file in it stops it. */
async function removeEmptyTree(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (e.isDirectory()) await removeEmptyTree(join(dir, e.name));
  }
  await rmdir(dir).catch(() => undefined);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
