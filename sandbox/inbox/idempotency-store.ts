import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { JsonLinesJournal } from '../storage/json-lines-journal';

/** How long an Idempotency-Key is remembered (Stripe and Adyen keep 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
  storedAt: number;
}

type RememberedAnswer = IdempotentAnswer & { id: string };

/**
 * draft-ietf-httpapi-idempotency-key-header. Keys are scoped per client (one client cannot replay
 * another's answer) and kept in memory and in `<dataDir>/idempotency.jsonl`, so a sandbox restart keeps
 * them. At start, answers older than the TTL are dropped and the file rewritten without them, so it does
 * not grow without end. Data dirs of earlier sandboxes kept a file per key under `idempotency/`; those
 * are read once and moved into the journal.
 */
export class IdempotencyStore {
  private readonly inFlight = new Set<string>();
  private readonly answers = new Map<string, IdempotentAnswer>();
  private readonly journal: JsonLinesJournal<RememberedAnswer>;

  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    const file = join(dataDir, 'idempotency.jsonl');
    const legacyDir = join(dataDir, 'idempotency');
    const hasLegacy = existsSync(legacyDir);
    if (hasLegacy) {
      for (const name of readdirSync(legacyDir)) {
        if (!name.endsWith('.json')) continue;
        const answer = JSON.parse(readFileSync(join(legacyDir, name), 'utf8')) as IdempotentAnswer;
        this.answers.set(name.slice(0, -'.json'.length), answer);
      }
    }
    const opened = JsonLinesJournal.open<RememberedAnswer>(file);
    let journal = opened.journal;
    for (const { id, ...answer } of opened.records) this.answers.set(id, answer);
    let expired = 0;
    for (const [id, answer] of this.answers) {
      if (!this.live(answer)) {
        this.answers.delete(id);
        expired++;
      }
    }
    if (expired > 0 || hasLegacy) {
      journal.close();
      JsonLinesJournal.replace(
        file,
        [...this.answers].map(([id, answer]) => ({ id, ...answer })),
      );
      if (hasLegacy) rmSync(legacyDir, { recursive: true, force: true });
      journal = JsonLinesJournal.open<RememberedAnswer>(file).journal;
    }
    this.journal = journal;
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
    const answer = this.answers.get(this.id(clientId, key));
    return answer && this.live(answer) ? answer : undefined;
  }

  private live(answer: IdempotentAnswer): boolean {
    return this.now() - answer.storedAt < IDEMPOTENCY_TTL_MS;
  }

  remember(clientId: string, key: string, answer: IdempotentAnswer): void {
    const id = this.id(clientId, key);
    this.journal.append({ id, ...answer });
    this.answers.set(id, answer);
  }

  close(): void {
    this.journal.close();
  }

  private id(clientId: string, key: string): string {
    return createHash('sha256').update(clientId).update('\u0000').update(key).digest('hex');
  }
}
