import { describe, expect, it } from 'vitest';
import { MultipartError, MultipartParser, boundaryOf, parseDisposition, type MultipartEvent } from './multipart-parser';

const BOUNDARY = '----x7Yq';
const body = Buffer.concat([
  Buffer.from(`preamble\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`),
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="Müller %22A%22.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  Buffer.from('line1\r\n--not-the-boundary\r\n\r\n--'),
  Buffer.from(`\r\n--${BOUNDARY}--\r\nepilogue`),
]);

function run(chunkSize: number): { parts: { headers: Map<string, string>; data: Buffer }[] } {
  const parser = new MultipartParser(BOUNDARY);
  const parts: { headers: Map<string, string>; data: Buffer }[] = [];
  const events: MultipartEvent[] = [];
  for (let i = 0; i < body.length; i += chunkSize) events.push(...parser.push(body.subarray(i, i + chunkSize)));
  parser.end();
  let current: { headers: Map<string, string>; chunks: Buffer[] } | undefined;
  for (const e of events) {
    if (e.type === 'part') current = { headers: e.headers, chunks: [] };
    if (e.type === 'data') current?.chunks.push(Buffer.from(e.data));
    if (e.type === 'partEnd' && current) parts.push({ headers: current.headers, data: Buffer.concat(current.chunks) });
  }
  return { parts };
}

describe('MultipartParser', () => {
  it.each([1, 2, 3, 7, 64, 100_000])('gives the same parts whatever the chunking (%i bytes)', (size) => {
    const { parts } = run(size);
    expect(parts).toHaveLength(2);
    expect(parts[0]?.data.toString()).toBe('hi');
    expect(parts[1]?.data.toString()).toBe('line1\r\n--not-the-boundary\r\n\r\n--');
    const disposition = parseDisposition(parts[1]?.headers.get('content-disposition') ?? '');
    expect(disposition.params.get('filename')).toBe('Müller "A".pdf');
    expect(parts[1]?.headers.get('content-type')).toBe('application/pdf');
  });

  it('a large file part in random chunks, with near-delimiters at every chunk edge, comes out whole', () => {
    const file = Buffer.alloc(300_000);
    for (let i = 0; i < file.length; i++) file[i] = (i * 7919) % 251;
    // The delimiter with its last byte changed, again and again: straddles chunk edges in every run below.
    for (let i = 1_000; i < file.length - 100; i += 997) file.write(`\r\n--${BOUNDARY.slice(0, -1)}X`, i, 'latin1');
    const whole = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    for (const seed of [1, 2, 3, 4, 5]) {
      const parser = new MultipartParser(BOUNDARY);
      const data: Buffer[] = [];
      let ends = 0;
      let x = seed;
      for (let i = 0; i < whole.length;) {
        x = (x * 1103515245 + 12345) % 2 ** 31;
        const size = 1 + (x % 5_000);
        for (const e of parser.push(whole.subarray(i, i + size))) {
          if (e.type === 'data') data.push(Buffer.from(e.data));
          if (e.type === 'partEnd') ends++;
        }
        i += size;
      }
      parser.end();
      expect(ends).toBe(1);
      expect(Buffer.concat(data).equals(file)).toBe(true);
    }
  });

  it('a delimiter that starts in the bytes kept from one chunk and ends in the next is found', () => {
    const file = Buffer.alloc(5_000, 0x41);
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`);
    const whole = Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n${'epilogue '.repeat(5)}`)]);
    const delimiterAt = head.length + file.length;
    const delimiterLength = `\r\n--${BOUNDARY}`.length;
    for (let k = 1; k < delimiterLength; k++) {
      const parser = new MultipartParser(BOUNDARY);
      const events = [
        ...parser.push(whole.subarray(0, delimiterAt + k)),
        ...parser.push(whole.subarray(delimiterAt + k)),
      ];
      parser.end();
      const data = Buffer.concat(events.flatMap((e) => (e.type === 'data' ? [e.data] : [])));
      expect(data.equals(file), `delimiter split after ${k} bytes`).toBe(true);
      expect(events.filter((e) => e.type === 'partEnd')).toHaveLength(1);
    }
  });

  it('reports a body that ends before the closing delimiter', () => {
    const parser = new MultipartParser(BOUNDARY);
    parser.push(body.subarray(0, body.length - 20));
    expect(() => parser.end()).toThrow(MultipartError);
  });

  it('rejects malformed part headers and boundaries', () => {
    const parser = new MultipartParser('b');
    expect(() => parser.push(Buffer.from('--b\r\nno colon here\r\n\r\nx\r\n--b--'))).toThrow(MultipartError);
    expect(() => new MultipartParser('')).toThrow(MultipartError);
  });

  it('reads the boundary from the content type, quoted or not', () => {
    expect(boundaryOf('multipart/form-data; boundary=abc')).toBe('abc');
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeUndefined();
  });
});
