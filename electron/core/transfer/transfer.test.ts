import { readFile, readdir, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxUploader } from '../queue/inbox-uploader';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { makeQueue } from '../queue/test-support/queue-fixture';
import { parseRange } from './byte-range';
import { openDocumentContent } from './document-content';
import { DocumentImporter, importName } from './document-importer';

const accepting: InboxUploader = { uploadToInbox: async () => ({ success: true, errors: [], payload: {} }) };
let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

async function* chunks(count: number, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(0x61 + (i % 26));
}

describe('parseRange', () => {
  it('reads one range of bytes=a-b, a- and -n; clamps the end; refuses ranges past the end', () => {
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=5-2', 100)).toBeUndefined();
  });
});

describe('DocumentImporter', () => {
  it('streams a file into the spool under its bare name', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const importer = new DocumentImporter(fx.queue, 10 * 1024 * 1024);
    const doc = await importer.fromStream('../../etc/Schaden "Nr 5".pdf', chunks(4, 1024 * 1024));
    expect(doc).toMatchObject({ fileName: 'Schaden "Nr 5".pdf', size: 4 * 1024 * 1024, sourceFolder: 'import' });
    expect((await readFile((await fx.queue.contentFile(doc.id)).path)).length).toBe(4 * 1024 * 1024);
  });

  it('refuses a file over the cap with import.too_large, by its declared size or mid-stream, leaving no spool file', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const importer = new DocumentImporter(fx.queue, 3 * 1024 * 1024);
    await expect(importer.fromStream('a.pdf', chunks(1, 1), 4 * 1024 * 1024)).rejects.toMatchObject({
      code: 'import.too_large',
    });
    await expect(importer.fromStream('a.pdf', chunks(4, 1024 * 1024))).rejects.toMatchObject({
      code: 'import.too_large',
      fields: { maxBytes: String(3 * 1024 * 1024) },
    });
    expect(await readdir(fx.spool.dir)).toEqual([]);
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);
  });

  it('refuses a nameless file, and from a path a folder or a missing file, with their own codes', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const importer = new DocumentImporter(fx.queue);
    expect(() => importName('..')).toThrow(expect.objectContaining({ code: 'import.name' }));
    await expect(importer.fromStream('/', chunks(1, 1))).rejects.toMatchObject({ code: 'import.name' });
    await expect(importer.fromPath(fx.dir)).rejects.toMatchObject({ code: 'import.not_a_file' });
    await expect(importer.fromPath(join(fx.dir, 'nope.pdf'))).rejects.toMatchObject({ code: 'import.unreadable' });
    const file = join(fx.dir, 'scan.pdf');
    await writeFile(file, '%PDF-1.7');
    expect(await importer.fromPath(file)).toMatchObject({ fileName: 'scan.pdf', size: 8 });
  });

  it('refuses names with a line break, ESC or another control character, and over-long names, before taking a byte', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const importer = new DocumentImporter(fx.queue);
    for (const name of [
      'letter\r\nX-Injected: 1.pdf',
      'a\nb.pdf',
      '\u001b[31mred.pdf',
      'tab\there.pdf',
      'c1\u0085.pdf',
    ])
      await expect(importer.fromStream(name, chunks(1, 1))).rejects.toMatchObject({ code: 'import.name_control' });
    await expect(importer.fromStream(`${'x'.repeat(5_000)}.pdf`, chunks(1, 1))).rejects.toMatchObject({
      code: 'import.name_too_long',
      fields: { maxLength: '255' },
    });
    expect(await readdir(fx.spool.dir)).toEqual([]);
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);
    // A path is only its last segment, and 255 characters are still a name.
    expect(importName('../../etc/passwd')).toBe('passwd');
    expect(importName('C:\\Users\\clerk\\scan.pdf')).toBe('scan.pdf');
    expect(importName(`${'y'.repeat(251)}.pdf`)).toHaveLength(255);
  });
});

describe('openDocumentContent', () => {
  it('answers a range of a document larger than 2 GiB (a sparse file) without reading it whole', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const doc = await fx.queue.importBytes('huge.pdf', new TextEncoder().encode('%PDF-1.7'));
    const path = (await fx.queue.contentFile(doc.id)).path;
    const size = 2 * 1024 * 1024 * 1024 + 4096;
    await truncate(path, size);
    await writeFile(path, 'TAIL', { flag: 'r+' });
    const answer = await openDocumentContent(fx.queue, doc.id, `bytes=${size - 8}-`);
    expect(answer.status).toBe(206);
    expect(answer.headers).toMatchObject({
      'Content-Range': `bytes ${size - 8}-${size - 1}/${size}`,
      'Content-Length': '8',
      'Accept-Ranges': 'bytes',
      'Content-Type': 'application/pdf',
    });
    if (answer.status !== 206) return;
    expect(await text(answer.body)).toBe('\0'.repeat(8));
    const head = await openDocumentContent(fx.queue, doc.id, 'bytes=0-3');
    if (head.status !== 206) throw new Error('expected 206');
    expect(await text(head.body)).toBe('TAIL');
  });

  it('answers 404 file.missing, 404 document.not_found and 416 past the end', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const doc = await fx.queue.importBytes('a.pdf', new TextEncoder().encode('%PDF'));
    expect(await openDocumentContent(fx.queue, doc.id, 'bytes=10-')).toMatchObject({
      status: 416,
      headers: { 'Content-Range': 'bytes */4' },
    });
    expect(await openDocumentContent(fx.queue, 'nope', undefined)).toMatchObject({
      status: 404,
      error: { code: 'document.not_found' },
    });
    await rm((await fx.queue.contentFile(doc.id)).path);
    expect(await openDocumentContent(fx.queue, doc.id, undefined)).toMatchObject({
      status: 404,
      error: { code: 'file.missing' },
    });
  });
});
