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
