import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearGoneStations, inspectSharedFolder } from './fleet';
import { sharedLayout } from './layout';

// The admin's view of a shared folder (#37 item 4), from `.intake/` alone, and the one command that clears
// what stations gone for good left there: never a scan.
const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function share(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'intake-fleet-'));
  dirs.push(root);
  await mkdir(join(root, '.intake', 'stations'), { recursive: true });
  await writeFile(join(root, '.intake', 'folder-id'), '5f0c1a9e-2b7d-4c1e-9a3f-0123456789ab\n');
  return root;
}

/** A station as it leaves `.intake/`: a heartbeat `ageS` seconds old (file time), claimed and taken files. */
async function station(
  root: string,
  id: string,
  o: { ageS?: number; leaseS?: number; claimed?: string[]; taken?: string[]; beat?: boolean },
): Promise<void> {
  const l = sharedLayout(root, id);
  await mkdir(l.claimed, { recursive: true });
  await mkdir(l.taken, { recursive: true });
  for (const f of o.claimed ?? []) await writeFile(join(l.claimed, f), `claimed ${f}`);
  for (const f of o.taken ?? []) await writeFile(join(l.taken, f), `taken ${f}`);
  if (o.beat === false) return;
  const beat = {
    station: id,
    host: `host-${id}`,
    pid: 4242,
    version: '1.2.3',
    lastBeat: new Date().toISOString(),
    seq: 9,
    leaseMs: (o.leaseS ?? 120) * 1000,
    claimed: (o.claimed ?? []).length,
    taken: (o.taken ?? []).length,
  };
  await writeFile(l.beat, JSON.stringify(beat));
  const t = (Date.now() - (o.ageS ?? 0) * 1000) / 1000;
  await utimes(l.beat, t, t);
}

describe('status --folder: the fleet view of a shared folder', () => {
  it('names every station with its last heartbeat, what it holds, and what waits for a takeover', async () => {
    const root = await share();
    await station(root, 'pc-a-000001', { ageS: 5, claimed: ['a1.pdf'], taken: ['a2.pdf'] });
    await station(root, 'pc-b-000002', { ageS: 200, claimed: ['b1.pdf'], taken: [] });
    await station(root, 'pc-c-000003', { ageS: 500, claimed: [], taken: ['c1.pdf', 'c2.pdf'] });
    await station(root, 'pc-d-000004', { beat: false });
    await writeFile(join(root, 'waiting.pdf'), 'a scan nobody claimed yet');
    const v = await inspectSharedFolder(root);
    expect(v).toMatchObject({ shared: true, folderId: '5f0c1a9e-2b7d-4c1e-9a3f-0123456789ab', unclaimed: 1 });
    expect(v.stations.map((s) => [s.station, s.state, s.claimed, s.taken])).toEqual([
      ['pc-a-000001', 'alive', ['a1.pdf'], ['a2.pdf']],
      ['pc-b-000002', 'late', ['b1.pdf'], []],
      ['pc-c-000003', 'gone', [], ['c1.pdf', 'c2.pdf']],
      ['pc-d-000004', 'gone', [], []],
    ]);
    expect(v.stations[0]).toMatchObject({ host: 'host-pc-a-000001', pid: 4242, version: '1.2.3', leaseSeconds: 120 });
    expect(v.stations[0]!.beatAgeSeconds).toBeGreaterThanOrEqual(4);
    expect(v.stations[0]!.beatAgeSeconds).toBeLessThan(60);
    expect(v.waitingForTakeover).toEqual(['b1.pdf']);
    expect(v.heldByGone).toEqual(['c1.pdf', 'c2.pdf']);
  });

  it('a folder without .intake/ says it is not shared', async () => {
    const root = mkdtempSync(join(tmpdir(), 'intake-fleet-'));
    dirs.push(root);
    expect(await inspectSharedFolder(root)).toMatchObject({ shared: false, stations: [] });
  });
});

