import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, makePng, makeScanPdf } from '../../samples/sample-scans';
import { formatSaysComplete } from './file-ending';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-ending-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let n = 0;
async function judge(content: Buffer): Promise<boolean> {
  const path = join(dir, `f${n++}`);
  await writeFile(path, content);
  return formatSaysComplete(path, content.length);
}

/** A PDF as scanners write it: header, an image object, the xref table and trailer last. */
function pdf(image: Buffer, { xrefStream = false, after = '\n' } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  const size = () => parts.reduce((s, p) => s + p.length, 0);
  const obj = (body: Buffer | string) => {
    offsets.push(size());
    parts.push(Buffer.from(`${offsets.length} 0 obj\n`), Buffer.from(body as string), Buffer.from('\nendobj\n'));
  };
  obj('<< /Type /Catalog /Pages 2 0 R >>');
  obj('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  obj('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> >>');
  offsets.push(size());
  parts.push(Buffer.from(`4 0 obj\n<< /Type /XObject /Subtype /Image /Length ${image.length} >>\nstream\n`), image);
  parts.push(Buffer.from('\nendstream\nendobj\n'));
  const xref = size();
  parts.push(
    Buffer.from(
      xrefStream
        ? `5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Length 0 >>\nstream\n\nendstream\nendobj\n`
        : `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\n`,
    ),
  );
  parts.push(Buffer.from(`startxref\n${xref}\n%%EOF${after}`));
  return Buffer.concat(parts);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
function png(data: Buffer): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(body.length);
    return Buffer.concat([len, Buffer.from(type), body, Buffer.alloc(4)]);
  };
  // IEND's CRC is fixed (AE 42 60 82); the others are not checked by the ending test.
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', Buffer.alloc(13)), chunk('IDAT', data), iend]);
}

function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}
/** A JPEG with an EXIF thumbnail (itself a JPEG ending in FF D9) inside its APP1 segment. */
function jpeg(scan: Buffer): { file: Buffer; thumbnailEnd: number } {
  const thumbnail = Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    randomBytes(300).map((b) => b & 0x7f),
    Buffer.from([0xff, 0xd9]),
  ]);
  const app1 = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0'), thumbnail]));
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), app1]);
  const file = Buffer.concat([
    head,
    segment(0xdb, Buffer.alloc(65)),
    segment(0xc0, Buffer.alloc(15)),
    segment(0xda, Buffer.alloc(10)),
    scan.map((b) => b & 0x7f), // entropy-coded data never holds FF D9
    Buffer.from([0xff, 0xd9]),
  ]);
  return { file, thumbnailEnd: head.length };
}

describe('formatSaysComplete', () => {
  it('a PDF with its xref table or xref stream and trailer written is complete, also with CRLF or no line end', async () => {
    const image = randomBytes(50_000);
    expect(await judge(pdf(image))).toBe(true);
    expect(await judge(pdf(image, { xrefStream: true }))).toBe(true);
    expect(await judge(pdf(image, { after: '\r\n' }))).toBe(true);
    expect(await judge(pdf(image, { after: '' }))).toBe(true);
  });

  it('the xref the trailer points at is checked both inside the tail read and farther back', async () => {
    const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n');
    const xref = Buffer.from('xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 >>\n');
    // Far: a 3,000-byte object after the xref puts it outside the last 1,024 bytes (read on its own).
    const filler = Buffer.from(`2 0 obj\n<< /Pad (${'x'.repeat(3_000)}) >>\nendobj\n`);
    const far = (target: number) => Buffer.concat([head, xref, filler, Buffer.from(`startxref\n${target}\n%%EOF\n`)]);
    expect(await judge(far(head.length))).toBe(true);
    expect(await judge(far(head.length + xref.length + 2))).toBe(false);
    // Near: the xref lies in the tail already read.
    const near = (target: number) => Buffer.concat([head, xref, Buffer.from(`startxref\n${target}\n%%EOF\n`)]);
    const padded = Buffer.concat([head, Buffer.alloc(4_000, 0x20), xref]);
    const tail = (target: number) => Buffer.concat([padded, Buffer.from(`startxref\n${target}\n%%EOF\n`)]);
    expect(await judge(tail(head.length + 4_000))).toBe(true);
    expect(await judge(tail(head.length + 4_000 + 3))).toBe(false);
    expect(await judge(near(head.length))).toBe(true);
  });

  it('a PDF cut anywhere before its end (every burst boundary a scanner could pause at) is not complete', async () => {
    const whole = pdf(randomBytes(20_000));
    const cuts = [9, 100, 5_000, 20_000, whole.length - 40, whole.length - 7, whole.length - 3];
    for (const cut of cuts) expect(await judge(whole.subarray(0, cut)), `cut at ${cut}`).toBe(false);
  });

  it("a linearized PDF cut after its first-page trailer ('startxref 0') is not complete", async () => {
    const first = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Linearized 1 /L 99999 >>\nendobj\nxref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 >>\nstartxref\n0\n%%EOF\n',
    );
    expect(await judge(Buffer.concat([first, randomBytes(2_000)]))).toBe(false);
    expect(await judge(first)).toBe(false);
  });

  it('a trailer whose startxref does not point at a cross-reference section is not trusted', async () => {
    const body = Buffer.from('%PDF-1.7\n' + 'x'.repeat(200));
    const badOffset = Buffer.concat([body, Buffer.from('\nstartxref\n20\n%%EOF\n')]);
    const pastEnd = Buffer.concat([body, Buffer.from('\nstartxref\n999999\n%%EOF\n')]);
    expect(await judge(badOffset)).toBe(false);
    expect(await judge(pastEnd)).toBe(false);
  });

  it('a PNG is complete with its IEND chunk, not before', async () => {
    const whole = png(randomBytes(30_000));
    expect(await judge(whole)).toBe(true);
    expect(await judge(whole.subarray(0, whole.length - 12))).toBe(false);
    expect(await judge(whole.subarray(0, 20_000))).toBe(false);
  });

  it('a JPEG is complete with its end-of-image marker after the image data, not at its thumbnail', async () => {
    const { file, thumbnailEnd } = jpeg(randomBytes(40_000));
    expect(await judge(file)).toBe(true);
    const atThumbnail = file.subarray(0, thumbnailEnd);
    expect(atThumbnail.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(await judge(atThumbnail)).toBe(false);
    expect(await judge(file.subarray(0, 30_000))).toBe(false);
  });

  it('formats without an end marker (TIFF), unknown content, tiny, empty and missing files say nothing', async () => {
    const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), randomBytes(5_000)]);
    expect(await judge(tiff)).toBe(false);
    expect(await judge(randomBytes(10_000))).toBe(false);
    expect(await judge(Buffer.from('%PDF-'))).toBe(false);
    expect(await judge(Buffer.alloc(0))).toBe(false);
    expect(await formatSaysComplete(join(dir, 'missing.pdf'), 1_000)).toBe(false);
  });
});

describe('sample scans', () => {
  it('the sample PDFs and PNG used by the demo and the benchmarks are complete by their format', async () => {
    expect(await judge(makePdf([['Rechnung'], ['Seite 2']]))).toBe(true);
    expect(await judge(makePng(40, 30))).toBe(true);
    const scan = makeScanPdf(200_000);
    expect(scan.length).toBeGreaterThan(200_000);
    expect(await judge(scan)).toBe(true);
    expect(await judge(scan.subarray(0, 150_000))).toBe(false);
  });
});
