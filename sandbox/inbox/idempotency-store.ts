import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** How long an Idempotency-Key is remembered (Stripe and Adyen keep 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  storedAt: number;
}

/**
 * draft-ietf-httpapi-idempotency-key-header. Keys are scoped per client (one client cannot replay
 * another's answer) and persisted one file per key, so a sandbox restart keeps them.
 */
export class IdempotencyStore {
  private readonly dir: string;
  private readonly inFlight = new Set<string>();

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.dir = join(dataDir, 'idempotency');
    mkdirSync(this.dir, { recursive: true });
  }

  /** False when the key is already being processed (→ 409). */
  begin(clientId: string, key: string): boolean {
    const id = this.id(clientId, key);
    if (this.inFlight.has(id)) return false;
    this.inFlight.add(id);
    return true;
  }

  end(clientId: string, key: string): void {
    this.inFlight.delete(this.id(clientId, key));
  }

  find(clientId: string, key: string): IdempotentAnswer | undefined {
    try {
      const answer = JSON.parse(readFileSync(this.file(clientId, key), 'utf8')) as IdempotentAnswer;
      return this.now() - answer.storedAt < IDEMPOTENCY_TTL_MS ? answer : undefined;
    } catch {
      return undefined;
    }
  }

  async remember(clientId: string, key: string, answer: IdempotentAnswer): Promise<void> {
    const file = this.file(clientId, key);
    await writeFile(`${file}.tmp`, JSON.stringify(answer));
    await rename(`${file}.tmp`, file);
  }

  private id(clientId: string, key: string): string {
    return createHash('sha256').update(clientId).update('\u0000').update(key).digest('hex');
  }

  private file(clientId: string, key: string): string {
    return join(this.dir, `${this.id(clientId, key)}.json`);
  }
}
