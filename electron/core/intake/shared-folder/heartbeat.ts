import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../../util/atomic-write';

/** `<folder>/.intake/stations/<station>.json`: written by its station, read by every other one. */
export const StationBeatSchema = z.object({
  station: z.string(),
  host: z.string(),
  pid: z.number().int(),
  version: z.string(),
  /** Wall clock of the writer: shown to the admin; never compared across PCs (LeaseWatch is). */
  lastBeat: z.string(),
  /** Counts up with every beat: what others watch for change. */
  seq: z.number().int(),
  /** The writer's lease: the others wait at least this long before taking over. */
  leaseMs: z.number().int().positive(),
  /** Files it holds claimed and committed (for the admin's view). */
  claimed: z.number().int().nonnegative().default(0),
  taken: z.number().int().nonnegative().default(0),
});
export type StationBeat = z.infer<typeof StationBeatSchema>;

/**
 * How often a beat is tried again at once when the rename over the last one is refused for the moment. On an
 * SMB share a rename over a file that another session has open fails (EEXIST through gvfs, EBUSY or EACCES
 * elsewhere) while another station reads this heartbeat: a beat given up there waits a whole beat interval,
 * and a few such in a row look like a station gone past its lease (docs/deployment.md §10).
 */
export const BEAT_RETRIES_MS = [0, 20, 50, 100, 200, 400];
const REFUSED_FOR_NOW = new Set(['EEXIST', 'EBUSY', 'EACCES', 'EPERM']);

/** Written atomically (temp file, rename): a reader sees the last beat or the one before, never half. */
export async function writeBeat(
  path: string,
  beat: StationBeat,
  write: (path: string, text: string) => Promise<void> = (p, t) => writeFileAtomic(p, t, 0o644),
): Promise<void> {
  const text = `${JSON.stringify(beat)}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      await write(path, text);
      return;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code ?? '';
      const wait = BEAT_RETRIES_MS[attempt];
      if (!REFUSED_FOR_NOW.has(code) || wait === undefined) throw e;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }
}

export async function removeBeat(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** Every station's last beat; a file another program broke, or one being replaced, is left out this time. */
export async function readBeats(stationsDir: string): Promise<StationBeat[]> {
  const names = await readdir(stationsDir).catch(() => [] as string[]);
  const out: StationBeat[] = [];
  for (const n of names) {
    if (!n.endsWith('.json') || n.startsWith('.')) continue;
    const text = await readFile(join(stationsDir, n), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    try {
      const beat = StationBeatSchema.parse(JSON.parse(text));
      if (`${beat.station}.json` === n) out.push(beat);
    } catch {
      // Not ours to judge: skipped (a half-copied file, an editor's backup).
    }
  }
  return out;
}
