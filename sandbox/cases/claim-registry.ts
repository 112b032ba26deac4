import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClaimFile } from '../../shared/platform/claims';
import { SEED_CLAIMS, type ClaimService, type SeedClaim } from '../seed/seed-claims';

/** A claim (= case) as the sandbox keeps it. */
export interface ClaimRecord extends Omit<SeedClaim, 'files'> {
  token: string;
  externalClaimId: string | null;
  closed: boolean;
  coverage: string;
  caseData: Record<string, unknown> | null;
  files: ClaimFile[];
  createdAt: string;
}

interface RegistryFile {
  nextClaimId: string;
  nextCaseSeq: number;
  nextFileId: number;
  claims: ClaimRecord[];
}

/**
 * All claims, seeded and created, persisted as one JSON file in the data dir (written atomically). Changes
 * are written at most every SAVE_DELAY_MS: uploads arrive one per tick, and rewriting the whole file per
 * upload grows with the square of the count (2,000 uploads to one case: 500 KB of JSON each time);
 * `flush()` writes what is pending (the server calls it on close). The first start writes the seeds.
 */
const SAVE_DELAY_MS = 200;

export class ClaimRegistry {
  private readonly file: string;
  private state: RegistryFile;
  private pending: NodeJS.Timeout | undefined;

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.file = join(dataDir, 'claims.json');
    this.state = existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as RegistryFile) : this.seed();
    this.write();
  }

  /** Writes pending changes now. */
  flush(): void {
    if (this.pending === undefined) return;
    clearTimeout(this.pending);
    this.pending = undefined;
    this.write();
  }

  byId(claimId: string): ClaimRecord | undefined {
    return this.state.claims.find((c) => c.claimId === claimId);
  }

  byCaseNumber(caseNumber: string): ClaimRecord | undefined {
    const wanted = caseNumber.trim().toUpperCase();
    return this.state.claims.find((c) => c.caseNumber.toUpperCase() === wanted);
  }

  all(): ClaimRecord[] {
    return this.state.claims;
  }

  findService(referenceNumber: string): { claim: ClaimRecord; service: ClaimService } | undefined {
    for (const claim of this.state.claims) {
      const service = claim.services.find((s) => s.referenceNumber === referenceNumber);
      if (service) return { claim, service };
    }
    return undefined;
  }

  create(
    fields: Omit<ClaimRecord, 'claimId' | 'caseNumber' | 'token' | 'files' | 'createdAt' | 'closed' | 'coverage'>,
  ): ClaimRecord {
    const year = new Date(this.now()).getUTCFullYear();
    const claim: ClaimRecord = {
      ...fields,
      claimId: this.state.nextClaimId,
      caseNumber: `CLM-${year}-${String(this.state.nextCaseSeq).padStart(6, '0')}`,
      token: randomBytes(12).toString('base64url'),
      closed: false,
      coverage: 'undefined',
      files: [],
      createdAt: new Date(this.now()).toISOString(),
    };
    this.state.nextClaimId = (BigInt(this.state.nextClaimId) + 1n).toString();
    this.state.nextCaseSeq += 1;
    this.state.claims.push(claim);
    this.save();
    return claim;
  }

  addFile(claim: ClaimRecord, file: Omit<ClaimFile, 'id' | 'attachmentInfoId'>): ClaimFile {
    const id = this.state.nextFileId++;
    const added: ClaimFile = { id, attachmentInfoId: 500000 + id, ...file };
    claim.files.push(added);
    this.save();
    return added;
  }

  /** Persists in-place changes made by the admin actions (closing, coverage, …). */
  update(claim: ClaimRecord, change: Partial<ClaimRecord>): void {
    Object.assign(claim, change);
    this.save();
  }

  private seed(): RegistryFile {
    let nextFileId = 1;
    const claims = SEED_CLAIMS.map((seed): ClaimRecord => {
      const files = seed.files.map((f): ClaimFile => {
        const id = nextFileId++;
        return {
          id,
          name: f.name,
          type: f.type,
          description: f.description,
          isNew: false,
          isSigned: f.isSigned,
          isImage: f.type.startsWith('image/'),
          attachmentInfoId: 500000 + id,
          signUrl: f.isSigned ? `https://sign.sandbox.invalid/attachments/${500000 + id}` : '',
          creationDate: new Date(this.now() - f.daysAgo * 86_400_000).toISOString(),
        };
      });
      return {
        ...seed,
        token: `seed-${seed.claimId.slice(-6)}`,
        externalClaimId: null,
        closed: false,
        coverage: 'covered',
        caseData: null,
        files,
        createdAt: `${seed.accidentDate}T09:00:00.000Z`,
      };
    });
    return { nextClaimId: '2001', nextCaseSeq: 123, nextFileId, claims };
  }

  private save(): void {
    this.pending ??= setTimeout(() => {
      this.pending = undefined;
      this.write();
    }, SAVE_DELAY_MS);
  }

  private write(): void {
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.state, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }
}
