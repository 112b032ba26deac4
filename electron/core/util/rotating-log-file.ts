import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RotatingLogFileOptions {
  /** A file grows to at most this many bytes before it is rotated. */
  maxBytes: number;
  /** Files kept in all: agent.log plus agent.log.1 … agent.log.(files-1), the oldest dropped. */
  files: number;
}

/** 10 MB × 5: a few weeks of a busy station's info lines, and never more than 50 MB of disk. */
export const DEFAULT_LOG_ROTATION: RotatingLogFileOptions = { maxBytes: 10 * 1024 * 1024, files: 5 };

/**
 * A size-capped log file in the data folder, rotated by renaming (agent.log → agent.log.1 → …). Lines are
 * written synchronously: a log line must be on disk before a crash it explains, and log volume is small.
 * A write that fails (disk full, folder gone) is dropped rather than stopping the agent: the console
 * stream still carries every line.
 */
export class RotatingLogFile {
  private fd: number | undefined;
  private size = 0;
  private failed = false;

  constructor(
    private readonly path: string,
    private readonly options: RotatingLogFileOptions = DEFAULT_LOG_ROTATION,
  ) {
    if (options.files < 1 || options.maxBytes < 1) throw new Error('a log file needs files ≥ 1 and maxBytes ≥ 1');
  }

  append(line: string): void {
    const bytes = Buffer.from(line.endsWith('\n') ? line : `${line}\n`);
    try {
      if (this.fd === undefined) this.open();
      if (this.size > 0 && this.size + bytes.length > this.options.maxBytes) this.rotate();
      this.size += writeSync(this.fd as number, bytes);
      this.failed = false;
    } catch {
      // Once per failure streak: try to reopen at the next line (the folder may be back).
      this.failed = true;
      this.close();
    }
  }

  /** True when the last write failed (for a health report). */
  get failing(): boolean {
    return this.failed;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    this.fd = openSync(this.path, 'a', 0o600);
    this.size = fstatSync(this.fd).size;
  }

  private rotate(): void {
    this.close();
    const { files } = this.options;
    if (files === 1) rmSync(this.path, { force: true });
    else {
      rmSync(`${this.path}.${files - 1}`, { force: true });
      for (let n = files - 2; n >= 1; n--) renameIfPresent(`${this.path}.${n}`, `${this.path}.${n + 1}`);
      renameIfPresent(this.path, `${this.path}.1`);
    }
    this.open();
  }
}

function renameIfPresent(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
