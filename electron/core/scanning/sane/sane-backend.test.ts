import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScannedPage } from '../scanner-backend';
import { ScannerProblem } from '../scanner-backend';
import { SaneBackend } from './sane-backend';
import { parseSaneOptions } from './sane-options';

/**
 * Against SANE's real `test` backend (sane-utils + libsane1, `test` enabled in /etc/sane.d/dll.conf; CI's
 * .ci/run sets it up): test:0 is a virtual flatbed + feeder whose feeder is empty after 10 pages, and whose
 * `--read-return-value` makes it report a jam, an open cover or a busy device.
 */
const hasTestDevice = spawnSync('scanimage', ['-L'], { encoding: 'utf8' }).stdout?.includes("`test:0'") ?? false;

async function collect(job: { pages(): AsyncIterable<ScannedPage> }) {
  const got: ScannedPage[] = [];
  try {
    for await (const p of job.pages()) got.push(p);
    return { got, error: undefined as unknown };
  } catch (error) {
    return { got, error };
  }
}
const code = (e: unknown) => (e instanceof ScannerProblem ? e.code : String(e));

describe('scanimage -A, read into our words', () => {
  it('reads sources, a resolution list or range, and colour modes of different backends', () => {
    const epson = parseSaneOptions(`
  Scan Mode:
    --mode Lineart|Gray|Color [Lineart]
    --resolution 75|150|300|600dpi [75]
    --source Flatbed|ADF Front|ADF Duplex [Flatbed]`);
    expect(epson).toEqual({
      sources: { platen: 'Flatbed', feeder: 'ADF Front', duplex: 'ADF Duplex' },
      resolutions: [75, 150, 300, 600],
      colors: { bw: { mode: 'Lineart' }, gray: { mode: 'Gray' }, color: { mode: 'Color' } },
    });
    const noSource = parseSaneOptions('    --mode Color [Color]\n    --resolution 50..600dpi [300]\n');
    expect(noSource.sources).toEqual({ platen: '' });
    expect(noSource.resolutions).toEqual([75, 100, 150, 200, 240, 300, 400, 600]);
    // SANE's pnm device: no --source, no --mode, "auto" among its resolutions.
    const pnm = parseSaneOptions(
      '  Source Selection:\n    --filename <string> [/tmp/input.ppm]\n    --resolution auto||75|150|300dpi [75]\n',
    );
    expect(pnm).toEqual({
      sources: { platen: '' },
      resolutions: [75, 150, 300],
      colors: { gray: { mode: '' }, color: { mode: '' } },
    });
  });
});

describe.runIf(hasTestDevice)('SANE through scanimage, against the test backend (test:0)', () => {
  let temp: string;
  let backend: SaneBackend;
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'sane-test-'));
    backend = new SaneBackend({ tempDir: temp });
  });
  afterEach(async () => {
    await rm(temp, { recursive: true, force: true });
  });

  it('lists test:0 and reads its sources, resolutions and colours', async () => {
    const list = await backend.list();
    expect(list.map((s) => s.id)).toContain('sane:test:0');
    expect(list.find((s) => s.id === 'sane:test:0')).toMatchObject({ backend: 'sane', via: 'sane' });
    const caps = await backend.capabilities('sane:test:0');
    expect(caps.sources).toEqual(['platen', 'feeder']);
    expect(caps.colors).toEqual(['color', 'gray', 'bw']);
    expect(caps.resolutions).toContain(300);
  });

  it('scans the feeder page by page until it is empty (10 pages), each a real image, then cleans up', async () => {
    const job = await backend.scan('sane:test:0', { source: 'feeder', dpi: 75, color: 'gray' });
    const { got, error } = await collect(job);
    expect(error).toBeUndefined();
    expect(got.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const meta = await sharp(got[0]!.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(100);
    expect(await readdir(temp)).toEqual([]);
  });

  it('scans one page from the glass, black and white as PNG', async () => {
    const { got, error } = await collect(await backend.scan('sane:test:0', { source: 'platen', dpi: 75, color: 'bw' }));
    expect(error).toBeUndefined();
    expect(got).toHaveLength(1);
    expect(got[0]!.mediaType).toBe('image/png');
  });

  it('a jam, an open cover and a busy device are said as such', async () => {
    for (const [value, expected] of [
      ['SANE_STATUS_JAMMED', 'scanner.jam'],
      ['SANE_STATUS_COVER_OPEN', 'scanner.cover_open'],
      ['SANE_STATUS_DEVICE_BUSY', 'scanner.busy'],
    ] as const) {
      const b = new SaneBackend({ tempDir: temp });
      const job = await b.scan('sane:test:0', { source: 'feeder', dpi: 75, color: 'gray' });
      // The test backend's switch for the status its sane_read returns.
      (job as unknown as { args: string[] }).args.push('--read-return-value', value);
      const { got, error } = await collect(job);
      expect(got).toHaveLength(0);
      expect(code(error)).toBe(expected);
    }
  });

  it('a device that is not there cannot be reached', async () => {
    await expect(backend.capabilities('sane:nosuch:0')).rejects.toBeInstanceOf(ScannerProblem);
  });

  it('cancel stops scanimage; the pages that came stay handed out', async () => {
    const job = await backend.scan('sane:test:0', { source: 'feeder', dpi: 75, color: 'gray' });
    (job as unknown as { args: string[] }).args.push('--read-delay=yes', '--read-delay-duration', '20000');
    const got: ScannedPage[] = [];
    let error: unknown;
    try {
      for await (const p of job.pages()) {
        got.push(p);
        if (got.length === 1) await job.cancel();
      }
    } catch (e) {
      error = e;
    }
    expect(code(error)).toBe('scanner.cancelled');
    expect(got.length).toBeGreaterThanOrEqual(1);
    expect(got.length).toBeLessThan(10);
    expect(await readdir(temp)).toEqual([]);
  });
});
