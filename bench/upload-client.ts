/**
 * The client's HTTP path alone: 1 GiB through Node's fetch with a pull-based body (what the platform
 * client does) vs the same bytes piped into node:http, both into a server in this process that discards
 * them. Tells whether the upload stack or the server/disk limits the large-file figure.
 * npx tsx bench/upload-client.ts
 */
import { createReadStream, rmSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { printFigures, workDir } from './bench-support';

const CHUNK_FILE_MB = 64;
const REPEATS = 16; // 16 × 64 MB = 1 GiB
const TOTAL = CHUNK_FILE_MB * REPEATS * (1 << 20);

function body(file: string): ReadableStream<Uint8Array> {
  const chunks = (async function* () {
    for (let i = 0; i < REPEATS; i++) {
      for await (const c of createReadStream(file, { highWaterMark: 1 << 20 })) yield c as Buffer;
    }
  })();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    },
    { highWaterMark: 0 },
  );
}

const dir = workDir('upload-client');
const file = join(dir, 'part.bin');
writeFileSync(file, Buffer.alloc(CHUNK_FILE_MB << 20, 7));
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('ok'));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const mbs = (ms: number) => TOTAL / (1 << 20) / (ms / 1000);

try {
  let t = performance.now();
  await new Promise<void>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-length': String(TOTAL) } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    Readable.fromWeb(body(file) as never).pipe(req);
  });
  const baseline = mbs(performance.now() - t);
  t = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    body: body(file),
    headers: { 'content-length': String(TOTAL) },
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
  await response.text();
  const ours = mbs(performance.now() - t);
  printFigures([
    {
      figure: '1 GiB, Node fetch with a pull-based body (the platform client) vs node:http with the body piped',
      target: '(record: well above the sandbox figures means the client is not the limit)',
      result: `${ours.toFixed(0)} vs ${baseline.toFixed(0)} MB/s = ${(ours / baseline).toFixed(2)}×`,
      ok: true,
      command: 'npx tsx bench/upload-client.ts',
    },
  ]);
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