describe('clear-stale: stations gone for good', () => {
  it('clears only gone stations holding nothing; keeps the live, the late and every file', async () => {
    const root = await share();
    await station(root, 'pc-live-000001', { ageS: 1, claimed: [], taken: [] });
    await station(root, 'pc-late-000002', { ageS: 150, claimed: [], taken: [] });
    await station(root, 'pc-gone-000003', { ageS: 900 });
    await station(root, 'pc-stopped-000004', { beat: false });
    await station(root, 'pc-claims-000005', { ageS: 900, claimed: ['x.pdf'] });
    await station(root, 'pc-holds-000006', { ageS: 900, taken: ['y.pdf'] });
    await writeFile(join(root, 'scan.pdf'), 'a scan');
    const r = await clearGoneStations(root);
    expect(r.cleared.sort()).toEqual(['pc-gone-000003', 'pc-stopped-000004']);
    expect(r.kept).toEqual([
      { station: 'pc-claims-000005', reason: 'claimed_files' },
      { station: 'pc-holds-000006', reason: 'taken_files' },
    ]);
    expect(r.givenBack).toEqual([]);
    const after = await inspectSharedFolder(root);
    expect(after.stations.map((s) => s.station)).toEqual([
      'pc-claims-000005',
      'pc-holds-000006',
      'pc-late-000002',
      'pc-live-000001',
    ]);
    expect((await readdir(join(root, '.intake', 'claimed'))).sort()).toEqual([
      'pc-claims-000005',
      'pc-holds-000006',
      'pc-late-000002',
      'pc-live-000001',
    ]);
    expect(await readFile(join(root, 'scan.pdf'), 'utf8')).toBe('a scan');
    expect(await readFile(join(sharedLayout(root, 'pc-claims-000005').claimed, 'x.pdf'), 'utf8')).toBe('claimed x.pdf');
    expect(await readFile(join(sharedLayout(root, 'pc-holds-000006').taken, 'y.pdf'), 'utf8')).toBe('taken y.pdf');
  });

  it('--give-back moves a gone station’s committed files back into the folder (never over a file of the same name), then clears it', async () => {
    const root = await share();
    await station(root, 'pc-holds-000006', { ageS: 900, leaseS: 2, taken: ['y.pdf', 'z.pdf'] });
    await writeFile(join(root, 'z.pdf'), 'a newer scan of the same name');
    const first = await clearGoneStations(root, { giveBack: true, confirmMs: 50 });
    expect(first.givenBack).toEqual(['y.pdf']);
    expect(first.kept).toEqual([{ station: 'pc-holds-000006', reason: 'taken_files' }]);
    expect(await readFile(join(root, 'y.pdf'), 'utf8')).toBe('taken y.pdf');
    expect(await readFile(join(root, 'z.pdf'), 'utf8')).toBe('a newer scan of the same name');
    await rm(join(root, 'z.pdf'));
    const second = await clearGoneStations(root, { giveBack: true, confirmMs: 50 });
    expect(second).toEqual({ cleared: ['pc-holds-000006'], kept: [], givenBack: ['z.pdf'] });
    expect(await readFile(join(root, 'z.pdf'), 'utf8')).toBe('taken z.pdf');
  });

  it('--give-back leaves the files of a station whose heartbeat changes during the look (it is alive after all)', async () => {
    const root = await share();
    await station(root, 'pc-slow-000007', { ageS: 900, leaseS: 2, taken: ['w.pdf'] });
    // It beats between the two looks (not after a fixed 20 ms, which a loaded box ran before the first look).
    const beat = async () => {
      await station(root, 'pc-slow-000007', { ageS: 900, leaseS: 2, taken: [] });
      const t = Date.now() / 1000 - 800;
      await utimes(sharedLayout(root, 'pc-slow-000007').beat, t, t);
    };
    const r = await clearGoneStations(root, { giveBack: true, confirmMs: 200, betweenLooks: beat });
    expect(r.givenBack).toEqual([]);
    expect(r.kept).toEqual([{ station: 'pc-slow-000007', reason: 'taken_files' }]);
    expect(await readFile(join(sharedLayout(root, 'pc-slow-000007').taken, 'w.pdf'), 'utf8')).toBe('taken w.pdf');
  });
});
