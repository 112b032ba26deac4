import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScannedPage } from '../backend/scanner-backend';
import { ScannerProblem } from '../backend/scanner-backend';
import { EsclDouble, selfSignedCertificate } from '../test-support/escl-double';
import { FileCertificatePins, MemoryCertificatePins } from './certificate-pins';
import { EsclBackend } from './escl-backend';

/** Small real JPEG pages, each a different grey so their order can be checked. */
async function pages(n: number): Promise<Uint8Array[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      sharp({ create: { width: 40, height: 56, channels: 3, background: { r: 10 * i, g: 10 * i, b: 10 * i } } })
        .jpeg()
        .toBuffer(),
    ),
  );
}

async function collect(job: { pages(): AsyncIterable<ScannedPage> }): Promise<{ got: ScannedPage[]; error?: unknown }> {
  const got: ScannedPage[] = [];
  try {
    for await (const p of job.pages()) got.push(p);
    return { got };
  } catch (error) {
    return { got, error };
  }
}

const code = (e: unknown) => (e instanceof ScannerProblem ? e.code : String(e));

describe('eSCL client against the eSCL double (real HTTP)', () => {
  let double: EsclDouble;
  let dir: string;
  const backend = (extra: Partial<ConstructorParameters<typeof EsclBackend>[0]> = {}) =>
    new EsclBackend({ pins: new MemoryCertificatePins(), retries: 3, retryPauseMs: 20, ...extra });

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'escl-'));
  });
  afterEach(async () => {
    await double?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the capabilities: platen, feeder, duplex, resolutions, colours, formats', async () => {
    double = await new EsclDouble({ makeAndModel: 'Test MFP 9000' }).start();
    const caps = await backend().capabilities(double.url);
    expect(caps).toMatchObject({
      makeAndModel: 'Test MFP 9000',
      sources: ['platen', 'feeder', 'duplex'],
      resolutions: [100, 200, 300, 600],
      colors: ['color', 'gray', 'bw'],
      formats: ['image/jpeg'],
    });
    // Issue #48 item 4: a resolution no scan may ask for (75–1200 dpi) is not offered.
    const odd = new EsclDouble({ resolutions: [1, 50, 300, 4800] });
    await odd.start();
    try {
      expect((await backend().capabilities(odd.url)).resolutions).toEqual([300]);
    } finally {
      await odd.stop();
    }
    const noDuplex = new EsclDouble({ duplex: false });
    await noDuplex.start();
    try {
      expect((await backend().capabilities(noDuplex.url)).sources).toEqual(['platen', 'feeder']);
    } finally {
      await noDuplex.stop();
    }
  });

  it('scans a feeder batch page by page until the feeder is empty, with the settings asked for', async () => {
    const feeder = await pages(5);
    double = await new EsclDouble({ feeder, pageIntervalMs: 30 }).start();
    const job = await backend().scan(double.url, { source: 'duplex', dpi: 250, color: 'gray' });
    const { got, error } = await collect(job);
    expect(error).toBeUndefined();
    expect(got.map((p) => p.index)).toEqual([0, 1, 2, 3, 4]);
    expect(got.map((p) => Buffer.from(p.bytes).equals(Buffer.from(feeder[p.index]!)))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(got.every((p) => p.mediaType === 'image/jpeg')).toBe(true);
    // 250 DPI is not offered: the nearest (200 or 300; 200 is first at equal distance) is asked for.
    expect(double.jobs[0]).toMatchObject({ source: 'duplex', dpi: 200, color: 'gray', format: 'image/jpeg' });
    expect(double.jobs[0]!.state).toBe('Completed');
    // Pages not yet scanned were answered 503 and asked for again.
    expect(double.requests.filter((r) => r.endsWith('/NextDocument')).length).toBeGreaterThan(5);
  });

  it('a feeder batch that ends with 409 after its pages (as AirSane ends one) is the end of the batch, not trouble', async () => {
    const feeder = await pages(3);
    double = await new EsclDouble({ feeder, feederEndStatus: 409 }).start();
    const { got, error } = await collect(
      await backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }),
    );
    expect(error).toBeUndefined();
    expect(got.map((p) => p.index)).toEqual([0, 1, 2]);
  });

  it('scans one page from the glass', async () => {
    const [glass] = await pages(1);
    double = await new EsclDouble({ platen: glass! }).start();
    const { got, error } = await collect(
      await backend().scan(double.url, { source: 'platen', dpi: 300, color: 'color' }),
    );
    expect(error).toBeUndefined();
    expect(got).toHaveLength(1);
    expect(double.jobs[0]).toMatchObject({ source: 'platen', color: 'color', dpi: 300 });
  });

  it('feeder empty: 409 at ScanJobs, and 201 then 404 with ScannerAdfEmpty', async () => {
    double = await new EsclDouble({ feeder: [] }).start();
    await expect(backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' })).rejects.toMatchObject({
      code: 'scanner.feeder_empty',
    });
    await double.stop();
    double = await new EsclDouble({ feeder: [], emptyFeederAcceptsJob: true }).start();
    const { got, error } = await collect(
      await backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }),
    );
    expect(got).toHaveLength(0);
    expect(code(error)).toBe('scanner.feeder_empty');
  });

  it('paper jam after page 3: the three pages are handed out, then "jam", and the job is deleted', async () => {
    double = await new EsclDouble({ feeder: await pages(6) }).start();
    double.jamAfter(3);
    const { got, error } = await collect(
      await backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }),
    );
    expect(got.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(code(error)).toBe('scanner.jam');
    expect(double.requests.filter((r) => r.startsWith('DELETE'))).toHaveLength(1);
  });

  it('cover open: "cover open" before a page is scanned', async () => {
    double = await new EsclDouble({ feeder: await pages(2) }).start();
    double.setCoverOpen(true);
    await expect(backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' })).rejects.toMatchObject({
      code: 'scanner.cover_open',
    });
  });

  it('busy with another job: 503 is tried again, then "busy"; once the other job ends the scan goes', async () => {
    double = await new EsclDouble({ feeder: await pages(2) }).start();
    double.setBusy(true);
    await expect(backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' })).rejects.toMatchObject({
      code: 'scanner.busy',
    });
    expect(double.requests.filter((r) => r === 'POST /eSCL/ScanJobs')).toHaveLength(4);
    double.setBusy(false);
    const { got, error } = await collect(
      await backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }),
    );
    expect(error).toBeUndefined();
    expect(got).toHaveLength(2);
  });

  it('gone mid-job: the pages that came are handed out, then "gone"', async () => {
    double = await new EsclDouble({ feeder: await pages(5) }).start();
    double.goneAfter(2);
    const { got, error } = await collect(
      await backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }),
    );
    expect(got).toHaveLength(2);
    expect(code(error)).toBe('scanner.gone');
  });

  it('a scanner that cannot be reached is "cannot be reached", not a crash', async () => {
    double = await new EsclDouble().start();
    const url = double.url;
    await double.stop();
    await expect(backend().capabilities(url)).rejects.toMatchObject({ code: 'scanner.unreachable' });
  });

  it('cancel deletes the job at the scanner and ends the pages', async () => {
    double = await new EsclDouble({ feeder: await pages(10), pageIntervalMs: 50 }).start();
    const job = await backend().scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' });
    const got: ScannedPage[] = [];
    let error: unknown;
    try {
      for await (const p of job.pages()) {
        got.push(p);
        if (got.length === 2) await job.cancel();
      }
    } catch (e) {
      error = e;
    }
    expect(code(error)).toBe('scanner.cancelled');
    expect(got).toHaveLength(2);
    expect(double.jobs[0]!.state).toBe('Canceled');
    expect(double.feeder.length).toBeGreaterThan(0);
  });

  it('a broken answer is a clear error: no XML, a DOCTYPE, the wrong document', async () => {
    const { createServer } = await import('node:http');
    const bodies = [
      'not xml at all',
      '<!DOCTYPE x [<!ENTITY a "b">]><x/>',
      '<scan:ScannerStatus><pwg:State>Idle</pwg:State></scan:ScannerStatus>',
    ];
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/xml' }).end(bodies.shift()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/eSCL`;
      for (let i = 0; i < 3; i++) {
        const e: unknown = await backend()
          .capabilities(url)
          .catch((x: unknown) => x);
        expect(e).toBeInstanceOf(ScannerProblem);
        expect((e as ScannerProblem).code).toBe('scanner.failed');
        expect((e as ScannerProblem).message).toMatch(/not a valid eSCL answer/);
      }
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('HTTPS: the self-signed certificate is pinned on first use, kept across a restart, and a new one is "wrong certificate"', async () => {
    const first = await selfSignedCertificate(dir, 'first');
    const second = await selfSignedCertificate(dir, 'second');
    double = await new EsclDouble({ tls: first, feeder: await pages(2) }).start();
    const pinsFile = join(dir, 'scanner-pins.json');
    const one = new EsclBackend({ pins: await FileCertificatePins.load(pinsFile), retries: 1, retryPauseMs: 10 });
    const { got } = await collect(await one.scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }));
    expect(got).toHaveLength(2);
    const saved = JSON.parse(await readFile(pinsFile, 'utf8')) as { pins: Record<string, string> };
    expect(Object.keys(saved.pins)).toEqual([new URL(double.url).origin]);
    // The station starts again: the pin is read from its file, and the same scanner is still trusted.
    const two = new EsclBackend({ pins: await FileCertificatePins.load(pinsFile), retries: 1, retryPauseMs: 10 });
    await expect(two.capabilities(double.url)).resolves.toMatchObject({ sources: ['platen', 'feeder', 'duplex'] });
    // Another device answers at that address.
    await double.restartWithCertificate(second);
    const before = double.requests.length;
    double.load(await pages(1));
    const scanned = await two.scan(double.url, { source: 'feeder', dpi: 300, color: 'gray' }).catch((e: unknown) => e);
    expect(code(scanned)).toBe('scanner.wrong_certificate');
    // Nothing was sent to it: the handshake was cut before the request.
    expect(double.requests.slice(before)).toEqual([]);
    // The pin stays the first certificate's until an administrator removes it.
    expect(JSON.parse(await readFile(pinsFile, 'utf8'))).toEqual(saved);
  });
});
