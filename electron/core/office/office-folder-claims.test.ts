import { describe, expect, it } from 'vitest';
import type { FolderFile } from './office-folder-claims';
import { officeSuite, whenReachable } from './test-support/office-fixture';
import { idleMs } from '../util/test-support/box-pace';

// Watched-folder files claimed through the office database against a real PostgreSQL (issue #50 item 4):
// one row per file, one winner per file, whatever the number of stations, a claim lapsing with its
// station, and the server crash-restarted while the stations claim.
describe('watched-folder files claimed through the office database', () => {
  const office = officeSuite();
  const join = office.join;

  const scan = (name: string, o: Partial<FolderFile> = {}): FolderFile => ({
    folderId: 'folder-1',
    name,
    size: 1000,
    mtimeMs: 1_700_000_000_123,
    ...o,
  });

  it('one station wins a file; asking again it keeps it; the others lose it until it is given back', async () => {
    const url = await office.server().createDatabase();
    const a = await join(url, 'station-a');
    const b = await join(url, 'station-b');
    expect(await a.claims.claim(scan('scan_0001.pdf'))).toBe('won');
    // Its answer lost to a server restart, the station asks again: still its own.
    expect(await a.claims.claim(scan('scan_0001.pdf'))).toBe('won');
    expect(await b.claims.claim(scan('scan_0001.pdf'))).toBe('lost');
    // The same name in another watched folder is another file.
    expect(await b.claims.claim(scan('scan_0001.pdf', { folderId: 'folder-2' }))).toBe('won');
    await a.claims.release(scan('scan_0001.pdf'));
    expect(await b.claims.claim(scan('scan_0001.pdf'))).toBe('won');
    expect(await a.claims.taken(scan('scan_0001.pdf'), 'doc-a')).toBe(false);
    expect(await b.claims.taken(scan('scan_0001.pdf'), 'doc-b')).toBe(true);
    // Its answer lost, asked again: still taken, by this document; for another document, no.
    expect(await b.claims.taken(scan('scan_0001.pdf'), 'doc-b')).toBe(true);
    expect(await b.claims.taken(scan('scan_0001.pdf'), 'doc-c')).toBe(false);
  });

  it('a taken file stays taken for everyone; a new scan under its name is a new file; done frees the name', async () => {
    const url = await office.server().createDatabase();
    const a = await join(url, 'station-a');
    const b = await join(url, 'station-b');
    expect(await a.claims.claim(scan('scan_0002.pdf'))).toBe('won');
    expect(await a.claims.taken(scan('scan_0002.pdf'), 'doc-1')).toBe(true);
    // A station whose listing is late still sees the file: it does not take it again (the same second,
    // rounded differently by another SMB client, is the same file).
    expect(await b.claims.claim(scan('scan_0002.pdf', { mtimeMs: 1_700_000_000_999 }))).toBe('lost');
    expect(await a.claims.claim(scan('scan_0002.pdf'))).toBe('lost');
    // The scanner reused the name for a new scan (another size or time): it is claimed anew.
    expect(await b.claims.claim(scan('scan_0002.pdf', { size: 2000 }))).toBe('won');
    expect(await b.claims.taken(scan('scan_0002.pdf', { size: 2000 }), 'doc-2')).toBe(true);
    await b.claims.done(scan('scan_0002.pdf'));
    const { rows } = await a.db.query('SELECT * FROM office_folder_files');
    expect(rows).toEqual([]);
  });

  it("a gone station's claim lapses: another takes the file; the gone one's late commit is refused", async () => {
    const url = await office.server().createDatabase();
    const a = await join(url, 'station-a', { lapseSeconds: 2 });
    const b = await join(url, 'station-b', { lapseSeconds: 2 });
    expect(await a.claims.claim(scan('scan_0003.pdf'))).toBe('won');
    let lost = 0;
    await expect
      .poll(async () => {
        const outcome = await b.claims.claim(scan('scan_0003.pdf'));
        if (outcome === 'lost') lost++;
        return outcome;
      })
      .toBe('won');
    expect(lost).toBeGreaterThan(0);
    expect(await a.claims.taken(scan('scan_0003.pdf'), 'doc-a')).toBe(false);
    expect(await b.claims.taken(scan('scan_0003.pdf'), 'doc-b')).toBe(true);
  });

  it("a live station's claim does not lapse: its heartbeat renews it", async () => {
    const url = await office.server().createDatabase();
    const a = await join(url, 'station-a', { lapseSeconds: 2 });
    const b = await join(url, 'station-b', { lapseSeconds: 2 });
    a.station.start();
    expect(await a.claims.claim(scan('scan_0004.pdf'))).toBe('won');
    const { rows } = await a.db.query<{ at: Date }>('SELECT clock_timestamp() AS at');
    await expect
      .poll(
        async () => {
          expect(await b.claims.claim(scan('scan_0004.pdf'))).toBe('lost');
          const now = await b.db.query<{ past: boolean }>(
            `SELECT clock_timestamp() - $1::timestamptz > interval '6 seconds' AS past`,
            [rows[0]?.at],
          );
          return now.rows[0]?.past;
        },
        { timeout: idleMs(60_000) },
      )
      .toBe(true);
  });

  /** Three stations each go through the same 300 scans in their own order, claiming and taking what they win. */
  async function threeStationsOn300(url: string, o: { restart: boolean }) {
    const all = await Promise.all(['a', 'b', 'c'].map((s) => join(url, `station-${s}`)));
    const files = Array.from({ length: 300 }, (_, i) => scan(`scan_${String(i).padStart(4, '0')}.pdf`));
    const seen = { unreachable: 0 };
    const won = new Map<string, string[]>();
    let claimed = 0;
    let restarted: Promise<void> | undefined;
    await Promise.all(
      all.map(async (s, si) => {
        const order = si === 1 ? [...files].reverse() : si === 2 ? files.map((_, i) => files[(i * 7) % 300]!) : files;
        for (const file of order) {
          if (++claimed === 200 && o.restart)
            restarted = office
              .server()
              .stop('immediate')
              .then(() => office.server().start());
          if ((await whenReachable(() => s.claims.claim(file), seen)) !== 'won') continue;
          if (!(await whenReachable(() => s.claims.taken(file, `${s.station.id}:${file.name}`), seen))) continue;
          won.set(file.name, [...(won.get(file.name) ?? []), s.station.id]);
        }
      }),
    );
    await restarted;
    const rows = await all[0]!.db.query<{ name: string; state: string; document_id: string }>(
      'SELECT name, state, document_id FROM office_folder_files ORDER BY name',
    );
    return { all, won, rows: rows.rows, seen, files };
  }

  it('three stations on the same 300 scans: each taken once, by one station', async () => {
    const { won, rows, files } = await threeStationsOn300(await office.server().createDatabase(), { restart: false });
    expect([...won.keys()].sort()).toEqual(files.map((f) => f.name));
    expect([...won.values()].filter((by) => by.length !== 1)).toEqual([]);
    expect(rows).toHaveLength(300);
    for (const r of rows) expect(r).toMatchObject({ state: 'taken', document_id: `${won.get(r.name)?.[0]}:${r.name}` });
    // All three did take some (they raced on the same files, not one after another).
    expect(new Set([...won.values()].flat()).size).toBe(3);
  });

  it('PostgreSQL crash-restarted while three stations claim: each scan still taken once; they say so and go on', async () => {
    const { all, won, rows, seen, files } = await threeStationsOn300(await office.server().createDatabase(), {
      restart: true,
    });
    expect(seen.unreachable).toBeGreaterThan(0);
    expect([...won.keys()].sort()).toEqual(files.map((f) => f.name));
    expect([...won.values()].filter((by) => by.length !== 1)).toEqual([]);
    expect(rows.filter((r) => r.state === 'taken')).toHaveLength(300);
    const told = all.filter((s) =>
      s.entries.some((e) => e.message.startsWith('office database unreachable: nothing new is taken')),
    );
    expect(told.length).toBeGreaterThan(0);
    for (const s of told) {
      expect(s.entries.map((e) => e.message)).toContain('office database reachable again: taking documents again');
      expect(s.db.reachability().state).toBe('connected');
    }
  });

  it('the server down: claiming says office.unreachable and takes nothing; back, the same call takes it', async () => {
    const url = await office.server().createDatabase();
    const a = await join(url, 'station-a');
    await office.server().stop('fast');
    try {
      await expect(a.claims.claim(scan('scan_0005.pdf'))).rejects.toMatchObject({
        code: 'office.unreachable',
        message: expect.stringMatching(
          /^The office database postgres:\/\/postgres@127\.0\.0\.1:\d+\/\w+ cannot be reached: /,
        ),
      });
      expect(a.db.reachability()).toMatchObject({ state: 'unreachable' });
    } finally {
      await office.server().start();
    }
    const { rows } = await a.db.query('SELECT * FROM office_folder_files');
    expect(rows).toEqual([]);
    expect(await a.claims.claim(scan('scan_0005.pdf'))).toBe('won');
  });
});
