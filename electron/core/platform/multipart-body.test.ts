import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BufferPool } from '../util/buffer-pool';
import { READ_CHUNK_BYTES, prepareMultipartBody } from './multipart-body';

const dir = mkdtempSync(join(tmpdir(), 'multipart-body-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function scan(name: string, bytes: number, seed: number): { filePath: string; content: Buffer } {
  const content = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i++) content[i] = (i * 31 + seed) % 256;
  const filePath = join(dir, name);
  writeFileSync(filePath, content);
  return { filePath, content };
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  // Copied per chunk, as a transport that has sent a chunk no longer needs it.
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const bodyOf = (file: { filePath: string; content: Buffer }, fileName: string, pool: BufferPool) =>
  prepareMultipartBody(
    { filePath: file.filePath, fileName, contentType: 'application/pdf', size: file.content.length },
    () => undefined,
    pool,
  );

describe('multipart body read buffers', () => {
  it('streams the whole file and, once recycled, gives its buffers back for the next body', async () => {
    const pool = new BufferPool(READ_CHUNK_BYTES, 8);
    const a = scan('a.pdf', 2.5 * READ_CHUNK_BYTES, 1);
    const body = await bodyOf(a, 'a.pdf', pool);
    const sent = await readAll(body.body);
    expect(sent.length).toBe(body.total);
    expect(sent.includes(a.content)).toBe(true);
    expect(pool.kept).toBe(0);
    body.recycle();
    expect(pool.kept).toBe(2);

    // The next body reads into the same buffers and still carries its own bytes.
    const b = scan('b.pdf', 2 * READ_CHUNK_BYTES + 17, 2);
    const next = await bodyOf(b, 'b.pdf', pool);
    const nextSent = await readAll(next.body);
    expect(pool.kept).toBe(0);
    const start = nextSent.indexOf('\r\n\r\n') + 4;
    expect(sha(nextSent.subarray(start, start + b.content.length))).toBe(sha(b.content));
  });

  it('remembers only its last two buffers, so a large file does not hold one per MiB until the answer', async () => {
    const pool = new BufferPool(READ_CHUNK_BYTES, 64);
    const big = scan('big.pdf', 12 * READ_CHUNK_BYTES, 4);
    const body = await bodyOf(big, 'big.pdf', pool);
    const sent = await readAll(body.body);
    expect(sent.includes(big.content)).toBe(true);
    body.recycle();
    expect(pool.kept).toBe(2);
  });

  it('keeps the buffers out of the pool when the body was not sent whole (cancelled, early answer)', async () => {
    const pool = new BufferPool(READ_CHUNK_BYTES, 8);
    const a = scan('c.pdf', 3 * READ_CHUNK_BYTES, 3);
    const body = await bodyOf(a, 'c.pdf', pool);
    const reader = body.body.getReader();
    await reader.read(); // part header
    await reader.read(); // first MiB (the second is being read ahead)
    await reader.cancel();
    body.recycle();
    expect(pool.kept).toBe(0);
  });
});

describe('multipart body after dispose', () => {
  /** Descriptors of this process open on `path` (Linux: /proc/self/fd links). */
  const openOn = (path: string) =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === path;
      } catch {
        return false; // closed meanwhile
      }
    }).length;

  // The transport disposes the body when the answer is in; a fetch that still pulls then (an answer that
  // came while the body was going out) used to open the file again and leave that handle to the GC.
  it.runIf(existsSync('/proc/self/fd'))('opens no file and gives no data when pulled after dispose', async () => {
    const a = scan('d.pdf', 3 * READ_CHUNK_BYTES, 4);
    const body = await bodyOf(a, 'd.pdf', new BufferPool(READ_CHUNK_BYTES, 8));
    const reader = body.body.getReader();
    await reader.read(); // part header; the file is not open yet
    body.dispose();
    await expect(reader.read()).rejects.toThrow(/disposed/);
    await new Promise((resolve) => setTimeout(resolve, 50)); // a close in flight finishes
    expect(openOn(a.filePath)).toBe(0);
  });
});

describe('buffer pool', () => {
  it('keeps at most its limit, only buffers of its size, and each buffer once', () => {
    const pool = new BufferPool(1024, 2);
    const a = pool.take();
    const b = pool.take();
    const c = pool.take();
    expect(new Set([a, b, c]).size).toBe(3);
    pool.give(a);
    pool.give(a);
    pool.give(Buffer.alloc(10));
    expect(pool.kept).toBe(1);
    pool.give(b);
    pool.give(c);
    expect(pool.kept).toBe(2);
    expect([pool.take(), pool.take()].sort()).toEqual([b, a].sort());
  });
});
