/**
 * Trust on first use for scanners' self-signed certificates: the first time the station talks to an eSCL
 * scanner over HTTPS it keeps the certificate's SHA-256 fingerprint, by origin; later answers must come with
 * the same certificate, or the scan stops with "wrong certificate" (a swapped device, or someone in
 * between). Kept in one JSON file (written to `.tmp`, fsynced, renamed) so the pins survive a restart; an
 * administrator confirms a new certificate by removing the scanner's entry (docs/scanning.md).
 */
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

const PinsFileSchema = z.object({ version: z.literal(1), pins: z.record(z.string(), z.string()) });

export interface CertificatePins {
  get(origin: string): string | undefined;
  /** Keeps the fingerprint seen first; returns whether it was pinned now. */
  pin(origin: string, fingerprint: string): Promise<void>;
  forget(origin: string): Promise<void>;
}

export class FileCertificatePins implements CertificatePins {
  private pins: Record<string, string> = {};
  private writing: Promise<void> = Promise.resolve();

  private constructor(private readonly path: string) {}

  static async load(path: string): Promise<FileCertificatePins> {
    const store = new FileCertificatePins(path);
    const text = await readFile(path, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    // A damaged file is not read as "nothing pinned" (that would trust any certificate): it stops here.
    if (text !== undefined) store.pins = PinsFileSchema.parse(JSON.parse(text)).pins;
    return store;
  }

  get(origin: string): string | undefined {
    return this.pins[origin];
  }

  pin(origin: string, fingerprint: string): Promise<void> {
    this.pins[origin] = fingerprint;
    return this.save();
  }

  forget(origin: string): Promise<void> {
    delete this.pins[origin];
    return this.save();
  }

  private save(): Promise<void> {
    const body = JSON.stringify({ version: 1, pins: this.pins }, null, 2);
    this.writing = this.writing.then(async () => {
      await mkdir(dirname(this.path), { recursive: true });
      const tmp = `${this.path}.tmp`;
      const f = await open(tmp, 'w', 0o600);
      try {
        await f.writeFile(body);
        await f.sync();
      } finally {
        await f.close();
      }
      await rename(tmp, this.path);
    });
    return this.writing;
  }
}

/** Pins for one run only (a test, `intake-agent scanners` without a data folder). */
export class MemoryCertificatePins implements CertificatePins {
  private readonly pins = new Map<string, string>();
  get(origin: string) {
    return this.pins.get(origin);
  }
  pin(origin: string, fingerprint: string) {
    this.pins.set(origin, fingerprint);
    return Promise.resolve();
  }
  forget(origin: string) {
    this.pins.delete(origin);
    return Promise.resolve();
  }
}
