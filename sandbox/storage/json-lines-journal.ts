import {
  closeSync,
  existsSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';

/**
 * An append-only JSON-lines file, kept open: one write per record instead of a file (open, write, close,
 * rename) per record. A last line torn by a crash was never acknowledged, so it is cut off at open.
 */
export class JsonLinesJournal<T> {
  private fd: number | undefined;

  private constructor(readonly file: string) {
    this.fd = openSync(file, 'a');
  }

  /** Reads what the file holds (cutting a torn last line) and opens it for appending. */
  static open<T>(file: string): { journal: JsonLinesJournal<T>; records: T[] } {
    const records: T[] = [];
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      const end = text.lastIndexOf('\n') + 1;
      if (end < text.length) cutAt(file, Buffer.byteLength(text.slice(0, end)));
      for (const line of text.slice(0, end).split('\n')) {
        if (line.trim() !== '') records.push(JSON.parse(line) as T);
      }
    }
    return { journal: new JsonLinesJournal<T>(file), records };
  }

  /** Replaces the file's records (compaction at start): a new file renamed over the old one. */
  static replace<T>(file: string, records: T[]): void {
    const temp = `${file}.tmp`;
    const fd = openSync(temp, 'w');
    try {
      writeAll(fd, Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join('')));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  }

  /** Synchronous on purpose: a few hundred bytes into the page cache cost less than a thread-pool round trip. */
  append(record: T): void {
    if (this.fd === undefined) throw new Error(`${this.file} is closed`);
    writeAll(this.fd, Buffer.from(`${JSON.stringify(record)}\n`));
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function writeAll(fd: number, bytes: Buffer): void {
  let written = 0;
  while (written < bytes.length) written += writeSync(fd, bytes, written);
}

function cutAt(file: string, bytes: number): void {
  const fd = openSync(file, 'r+');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
}
