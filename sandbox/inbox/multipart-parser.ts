/**
 * A small push parser for multipart/form-data (RFC 7578 / RFC 2046 §5.1). It never holds a part's body:
 * each push returns the events found so far, and body bytes come out as slices of the pushed chunks.
 * Only a delimiter's length of bytes is kept between pushes.
 */
export type MultipartEvent =
  | { type: 'part'; headers: Map<string, string> }
  | { type: 'data'; data: Buffer }
  | { type: 'partEnd' }
  | { type: 'end' };

export class MultipartError extends Error {}

const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

type State = 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'epilogue';

export class MultipartParser {
  private readonly delimiter: Buffer;
  private buffer: Buffer = Buffer.alloc(0);
  private state: State = 'preamble';

  constructor(boundary: string) {
    if (!/^[\x20-\x7e]{1,70}$/.test(boundary)) throw new MultipartError('invalid multipart boundary');
    // The first delimiter may sit at the very start, so the preamble search prefixes a CRLF.
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    this.buffer = Buffer.from(CRLF);
  }

  get finished(): boolean {
    return this.state === 'epilogue';
  }

  push(chunk: Buffer): MultipartEvent[] {
    const events: MultipartEvent[] = [];
    if (this.state === 'body' && this.bodyTailIsData(chunk)) {
      // The few bytes kept from the last push hold no delimiter start: they are data, and the chunk is
      // searched as it is instead of being copied behind them (a copy of every byte of every upload,
      // whose garbage made V8 run a full GC every few uploads).
      if (this.buffer.length > 0) events.push({ type: 'data', data: this.buffer });
      this.buffer = chunk;
    } else {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    }
    for (;;) {
      if (this.state === 'epilogue') {
        this.buffer = Buffer.alloc(0);
        return events;
      }
      if (!this.step(events)) return events;
    }
  }

  /**
   * Whether no delimiter starts in the kept bytes (fewer than a delimiter's length). A delimiter starting
   * there ends within the next `delimiter.length - 1` bytes, so a small window decides it.
   */
  private bodyTailIsData(chunk: Buffer): boolean {
    const tail = this.buffer;
    if (tail.length === 0) return true;
    if (tail.length >= this.delimiter.length || chunk.length < this.delimiter.length) return false;
    const at = Buffer.concat([tail, chunk.subarray(0, this.delimiter.length - 1)]).indexOf(this.delimiter);
    return at < 0 || at >= tail.length;
  }

  /** Called when the stream has ended: an incomplete body is an error. */
  end(): void {
    if (this.state !== 'epilogue') throw new MultipartError('multipart body ended before its closing delimiter');
  }

  /** One step of the state machine; false when more bytes are needed. */
  private step(events: MultipartEvent[]): boolean {
    switch (this.state) {
      case 'preamble': {
        const at = this.buffer.indexOf(this.delimiter);
        if (at < 0) {
          this.keepTail();
          return false;
        }
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      case 'afterDelimiter': {
        if (this.buffer.length < 2) return false;
        if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
          this.state = 'epilogue';
          events.push({ type: 'end' });
          return true;
        }
        // Transport padding (spaces/tabs) may precede the CRLF after a delimiter.
        const eol = this.buffer.indexOf(CRLF);
        if (eol < 0) {
          if (this.buffer.length > 256) throw new MultipartError('malformed delimiter line');
          return false;
        }
        if (!/^[ \t]*$/.test(this.buffer.subarray(0, eol).toString('latin1'))) {
          throw new MultipartError('malformed delimiter line');
        }
        this.buffer = this.buffer.subarray(eol + 2);
        this.state = 'headers';
        return true;
      }
      case 'headers': {
        // A part without headers starts directly with the empty line.
        if (this.buffer.length >= 2 && this.buffer[0] === 0x0d && this.buffer[1] === 0x0a) {
          this.buffer = this.buffer.subarray(2);
          events.push({ type: 'part', headers: new Map() });
          this.state = 'body';
          return true;
        }
        const end = this.buffer.indexOf(HEADER_END);
        if (end < 0) {
          if (this.buffer.length > MAX_HEADER_BYTES) throw new MultipartError('part headers too large');
          return false;
        }
        // Browsers and undici put raw UTF-8 into filename="…": read the header block as UTF-8.
        const headers = parseHeaders(this.buffer.subarray(0, end).toString('utf8'));
        this.buffer = this.buffer.subarray(end + 4);
        events.push({ type: 'part', headers });
        this.state = 'body';
        return true;
      }
      case 'body': {
        const at = this.buffer.indexOf(this.delimiter);
        if (at < 0) {
          const safe = this.buffer.length - (this.delimiter.length - 1);
          if (safe > 0) {
            events.push({ type: 'data', data: this.buffer.subarray(0, safe) });
            this.buffer = this.buffer.subarray(safe);
          }
          return false;
        }
        if (at > 0) events.push({ type: 'data', data: this.buffer.subarray(0, at) });
        events.push({ type: 'partEnd' });
        this.buffer = this.buffer.subarray(at + this.delimiter.length);
        this.state = 'afterDelimiter';
        return true;
      }
      default:
        return false;
    }
  }

  private keepTail(): void {
    const keep = this.delimiter.length - 1;
    if (this.buffer.length > keep) this.buffer = this.buffer.subarray(this.buffer.length - keep);
  }
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new MultipartError(`malformed part header line`);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Parameters of a Content-Disposition value; `%22` in quoted values is a `"` as browsers escape it. */
export function parseDisposition(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>();
  const semi = value.indexOf(';');
  const type = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  const re = /;\s*([^=\s;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  for (const m of value.matchAll(re)) {
    const name = m[1]?.toLowerCase();
    if (!name) continue;
    const raw = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1').replace(/%22/g, '"') : (m[3] ?? '').trim();
    params.set(name, raw);
  }
  return { type, params };
}

export function boundaryOf(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const m = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}
