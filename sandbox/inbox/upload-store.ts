import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { JsonLinesJournal } from '../storage/json-lines-journal';
import type { UploadMetadata } from './metadata-header-decoder';

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

/**
 * Files live as `<dataDir>/uploads/<id>.bin`; what is known of them is one line each in
 * `<dataDir>/uploads.jsonl` (the commit point). Data dirs of earlier sandboxes kept an `<id>.json` per
 * upload; those are still read.
 */
export class UploadStore {
  readonly dir: string;
  private readonly uploads: StoredUpload[] = [];
  private readonly journal: JsonLinesJournal<StoredUpload>;

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'uploads');
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      this.uploads.push(JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as StoredUpload);
    }
    const { journal, records } = JsonLinesJournal.open<StoredUpload>(join(dataDir, 'uploads.jsonl'));
    this.journal = journal;
    for (const upload of records) this.uploads.push(upload);
    this.uploads.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
  }

  tempPath(id: string): string {
    return join(this.dir, `${id}.part`);
  }

  /** Moves a fully received temp file into place, then appends its record (the commit point). */
  async commit(upload: StoredUpload): Promise<void> {
    await rename(this.tempPath(upload.id), this.contentPath(upload.id));
    this.journal.append(upload);
    this.uploads.push(upload);
  }

  close(): void {
    this.journal.close();
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
