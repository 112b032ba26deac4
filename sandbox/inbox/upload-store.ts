import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UploadMetadata } from './metadata-headers';

/** What the sandbox keeps of one stored upload (also the shape of GET /__sandbox/uploads). */
export interface StoredUpload {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
  metadata: UploadMetadata;
  idempotencyKey: string | null;
  clientId: string;
  country: string;
  tenant: string;
  caseNumber: string | null;
  receivedAt: string;
}

/** Files live as `<dataDir>/uploads/<id>.bin` beside `<id>.json`; the index is rebuilt at start. */
export class UploadStore {
  readonly dir: string;
  private readonly uploads: StoredUpload[] = [];

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      this.uploads.push(JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as StoredUpload);
    }
    this.uploads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  }

  tempPath(id: string): string {
    return join(this.dir, `${id}.part`);
  }

  /** Moves a fully received temp file into place, then writes its metadata JSON (the commit point). */
  async commit(upload: StoredUpload): Promise<void> {
    await rename(this.tempPath(upload.id), join(this.dir, `${upload.id}.bin`));
    const jsonTemp = join(this.dir, `${upload.id}.json.tmp`);
    await writeFile(jsonTemp, JSON.stringify(upload, null, 2));
    await rename(jsonTemp, join(this.dir, `${upload.id}.json`));
    this.uploads.push(upload);
  }

  async discard(id: string): Promise<void> {
    await rm(this.tempPath(id), { force: true });
  }

  list(): StoredUpload[] {
    return this.uploads.map((u) => structuredClone(u));
  }

  get count(): number {
    return this.uploads.length;
  }

  contentPath(id: string): string {
    return join(this.dir, `${id}.bin`);
  }
}
